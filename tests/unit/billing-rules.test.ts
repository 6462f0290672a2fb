import { describe, expect, it } from 'vitest';
import { addMonths, periodEnd } from '../../api/billing/demo/objects.js';
import { checkCard } from '../../api/billing/demo/card.js';
import {
  currentSubscription,
  grantsPremium,
  hasEnded,
  isOpen,
  type EntitlementRow,
} from '../../api/billing/entitlement.js';
import { eventTarget, readSubscription } from '../../api/billing/stripe-objects.js';

const at = (s: string) => new Date(s);
const row = (o: Partial<EntitlementRow>): EntitlementRow => ({
  status: 'active',
  current_period_end: '2026-02-01T00:00:00.000Z',
  cancel_at_period_end: 0,
  provider: 'stripe',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...o,
});

describe('billing periods', () => {
  it('keeps the anchor day, or the last day of a shorter month', () => {
    const jan31 = at('2026-01-31T09:30:00.000Z');
    expect(periodEnd(jan31, 'month', 1).toISOString()).toBe('2026-02-28T09:30:00.000Z');
    expect(periodEnd(jan31, 'month', 2).toISOString()).toBe('2026-03-31T09:30:00.000Z');
    expect(periodEnd(at('2028-02-29T00:00:00Z'), 'year', 1).toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
    expect(addMonths(at('2025-12-20T02:00:00Z'), 1).toISOString()).toBe('2026-01-20T02:00:00.000Z');
  });
});

describe('premium from subscriptions', () => {
  const now = at('2026-02-01T00:00:00.000Z');
  it('ends a cancelling subscription at its period end, not before', () => {
    const cancelling = row({ cancel_at_period_end: 1 });
    expect(grantsPremium(cancelling, at('2026-01-31T23:59:59.999Z'), 'stripe')).toBe(true);
    expect(grantsPremium(cancelling, now, 'stripe')).toBe(false);
    expect(hasEnded(cancelling, now, 'stripe')).toBe(true);
  });

  it('keeps a renewing subscription past its period end until the provider reports', () => {
    expect(grantsPremium(row({}), at('2026-02-02T00:00:00Z'), 'stripe')).toBe(true);
  });

  it('ends a renewing subscription of a provider no longer run at its period end', () => {
    expect(grantsPremium(row({ provider: 'demo' }), now, 'stripe')).toBe(false);
  });

  it('gives premium while past_due, not while incomplete or unpaid; both stay open', () => {
    expect(grantsPremium(row({ status: 'past_due' }), at('2026-01-10T00:00:00Z'), 'stripe')).toBe(
      true,
    );
    for (const status of ['incomplete', 'unpaid']) {
      expect(grantsPremium(row({ status }), at('2026-01-10T00:00:00Z'), 'stripe')).toBe(false);
      expect(isOpen(row({ status }), at('2026-01-10T00:00:00Z'), 'stripe')).toBe(true);
    }
    expect(isOpen(row({ status: 'canceled' }), at('2026-01-10T00:00:00Z'), 'stripe')).toBe(false);
  });

  it('describes the learner by the subscription that gives premium', () => {
    const old = row({ status: 'canceled', updated_at: '2026-01-20T00:00:00.000Z' });
    const live = row({ current_period_end: '2026-01-25T00:00:00.000Z' });
    expect(currentSubscription([old, live], at('2026-01-10T00:00:00Z'), 'stripe')).toBe(live);
  });
});

describe("reading Stripe's objects", () => {
  it('reads the period from the items (2025+) or the subscription (older API versions)', () => {
    const base = { id: 'sub_1', object: 'subscription', status: 'active', customer: 'cus_1' };
    const item = {
      current_period_end: 1769904000,
      price: { id: 'price_1', unit_amount: 999, currency: 'cad' },
    };
    expect(readSubscription({ ...base, items: { data: [item] } })).toMatchObject({
      currentPeriodEnd: '2026-02-01T00:00:00.000Z',
      priceId: 'price_1',
      amountCents: 999,
      currency: 'CAD',
      cancelAtPeriodEnd: false,
    });
    expect(readSubscription({ ...base, current_period_end: 1769904000 })).toMatchObject({
      currentPeriodEnd: '2026-02-01T00:00:00.000Z',
    });
  });

  it('treats cancel_at as cancelling, ending at the earlier of it and the period end', () => {
    const snap = readSubscription({
      id: 'sub_1',
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: 1769000000,
      items: { data: [{ current_period_end: 1769904000 }] },
    });
    expect(snap).toMatchObject({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: '2026-01-21T12:53:20.000Z',
    });
  });

  it("finds an invoice's subscription in either API version's shape", () => {
    const event = (object: Record<string, unknown>) => ({
      id: 'evt_1',
      object: 'event' as const,
      type: 'invoice.paid',
      data: { object: { object: 'invoice', ...object } },
    });
    expect(eventTarget(event({ subscription: 'sub_old' }))?.subscriptionId).toBe('sub_old');
    expect(
      eventTarget(event({ parent: { subscription_details: { subscription: 'sub_new' } } }))
        ?.subscriptionId,
    ).toBe('sub_new');
  });
});

describe('demo card checks', () => {
  it('takes a card through the last day of its expiry month', () => {
    const card = { cardNumber: '4242424242424242', expiry: '12/25', cvc: '123' };
    expect(checkCard(card, at('2025-12-31T23:59:59Z')).outcome).toBe('succeed');
    expect(() => checkCard(card, at('2026-01-01T00:00:00Z'))).toThrow(/card details/);
    expect(checkCard({ ...card, expiry: '01/2031' }, at('2026-01-01T00:00:00Z')).brand).toBe(
      'visa',
    );
  });
});
