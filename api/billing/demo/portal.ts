import { iso } from '../../lib/clock.js';
import { findOwned } from '../../auth/owned-row.js';
import { AppError } from '../../lib/errors.js';
import { OPEN_STATUSES } from '../entitlement.js';
import { listPlans } from '../plans.js';
import { presentSubscription } from '../subscriptions.js';
import { subscriptionObject } from './objects.js';
import type { DemoContext } from './provider.js';

/** The learner's own portal session; anyone else's is NOT_FOUND (api/auth/owned-row.ts). */
const ownPortal = (ctx: DemoContext, userId: string, id: string) =>
  findOwned(ctx.deps.db, 'demo_portal_sessions', userId, id);

/** The customer's subscription the portal manages: the newest one not yet ended. */
function managedSubscription(ctx: DemoContext, customerId: string) {
  return ctx.deps.db
    .selectFrom('demo_subscriptions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('status', 'in', [...OPEN_STATUSES])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Mnemo's copy of a demo subscription, as the status call presents it. */
async function presented(ctx: DemoContext, subscriptionId: string | undefined) {
  if (!subscriptionId) return null;
  const { db, clock } = ctx.deps;
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider', '=', 'demo')
    .where('provider_subscription_id', '=', subscriptionId)
    .executeTakeFirst();
  return row ? presentSubscription(row, await listPlans(db), clock.now(), 'demo') : null;
}

/** What the demo portal page shows. */
export async function getPortal(ctx: DemoContext, userId: string, id: string) {
  const portal = await ownPortal(ctx, userId, id);
  const sub = await managedSubscription(ctx, portal.customer_id);
  return { subscription: await presented(ctx, sub?.id), returnUrl: portal.return_url };
}

/**
 * Cancel at period end (or take that back), as Stripe's portal does: the demo's subscription
 * changes and customer.subscription.updated goes through the webhook handler.
 */
export async function setCancelAtPeriodEnd(
  ctx: DemoContext,
  userId: string,
  id: string,
  cancel: boolean,
) {
  const { db, clock } = ctx.deps;
  const portal = await ownPortal(ctx, userId, id);
  const sub = await managedSubscription(ctx, portal.customer_id);
  if (!sub) throw new AppError('NO_SUBSCRIPTION');
  const was = sub.cancel_at_period_end === 1;
  if (was !== cancel) {
    const now = clock.now();
    await db
      .updateTable('demo_subscriptions')
      .set({
        cancel_at_period_end: cancel ? 1 : 0,
        canceled_at: cancel ? iso(now) : null,
        updated_at: iso(now),
      })
      .where('id', '=', sub.id)
      .execute();
    const updated = await db
      .selectFrom('demo_subscriptions')
      .selectAll()
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow();
    const before = subscriptionObject(sub);
    await ctx.emit('customer.subscription.updated', subscriptionObject(updated), {
      previous: {
        cancel_at: before.cancel_at,
        cancel_at_period_end: before.cancel_at_period_end,
        canceled_at: before.canceled_at,
      },
    });
  }
  return presented(ctx, sub.id);
}
