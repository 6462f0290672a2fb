import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/context.js';
import { iso } from '../lib/clock.js';
import { OPEN_STATUSES } from './entitlement.js';
import { billingOf } from './index.js';
import { syncUserEntitlement } from './subscriptions.js';
import type { BillingDeps } from './types.js';

/** How often (by deps.clock) requests run the billing clock. */
const EVERY_MS = 60_000;

/**
 * Premium that ends by time rather than by an event: subscriptions set to cancel whose period
 * is over (and those of a provider this server no longer runs). Their learners are brought
 * down to free without waiting for the provider's deleted event.
 */
async function expireEndedSubscriptions(deps: BillingDeps, now: Date) {
  const active = billingOf(deps).provider.name;
  const users = await deps.db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .select('subscriptions.user_id')
    .distinct()
    .where('subscriptions.status', 'in', [...OPEN_STATUSES])
    .where('subscriptions.current_period_end', '<=', iso(now))
    .where((eb) =>
      eb.or([
        eb('subscriptions.cancel_at_period_end', '=', 1),
        eb('subscriptions.provider', '<>', active),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('users.account_type', '=', 'premium'),
        eb('users.subscription_status', 'in', [...OPEN_STATUSES]),
      ]),
    )
    .execute();
  for (const { user_id } of users) {
    await deps.db.transaction().execute((trx) => syncUserEntitlement(trx, user_id, now, active));
  }
}

/** One tick: the demo provider ends or renews what is due, then time-ended premium lapses. */
export async function runBillingClock(deps: BillingDeps): Promise<void> {
  const now = deps.clock.now();
  await billingOf(deps).demo?.advance(now);
  await expireEndedSubscriptions(deps, now);
}

const ticks = new WeakMap<BillingDeps, { last: number; running?: Promise<void> }>();

/**
 * Runs the billing clock before a request at most once a minute of deps.clock, so whoever
 * reads account_type next sees premium that ended. Deterministic in tests: move the manual
 * clock and make a request.
 */
export const billingClock = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.get('deps');
  const tick = ticks.get(deps) ?? { last: Number.NEGATIVE_INFINITY };
  ticks.set(deps, tick);
  const now = deps.clock.now().getTime();
  if (!tick.running && (now - tick.last >= EVERY_MS || now < tick.last)) {
    tick.last = now;
    tick.running = runBillingClock(deps)
      .catch((err: unknown) => deps.logger.error({ err }, 'billing clock failed'))
      .finally(() => {
        tick.running = undefined;
      });
  }
  if (tick.running) await tick.running;
  await next();
});
