import type { OutboxRow } from '../../../db';

/** Where a queued change stands, as the panel words it. Pure. */
export type ItemState = 'queued' | 'retrying' | 'signedOut' | 'failed';

export function itemState(item: OutboxRow, now: number): ItemState {
  if (item.status === 'failed') return 'failed';
  const status = item.lastError?.status;
  if (status === 401 || status === 403) return 'signedOut';
  if (item.attempts > 0 && item.nextAttemptAt > now) return 'retrying';
  return 'queued';
}
