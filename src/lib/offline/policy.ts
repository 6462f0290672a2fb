/**
 * What the outbox does after each try, as pure functions of the try's result (tested without a
 * network or a database): exponential backoff with jitter, and which answers mean "sent",
 * "try again", "will never work" or "sign in first".
 */
import type { OutboxError, OutboxRow } from '../../db/app-db';

/** First retry after about this long; each further one waits twice as long, up to the cap. */
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

/**
 * The wait before the next try after `attempts` failed ones: base·2^(attempts−1), capped, then
 * "equal jitter" — half of it fixed, half random — so devices that come back online together
 * do not all knock at once, and no wait is ever shorter than half the schedule.
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exp = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/** One try: the server's answer, or no answer at all. */
export type SendResult =
  { kind: 'response'; status: number; body: unknown } | { kind: 'network'; message: string };

export type Verdict = 'delivered' | 'retry' | 'failed' | 'signed-out';

/**
 * 2xx delivered. 401/403: the session is gone (the web client's rule) — keep the item for the
 * next sign-in. 408, 429 and 5xx are passing trouble, like a network error: retry with backoff.
 * Any other 4xx is the server refusing this request: retrying would give the same answer.
 */
export function verdictOf(result: SendResult): Verdict {
  if (result.kind === 'network') return 'retry';
  const s = result.status;
  if (s >= 200 && s < 300) return 'delivered';
  if (s === 401 || s === 403) return 'signed-out';
  if (s === 408 || s === 429 || s >= 500) return 'retry';
  return 'failed';
}

export type Step =
  | { action: 'remove'; stop: false }
  | { action: 'update'; changes: Partial<OutboxRow>; stop: boolean };

/**
 * What to do with the item after a try. `stop` ends this flush: after a retryable failure the
 * items behind it wait (they are sent in order), and without a session nothing can go out.
 */
export function stepAfter(
  item: OutboxRow,
  result: SendResult,
  error: OutboxError | null,
  now: number,
  random: () => number = Math.random,
): Step {
  switch (verdictOf(result)) {
    case 'delivered':
      return { action: 'remove', stop: false };
    case 'failed':
      return {
        action: 'update',
        changes: { status: 'failed', attempts: item.attempts + 1, lastError: error },
        stop: false,
      };
    case 'signed-out':
      // Not the item's fault: no attempt counted, no backoff; the next sign-in flushes it.
      return { action: 'update', changes: { lastError: error }, stop: true };
    case 'retry': {
      const attempts = item.attempts + 1;
      return {
        action: 'update',
        changes: {
          attempts,
          nextAttemptAt: now + backoffDelay(attempts, random),
          lastError: error,
        },
        stop: true,
      };
    }
  }
}

/** True when a queued item may be tried now (`force`: connectivity just came back). */
export const isDue = (item: OutboxRow, now: number, force: boolean) =>
  item.status === 'queued' && (force || item.nextAttemptAt <= now);
