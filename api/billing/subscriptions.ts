import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Plan, SubscriptionRow } from '../db/schema.js';
import type { BillingConfig } from '../env.js';
import { iso } from '../lib/clock.js';
import { AppError, type Locale } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import { currentSubscription, effectiveStatus, grantsPremium, isOpen } from './entitlement.js';
import { amountOf, findPlan, isPeriodType, listPlans, planOfPrice } from './plans.js';
import type { SubscriptionSnapshot } from './stripe-objects.js';
import type { ProviderName } from './types.js';

/** Statuses after which a provider never brings a subscription back. */
const FINAL_STATUSES = new Set(['canceled', 'incomplete_expired']);

/** The learner's subscriptions, newest first. */
export function userSubscriptions(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .execute();
}

/**
 * account_type and subscription_status from the learner's subscriptions, in the caller's
 * transaction. Accounts without any subscription row are left as they are.
 */
export async function syncUserEntitlement(
  db: Db,
  userId: string,
  now: Date,
  active: ProviderName,
): Promise<void> {
  const rows = await userSubscriptions(db, userId);
  const current = currentSubscription(rows, now, active);
  if (!current) return;
  const accountType = rows.some((r) => grantsPremium(r, now, active)) ? 'premium' : 'free';
  const status = effectiveStatus(current, now, active);
  await db
    .updateTable('users')
    .set({ account_type: accountType, subscription_status: status, updated_at: iso(now) })
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([eb('account_type', '<>', accountType), eb('subscription_status', '<>', status)]),
    )
    .execute();
}

export interface ApplyContext {
  now: Date;
  provider: ProviderName;
  billing: BillingConfig;
  logger: Logger;
}

/** The learner a provider subscription belongs to; a subscription never changes hands. */
async function ownerOf(
  db: Db,
  ctx: ApplyContext,
  snap: SubscriptionSnapshot,
  existing: SubscriptionRow | undefined,
  userHint: string | null,
): Promise<string | null> {
  if (existing) return existing.user_id;
  let userId = snap.userId ?? userHint;
  if (!userId && snap.customerId) {
    const byCustomer = await db
      .selectFrom('subscriptions')
      .select('user_id')
      .where('provider', '=', ctx.provider)
      .where('provider_customer_id', '=', snap.customerId)
      .executeTakeFirst();
    userId = byCustomer?.user_id ?? null;
  }
  if (!userId) return null;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.id ?? null;
}

/**
 * Writes the provider's subscription object into `subscriptions` and brings the learner's
 * premium in step, inside the caller's transaction. Returns the learner, or null when the
 * subscription belongs to no Mnemo account.
 */
export async function applySnapshot(
  db: Db,
  ctx: ApplyContext,
  snap: SubscriptionSnapshot,
  userHint: string | null,
): Promise<string | null> {
  const existing = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider', '=', ctx.provider)
    .where('provider_subscription_id', '=', snap.id)
    .executeTakeFirst();
  const userId = await ownerOf(db, ctx, snap, existing, userHint);
  if (!userId) {
    ctx.logger.warn({ subscription: snap.id }, 'billing: subscription of no known account');
    return null;
  }
  const plans = await listPlans(db);
  const plan =
    planOfPrice(plans, snap.priceId, ctx.billing) ?? plans.find((p) => p.id === snap.planId);
  // Only the provider's own object is written; a final status is never undone.
  const keepFinal = existing && FINAL_STATUSES.has(existing.status);
  const now = iso(ctx.now);
  const values = {
    plan_id: plan?.id ?? existing?.plan_id ?? null,
    provider_customer_id: snap.customerId ?? existing?.provider_customer_id ?? null,
    status: keepFinal ? existing.status : snap.status,
    current_period_end: keepFinal ? existing.current_period_end : snap.currentPeriodEnd,
    cancel_at_period_end: keepFinal
      ? existing.cancel_at_period_end
      : snap.cancelAtPeriodEnd
        ? 1
        : 0,
    amount_cents: snap.amountCents ?? existing?.amount_cents ?? null,
    currency: snap.currency ?? existing?.currency ?? null,
    updated_at: now,
  };
  await db
    .insertInto('subscriptions')
    .values({
      id: randomUUID(),
      user_id: userId,
      provider: ctx.provider,
      provider_subscription_id: snap.id,
      created_at: now,
      ...values,
    })
    .onConflict((oc) => oc.columns(['provider', 'provider_subscription_id']).doUpdateSet(values))
    .execute();
  await syncUserEntitlement(db, userId, ctx.now, ctx.provider);
  return userId;
}

/** A subscription as the status, checkout-result and demo portal calls answer it. */
export function presentSubscription(
  row: SubscriptionRow,
  plans: Plan[],
  now: Date,
  active: ProviderName,
) {
  const plan = plans.find((p) => p.id === row.plan_id);
  return {
    id: row.id,
    plan_id: row.plan_id,
    name: plan?.name ?? '',
    name_en: plan?.name_en ?? '',
    price: amountOf(row.amount_cents ?? plan?.list_price_cents ?? 0),
    currency: row.currency ?? plan?.currency ?? 'CAD',
    status: effectiveStatus(row, now, active),
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    periodType: plan && isPeriodType(plan.period_type) ? plan.period_type : null,
    provider: row.provider,
  };
}
export type PresentedSubscription = ReturnType<typeof presentSubscription>;

/** Whether the learner is premium, and the open subscription to show (null when none). */
export async function subscriptionStatus(db: Db, userId: string, now: Date, active: ProviderName) {
  const rows = await userSubscriptions(db, userId);
  const current = currentSubscription(rows, now, active);
  const shown = current && isOpen(current, now, active) ? current : null;
  return {
    hasActiveSubscription: rows.some((r) => grantsPremium(r, now, active)),
    subscription: shown ? presentSubscription(shown, await listPlans(db), now, active) : null,
  };
}

/**
 * Spec §6: no second subscription while one is active or pending. Throws SUBSCRIPTION_EXISTS
 * with the open plan's name (in the request's language) and status; else answers the rows.
 */
export async function assertNoOpenSubscription(
  db: Db,
  userId: string,
  now: Date,
  active: ProviderName,
  locale: Locale,
): Promise<SubscriptionRow[]> {
  const rows = await userSubscriptions(db, userId);
  const open = currentSubscription(
    rows.filter((r) => isOpen(r, now, active)),
    now,
    active,
  );
  if (!open) return rows;
  const plan = open.plan_id ? await findPlan(db, open.plan_id) : undefined;
  throw new AppError('SUBSCRIPTION_EXISTS', {
    details: {
      planName: plan ? (locale === 'en' ? plan.name_en : plan.name) : '',
      status: effectiveStatus(open, now, active),
    },
  });
}
