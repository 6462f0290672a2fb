import type { Db } from '../db/database.js';
import type { Plan } from '../db/schema.js';
import type { BillingConfig } from '../env.js';
import type { PeriodType } from './types.js';

/** Cents as the decimal amount the API answers (999 → 9.99). */
export const amountOf = (cents: number) => Math.round(cents) / 100;

/** 'month' or 'year': the periods a paid plan can have. */
export const isPeriodType = (v: unknown): v is PeriodType => v === 'month' || v === 'year';

/** Whether the plan's offer price applies at `now` (offer_until is its last instant). */
export function offerActive(plan: Plan, now: Date): boolean {
  return (
    plan.offer_price_cents !== null &&
    plan.offer_until !== null &&
    now.getTime() <= Date.parse(plan.offer_until)
  );
}

/** What the plan costs when bought at `now`. */
export function priceCentsAt(plan: Plan, now: Date): number {
  return offerActive(plan, now) ? plan.offer_price_cents! : plan.list_price_cents;
}

/**
 * The price id a checkout uses for this plan; null means it cannot be chosen. With Stripe,
 * STRIPE_PRICE_MONTHLY / STRIPE_PRICE_YEARLY override the table, and the seeded demo ids
 * (demo_…) do not exist at Stripe, so they count as unset.
 */
export function effectivePriceId(plan: Plan, billing: BillingConfig): string | null {
  if (!isPeriodType(plan.period_type)) return null;
  if (billing.provider !== 'stripe') return plan.stripe_price_id;
  const override = billing.stripe?.prices[plan.period_type];
  if (override) return override;
  return plan.stripe_price_id?.startsWith('demo_') ? null : plan.stripe_price_id;
}

/** Every plan, in display order. */
export function listPlans(db: Db): Promise<Plan[]> {
  return db.selectFrom('plans').selectAll().orderBy('display_order').orderBy('id').execute();
}

/** One plan by id. */
export function findPlan(db: Db, id: string): Promise<Plan | undefined> {
  return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The plan a provider price belongs to (by the price id in use, or the one in the table). */
export function planOfPrice(plans: Plan[], priceId: string | null, billing: BillingConfig) {
  if (!priceId) return undefined;
  return (
    plans.find((p) => effectivePriceId(p, billing) === priceId) ??
    plans.find((p) => p.stripe_price_id === priceId)
  );
}

/** A plan as GET /subscription/plans answers it (docs/api/billing.md). */
export function presentPlan(plan: Plan, now: Date, billing: BillingConfig) {
  const priceId = effectivePriceId(plan, billing);
  return {
    plan_id: plan.id,
    id: plan.id,
    name: plan.name,
    name_en: plan.name_en,
    description: plan.description,
    description_en: plan.description_en,
    display_order: plan.display_order,
    period_type: isPeriodType(plan.period_type) ? plan.period_type : null,
    currency: plan.currency,
    list_price: amountOf(plan.list_price_cents),
    offer_price: plan.offer_price_cents === null ? null : amountOf(plan.offer_price_cents),
    offer_until: plan.offer_until,
    price: amountOf(priceCentsAt(plan, now)),
    offer_active: offerActive(plan, now),
    stripe_price_id: priceId,
    choosable: priceId !== null,
  };
}
