import { iso } from '../../lib/clock.js';
import { findOwned } from '../../auth/owned-row.js';
import { AppError, type Locale } from '../../lib/errors.js';
import { OPEN_STATUSES } from '../entitlement.js';
import { amountOf, findPlan } from '../plans.js';
import { assertNoOpenSubscription } from '../subscriptions.js';
import { checkCard, type CardInput } from './card.js';
import {
  checkoutObject,
  checkoutStatus,
  demoId,
  invoiceObject,
  periodEnd,
  subscriptionObject,
  successUrlOf,
} from './objects.js';
import type { DemoContext } from './provider.js';

/** The learner's own checkout session; anyone else's is NOT_FOUND (api/auth/owned-row.ts). */
const ownSession = (ctx: DemoContext, userId: string, id: string) =>
  findOwned(ctx.deps.db, 'demo_checkout_sessions', userId, id);

/** What the demo checkout page shows: the plan, the amount, who pays. */
export async function getCheckout(ctx: DemoContext, userId: string, id: string) {
  const s = await ownSession(ctx, userId, id);
  const plan = await findPlan(ctx.deps.db, s.plan_id);
  return {
    id: s.id,
    status: checkoutStatus(s, ctx.deps.clock.now()),
    planName: plan?.name ?? '',
    planNameEn: plan?.name_en ?? '',
    amount: amountOf(s.amount_cents),
    currency: s.currency,
    periodType: s.period_type,
    email: s.email,
    successUrl: successUrlOf(s),
    cancelUrl: s.cancel_url,
  };
}

/**
 * Pays a demo checkout with a test card: on success the demo's subscription exists and its
 * events (subscription created, invoice paid, checkout completed) have been applied by the
 * webhook handler, so the learner is premium when this answers.
 */
export async function payCheckout(
  ctx: DemoContext,
  userId: string,
  id: string,
  card: CardInput,
  locale: Locale,
) {
  const { db, clock } = ctx.deps;
  const session = await ownSession(ctx, userId, id);
  const now = clock.now();
  if (session.status === 'complete') return { redirectUrl: successUrlOf(session) };
  if (checkoutStatus(session, now) === 'expired') throw new AppError('CHECKOUT_EXPIRED');
  const checked = checkCard(card, now);
  if (checked.outcome === 'decline') {
    throw new AppError('CARD_DECLINED', { details: { declineCode: 'generic_decline' } });
  }
  // Two checkouts opened side by side cannot both be paid.
  await assertNoOpenSubscription(db, userId, now, 'demo', locale);

  const subscriptionId = demoId('sub');
  const claimed = await db.transaction().execute(async (trx) => {
    // Touching the learner's row locks it (PostgreSQL; SQLite runs one writer anyway), so two
    // checkouts paid at the same moment cannot both find no subscription.
    await trx
      .updateTable('users')
      .set({ updated_at: iso(now) })
      .where('id', '=', userId)
      .execute();
    const open = await trx
      .selectFrom('demo_subscriptions')
      .select(['status', 'plan_id'])
      .where('user_id', '=', userId)
      .where('status', 'in', [...OPEN_STATUSES])
      .executeTakeFirst();
    if (open) return open;
    const done = await trx
      .updateTable('demo_checkout_sessions')
      .set({ status: 'complete', subscription_id: subscriptionId, completed_at: iso(now) })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('demo_subscriptions')
      .values({
        id: subscriptionId,
        user_id: userId,
        customer_id: session.customer_id,
        plan_id: session.plan_id,
        price_id: session.price_id,
        period_type: session.period_type,
        amount_cents: session.amount_cents,
        currency: session.currency,
        status: 'active',
        anchor: iso(now),
        periods: 1,
        current_period_start: iso(now),
        current_period_end: iso(periodEnd(now, session.period_type, 1)),
        cancel_at_period_end: 0,
        canceled_at: null,
        ended_at: null,
        created_at: iso(now),
        updated_at: iso(now),
      })
      .execute();
    return true;
  });
  if (typeof claimed === 'object') {
    const plan = await findPlan(db, claimed.plan_id);
    const planName = plan ? (locale === 'en' ? plan.name_en : plan.name) : '';
    throw new AppError('SUBSCRIPTION_EXISTS', { details: { planName, status: claimed.status } });
  }
  if (!claimed) {
    // A second click of Pay that lost the race to the first.
    const again = await ownSession(ctx, userId, id);
    if (again.status === 'complete') return { redirectUrl: successUrlOf(again) };
    throw new AppError('CHECKOUT_EXPIRED');
  }

  const sub = await db
    .selectFrom('demo_subscriptions')
    .selectAll()
    .where('id', '=', subscriptionId)
    .executeTakeFirstOrThrow();
  const completed = await ownSession(ctx, userId, id);
  await ctx.emit('customer.subscription.created', subscriptionObject(sub));
  await ctx.emit('invoice.paid', invoiceObject(sub, demoId('in'), 'subscription_create'));
  await ctx.emit(
    'checkout.session.completed',
    checkoutObject(completed, now, ctx.deps.config.publicUrl),
  );
  return { redirectUrl: successUrlOf(completed) };
}

/** Leaves the checkout unpaid: it cannot be paid afterwards. */
export async function cancelCheckout(ctx: DemoContext, userId: string, id: string) {
  const session = await ownSession(ctx, userId, id);
  if (session.status === 'complete') return { redirectUrl: successUrlOf(session) };
  await ctx.deps.db
    .updateTable('demo_checkout_sessions')
    .set({ status: 'expired' })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
  return { redirectUrl: session.cancel_url };
}
