import { CHECKOUT_POLL_DELAYS_MS } from './constants';

/** The payment result page's decisions (spec 2, 4, 8). Pure: no timers, no requests. */

/** What the provider's return address says: ?status=success&session_id=…, ?status=cancel, or neither. */
export type PaymentQuery =
  { kind: 'success'; sessionId: string | null } | { kind: 'cancel' } | { kind: 'none' };

export function readPaymentQuery(params: URLSearchParams): PaymentQuery {
  const status = params.get('status');
  if (status === 'cancel' || status === 'cancelled') return { kind: 'cancel' };
  if (status === 'success') return { kind: 'success', sessionId: params.get('session_id') || null };
  return { kind: 'none' };
}

/** Why the failed view is shown; each has its own message (spec 8, Payment result). */
export type FailReason =
  'cancelled' | 'noSubscription' | 'verifyFailed' | 'notSignedIn' | 'processingError';

export type PaymentView =
  { view: 'processing' } | { view: 'success' } | { view: 'failed'; reason: FailReason };

export type CheckoutStatus = 'success' | 'processing' | 'failed' | 'cancelled';

/**
 * The view for one checkout-result answer: `attempt` answers have been read so far (1 for
 * the first). While processing it keeps polling until the waits run out, then says the
 * status could not be verified.
 */
export function viewOfCheckout(
  result: { status: CheckoutStatus | string; hasActiveSubscription?: boolean },
  attempt: number,
): PaymentView & { pollInMs?: number } {
  switch (result.status) {
    case 'success':
      return { view: 'success' };
    case 'cancelled':
      return { view: 'failed', reason: 'cancelled' };
    case 'failed':
      return { view: 'failed', reason: 'processingError' };
    case 'processing': {
      const wait = CHECKOUT_POLL_DELAYS_MS[attempt - 1];
      return wait === undefined
        ? { view: 'failed', reason: 'verifyFailed' }
        : { view: 'processing', pollInMs: wait };
    }
    default:
      return { view: 'failed', reason: 'processingError' };
  }
}

/** Without a checkout session, the subscription status decides. */
export function viewOfStatus(status: { hasActiveSubscription: boolean }): PaymentView {
  return status.hasActiveSubscription
    ? { view: 'success' }
    : { view: 'failed', reason: 'noSubscription' };
}

/**
 * A failed request: a lost session cannot verify; a server or network problem (or a session
 * the server does not know) leaves the status unverified; anything else is a processing error.
 */
export function reasonOfError(err: unknown): FailReason {
  const status =
    err && typeof err === 'object' && 'status' in err && typeof err.status === 'number'
      ? err.status
      : null;
  if (status === 401 || status === 403) return 'notSignedIn';
  if (status === 404 && (err as { code?: string }).code === 'NO_SUBSCRIPTION') {
    return 'noSubscription';
  }
  if (status === null || status === 404 || status >= 500) return 'verifyFailed';
  return 'processingError';
}

/** Whole seconds left of a countdown started at `startedAt` (never below 0). */
export function secondsLeft(startedAt: number, now: number, totalMs: number): number {
  return Math.max(0, Math.ceil((totalMs - (now - startedAt)) / 1000));
}
