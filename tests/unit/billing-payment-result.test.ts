import { describe, expect, it } from 'vitest';
import {
  readPaymentQuery,
  reasonOfError,
  secondsLeft,
  viewOfCheckout,
  viewOfStatus,
} from '../../src/features/billing/lib/payment-outcome';
import {
  CHECKOUT_POLL_DELAYS_MS,
  PAYMENT_REDIRECT_MS,
} from '../../src/features/billing/lib/constants';

const q = (s: string) => readPaymentQuery(new URLSearchParams(s));

describe('payment result query', () => {
  it('reads success with its session, cancel, or neither', () => {
    expect(q('status=success&session_id=cs_123')).toEqual({ kind: 'success', sessionId: 'cs_123' });
    expect(q('status=success')).toEqual({ kind: 'success', sessionId: null });
    expect(q('status=cancel')).toEqual({ kind: 'cancel' });
    expect(q('')).toEqual({ kind: 'none' });
    expect(q('status=whatever')).toEqual({ kind: 'none' });
  });
});

describe('payment result view', () => {
  it('maps the checkout result to success, payment cancelled, or a processing error', () => {
    expect(viewOfCheckout({ status: 'success' }, 1)).toEqual({ view: 'success' });
    expect(viewOfCheckout({ status: 'cancelled' }, 1)).toEqual({
      view: 'failed',
      reason: 'cancelled',
    });
    expect(viewOfCheckout({ status: 'failed' }, 1)).toEqual({
      view: 'failed',
      reason: 'processingError',
    });
  });

  it('polls a few times while processing, then says the status could not be verified', () => {
    const waits: number[] = [];
    let attempt = 1;
    for (;;) {
      const v = viewOfCheckout({ status: 'processing' }, attempt);
      if (v.view !== 'processing') {
        expect(v).toEqual({ view: 'failed', reason: 'verifyFailed' });
        break;
      }
      waits.push(v.pollInMs as number);
      attempt++;
    }
    expect(waits).toEqual([...CHECKOUT_POLL_DELAYS_MS]);
    expect(waits.length).toBeGreaterThanOrEqual(3);
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(20_000);
  });

  it('without a session, an active subscription is success, none is “no active subscription”', () => {
    expect(viewOfStatus({ hasActiveSubscription: true })).toEqual({ view: 'success' });
    expect(viewOfStatus({ hasActiveSubscription: false })).toEqual({
      view: 'failed',
      reason: 'noSubscription',
    });
  });

  it('a failed request: lost session, no subscription, unverifiable, or a processing error', () => {
    expect(reasonOfError({ status: 401 })).toBe('notSignedIn');
    expect(reasonOfError({ status: 404, code: 'NO_SUBSCRIPTION' })).toBe('noSubscription');
    expect(reasonOfError({ status: 404, code: 'NOT_FOUND' })).toBe('verifyFailed');
    expect(reasonOfError({ status: 502, code: 'BILLING_UNAVAILABLE' })).toBe('verifyFailed');
    expect(reasonOfError(new TypeError('Failed to fetch'))).toBe('verifyFailed');
    expect(reasonOfError({ status: 400, code: 'VALIDATION_FAILED' })).toBe('processingError');
  });
});

describe('redirect countdown', () => {
  it('counts 5, 4, 3, 2, 1 and reaches 0 after five seconds', () => {
    const start = 1_000_000;
    expect(PAYMENT_REDIRECT_MS).toBe(5000);
    const at = (ms: number) => secondsLeft(start, start + ms, PAYMENT_REDIRECT_MS);
    expect(at(0)).toBe(5);
    expect(at(999)).toBe(5);
    expect(at(1000)).toBe(4);
    expect(at(4001)).toBe(1);
    expect(at(4999)).toBe(1);
    expect(at(5000)).toBe(0);
    // A tab throttled in the background still leaves on time, never below zero.
    expect(at(60_000)).toBe(0);
  });
});
