import type { SubscriptionRow } from '../db/schema.js';
import type { ProviderName } from './types.js';

/*
 * Who is premium, as pure functions of the subscription rows and the time (docs/decisions/0011).
 */

/**
 * Statuses that give premium. past_due keeps it: the provider is still retrying the renewal,
 * and its own rules end the subscription (canceled or unpaid) when the retries run out.
 */
export const PREMIUM_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/**
 * Statuses of a subscription that still exists at the provider and can be paid, managed or
 * cancelled in its portal: while one is open, a second checkout is refused.
 */
export const OPEN_STATUSES: ReadonlySet<string> = new Set([
  'active',
  'trialing',
  'past_due',
  'incomplete',
  'unpaid',
  'paused',
]);

export type EntitlementRow = Pick<
  SubscriptionRow,
  'status' | 'current_period_end' | 'cancel_at_period_end' | 'provider' | 'updated_at'
>;

/**
 * Past its period end and certain not to renew: set to cancel, or from a provider this server
 * no longer runs. The provider's deleted event confirms it later; premium does not wait.
 */
export function hasEnded(row: EntitlementRow, now: Date, active: ProviderName): boolean {
  if (!row.current_period_end) return false;
  if (Date.parse(row.current_period_end) > now.getTime()) return false;
  return row.cancel_at_period_end === 1 || row.provider !== active;
}

/** Whether this subscription makes the learner premium at `now`. */
export function grantsPremium(row: EntitlementRow, now: Date, active: ProviderName): boolean {
  return PREMIUM_STATUSES.has(row.status) && !hasEnded(row, now, active);
}

/** Whether this subscription still blocks a second checkout at `now`. */
export function isOpen(row: EntitlementRow, now: Date, active: ProviderName): boolean {
  return OPEN_STATUSES.has(row.status) && !hasEnded(row, now, active);
}

/** The status to show: the provider's, or canceled once a cancelling period is over. */
export function effectiveStatus(row: EntitlementRow, now: Date, active: ProviderName): string {
  return OPEN_STATUSES.has(row.status) && hasEnded(row, now, active) ? 'canceled' : row.status;
}

/**
 * The subscription that describes the learner: one giving premium, else one still open, else
 * the latest; ties go to the later period end, then the later update.
 */
export function currentSubscription<T extends EntitlementRow>(
  rows: T[],
  now: Date,
  active: ProviderName,
): T | undefined {
  const rank = (r: T) => (grantsPremium(r, now, active) ? 2 : isOpen(r, now, active) ? 1 : 0);
  return [...rows].sort(
    (a, b) =>
      rank(b) - rank(a) ||
      (b.current_period_end ?? '').localeCompare(a.current_period_end ?? '') ||
      b.updated_at.localeCompare(a.updated_at),
  )[0];
}
