import { describe, expect, it } from 'vitest';
import {
  billingCycle,
  canChoose,
  defaultPlanId,
  formatDay,
  formatPrice,
  localName,
  periodOf,
  priceView,
  type Plan,
} from '../../src/features/billing/lib/price';
import { normalizePlan } from '../../src/features/billing/lib/plan';

// The seeded plans as GET /subscription/plans answers them (docs/api/billing.md).
const OFFER_UNTIL = '2025-12-31T15:59:59.999Z';
const raw = (over: Record<string, unknown>) => ({
  plan_id: 'monthly',
  id: 'monthly',
  name: '月訂閱',
  name_en: 'Monthly',
  display_order: 2,
  period_type: 'month',
  currency: 'CAD',
  list_price: 9.99,
  offer_price: 5,
  offer_until: OFFER_UNTIL,
  price: 5,
  offer_active: true,
  stripe_price_id: 'demo_price_monthly',
  choosable: true,
  ...over,
});
const free = normalizePlan(
  raw({
    plan_id: 'free',
    id: 'free',
    name: '免費方案',
    name_en: 'Free',
    display_order: 1,
    period_type: null,
    list_price: 0,
    offer_price: null,
    offer_until: null,
    price: 0,
    offer_active: false,
    stripe_price_id: null,
    choosable: false,
  }),
);
const monthly = normalizePlan(raw({}));
const yearly = normalizePlan(
  raw({
    plan_id: 'yearly',
    id: 'yearly',
    name: '年訂閱',
    name_en: 'Yearly',
    display_order: 3,
    period_type: 'year',
    list_price: 99.88,
    offer_price: 60,
    price: 60,
  }),
);

const BEFORE = Date.parse('2025-11-01T00:00:00Z');
const AFTER = Date.parse('2026-01-01T00:00:00Z');

describe('plan price display', () => {
  it('while the offer runs: list price struck through, offer price, offer date', () => {
    expect(priceView(monthly, BEFORE)).toEqual({ amount: 5, was: 9.99, offerUntil: OFFER_UNTIL });
    expect(priceView(yearly, BEFORE)).toEqual({ amount: 60, was: 99.88, offerUntil: OFFER_UNTIL });
  });

  it('after the offer date: the list price alone, even if the page still holds offer_active', () => {
    expect(priceView(monthly, AFTER)).toEqual({ amount: 9.99, was: null, offerUntil: null });
    // One millisecond after the offer's last instant.
    expect(priceView(yearly, Date.parse(OFFER_UNTIL) + 1).amount).toBe(99.88);
    expect(priceView(yearly, Date.parse(OFFER_UNTIL)).amount).toBe(60);
  });

  it('when the server says the offer is over, no offer is shown whatever the clock', () => {
    const over = { ...monthly, offerActive: false };
    expect(priceView(over, BEFORE)).toEqual({ amount: 9.99, was: null, offerUntil: null });
  });

  it('a date-only offer runs to the end of that day', () => {
    const dateOnly = { ...monthly, offerUntil: '2025-12-31' };
    expect(priceView(dateOnly, new Date(2025, 11, 31, 23, 59).getTime()).amount).toBe(5);
    expect(priceView(dateOnly, new Date(2026, 0, 1, 0, 0, 1).getTime()).amount).toBe(9.99);
    expect(formatDay('2025-12-31')).toBe('2025.12.31');
  });

  it('prices are Canadian dollars in both languages', () => {
    expect(formatPrice(9.99, 'CAD', 'en')).toBe('CA$9.99');
    expect(formatPrice(5, 'CAD', 'en')).toBe('CA$5.00');
    expect(formatPrice(99.88, 'CAD', 'zh-TW')).toMatch(/^CA\$\s?99\.88$/);
  });

  it('names follow the language, each falling back to the other', () => {
    expect(localName(monthly, 'zh-TW')).toBe('月訂閱');
    expect(localName(monthly, 'en')).toBe('Monthly');
    expect(localName({ name: '', nameEn: 'Yearly' }, 'zh-TW')).toBe('Yearly');
  });
});

describe('plan choice', () => {
  it('monthly is preselected, else the first plan that can be chosen', () => {
    expect(defaultPlanId([free, monthly, yearly])).toBe('monthly');
    expect(defaultPlanId([free, yearly])).toBe('yearly');
    expect(defaultPlanId([free, { ...monthly, choosable: false }, yearly])).toBe('yearly');
    expect(defaultPlanId([free])).toBeNull();
  });

  it('free and price-less plans cannot be chosen', () => {
    expect(canChoose(free)).toBe(false);
    expect(canChoose(monthly)).toBe(true);
    expect(canChoose({ ...monthly, stripePriceId: null, choosable: null })).toBe(false);
    expect(canChoose({ ...monthly, choosable: false })).toBe(false);
  });

  it('the period comes from period_type, else display_order (2 monthly, 3 yearly)', () => {
    const bare: Pick<Plan, 'periodType' | 'displayOrder'> = { periodType: null, displayOrder: 3 };
    expect(periodOf(bare)).toBe('year');
    expect(periodOf({ ...bare, displayOrder: 2 })).toBe('month');
    expect(periodOf({ ...bare, displayOrder: 1 })).toBeNull();
    expect(periodOf(monthly)).toBe('month');
  });

  it('accepts the spec’s older plan shape (price only)', () => {
    const old = normalizePlan({ plan_id: 7, name: '月', price: 9.99, display_order: 2 });
    expect(old).toMatchObject({ planId: '7', listPrice: 9.99, offerActive: false });
    expect(periodOf(old)).toBe('month');
  });
});

describe('current plan billing cycle', () => {
  it('without a period from the server: below 100 monthly, otherwise yearly (spec 9)', () => {
    expect(billingCycle({ price: 9.99 })).toBe('month');
    expect(billingCycle({ price: 99.99 })).toBe('month');
    expect(billingCycle({ price: 100 })).toBe('year');
    expect(billingCycle({ price: 119.88, periodType: null })).toBe('year');
  });

  it('the server’s period wins: the yearly offer (60) and list price (99.88) are yearly', () => {
    expect(billingCycle({ price: 60, periodType: 'year' })).toBe('year');
    expect(billingCycle({ price: 99.88, periodType: 'year' })).toBe('year');
    expect(billingCycle({ price: 120, periodType: 'month' })).toBe('month');
  });

  it('period end dates show as YYYY.MM.DD', () => {
    expect(formatDay(new Date(2026, 11, 21, 10).toISOString())).toBe('2026.12.21');
    expect(formatDay(null)).toBe('');
    expect(formatDay('not a date')).toBe('');
  });
});
