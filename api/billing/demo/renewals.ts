import { iso } from '../../lib/clock.js';
import type { DemoSubscription } from '../../db/schema.js';
import { PREMIUM_STATUSES } from '../entitlement.js';
import { findPlan, priceCentsAt } from '../plans.js';
import { invoiceObject, periodEnd, subscriptionObject } from './objects.js';
import type { DemoContext } from './provider.js';

/*
 * What Stripe does on its own when a period ends, done by the demo when the billing clock
 * runs: a subscription set to cancel ends (customer.subscription.deleted), any other renews
 * with the test card on file (invoice.paid, customer.subscription.updated). Event ids are
 * derived from the subscription and period, so two instances doing the same step at once
 * produce the same events and the webhook applies them once.
 */

async function endSubscription(ctx: DemoContext, sub: DemoSubscription, now: Date) {
  const { db } = ctx.deps;
  const done = await db
    .updateTable('demo_subscriptions')
    .set({ status: 'canceled', ended_at: sub.current_period_end, updated_at: iso(now) })
    .where('id', '=', sub.id)
    .where('status', '=', sub.status)
    .where('current_period_end', '=', sub.current_period_end)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return;
  const ended = await db
    .selectFrom('demo_subscriptions')
    .selectAll()
    .where('id', '=', sub.id)
    .executeTakeFirstOrThrow();
  await ctx.emit('customer.subscription.deleted', subscriptionObject(ended), {
    id: `evt_demo_${sub.id}_deleted`,
  });
}

async function renewSubscription(ctx: DemoContext, sub: DemoSubscription, now: Date) {
  const { db } = ctx.deps;
  const anchor = new Date(sub.anchor);
  const type = sub.period_type;
  // A server that was off for several periods catches up to the one that contains now.
  let periods = sub.periods;
  do periods += 1;
  while (periodEnd(anchor, type, periods) <= now);
  const start = periodEnd(anchor, type, periods - 1);
  // Each period is charged at the plan's price when it starts (the list price once an offer ends).
  const plan = await findPlan(db, sub.plan_id);
  const done = await db
    .updateTable('demo_subscriptions')
    .set({
      periods,
      current_period_start: iso(start),
      current_period_end: iso(periodEnd(anchor, type, periods)),
      amount_cents: plan ? priceCentsAt(plan, start) : sub.amount_cents,
      updated_at: iso(now),
    })
    .where('id', '=', sub.id)
    .where('current_period_end', '=', sub.current_period_end)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return;
  const renewed = await db
    .selectFrom('demo_subscriptions')
    .selectAll()
    .where('id', '=', sub.id)
    .executeTakeFirstOrThrow();
  const suffix = sub.id.replace(/^sub_demo_/, '');
  await ctx.emit(
    'invoice.paid',
    invoiceObject(renewed, `in_demo_${suffix}_${periods}`, 'subscription_cycle'),
    {
      id: `evt_demo_${sub.id}_paid_${periods}`,
    },
  );
  await ctx.emit('customer.subscription.updated', subscriptionObject(renewed), {
    id: `evt_demo_${sub.id}_renewed_${periods}`,
    previous: { items: subscriptionObject(sub).items },
  });
}

/** Ends or renews every demo subscription whose period is over at `now`. */
export async function advanceDemoSubscriptions(ctx: DemoContext, now: Date): Promise<void> {
  const due = await ctx.deps.db
    .selectFrom('demo_subscriptions')
    .selectAll()
    .where('status', 'in', [...PREMIUM_STATUSES])
    .where('current_period_end', '<=', iso(now))
    .execute();
  for (const sub of due) {
    if (sub.cancel_at_period_end === 1) await endSubscription(ctx, sub, now);
    else await renewSubscription(ctx, sub, now);
  }
}
