/** How plans and prices are shown. Pure: no DOM, no i18n instance. */

export type PeriodType = 'month' | 'year';

/** A plan as the subscription page uses it (normalised from GET /subscription/plans). */
export interface Plan {
  planId: string;
  name: string;
  nameEn: string;
  displayOrder: number;
  periodType: PeriodType | null;
  currency: string;
  listPrice: number;
  offerPrice: number | null;
  offerUntil: string | null;
  offerActive: boolean;
  stripePriceId: string | null;
  choosable: boolean | null;
}

/** The period of a plan: its own period_type, else display_order 2 monthly, 3 yearly, else free. */
export function periodOf(plan: Pick<Plan, 'periodType' | 'displayOrder'>): PeriodType | null {
  if (plan.periodType) return plan.periodType;
  if (plan.displayOrder === 2) return 'month';
  if (plan.displayOrder === 3) return 'year';
  return null;
}

export const isFreePlan = (plan: Plan) => periodOf(plan) === null;

/** A paid plan can be bought when the server says so (choosable), else when it has a price id. */
export function canChoose(plan: Plan): boolean {
  if (isFreePlan(plan)) return false;
  if (plan.stripePriceId === null && plan.choosable !== true) return false;
  return plan.choosable !== false;
}

/** Monthly is preselected; without one, the first plan that can be chosen; else none. */
export function defaultPlanId(plans: readonly Plan[]): string | null {
  const choosable = plans.filter(canChoose);
  return (choosable.find((p) => periodOf(p) === 'month') ?? choosable[0])?.planId ?? null;
}

/** zh-TW name or English name by language, each falling back to the other. */
export function localName(item: { name: string; nameEn: string }, language: string): string {
  return language === 'en' ? item.nameEn || item.name : item.name || item.nameEn;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * When an offer stops: a date-only value ("2025-12-31") runs to the end of that day; a
 * timestamp is taken as it is.
 */
export function offerEndsAt(until: string): number {
  const m = DATE_ONLY.exec(until);
  if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999).getTime();
  return new Date(until).getTime();
}

export interface PriceView {
  /** What is charged today. */
  amount: number;
  /** The struck-through list price while an offer runs, else null. */
  was: number | null;
  /** The offer's last day while it runs, else null. */
  offerUntil: string | null;
}

/**
 * The offer shows only while the server says it runs and this clock has not passed its date
 * (a page left open over the last night must not keep advertising it); else the list price.
 */
export function priceView(plan: Plan, now: number): PriceView {
  const offer =
    plan.offerActive &&
    plan.offerPrice !== null &&
    plan.offerPrice < plan.listPrice &&
    (!plan.offerUntil || !(offerEndsAt(plan.offerUntil) < now));
  return offer
    ? { amount: plan.offerPrice as number, was: plan.listPrice, offerUntil: plan.offerUntil }
    : { amount: plan.listPrice, was: null, offerUntil: null };
}

/** Intl locale per app language. */
const LOCALES: Record<string, string> = { 'zh-TW': 'zh-TW', en: 'en' };

/** 5 → "CA$5.00" (en) / "CA$5.00" (zh-TW): the currency stays visible in both languages. */
export function formatPrice(amount: number, currency: string, language: string): string {
  return new Intl.NumberFormat(LOCALES[language] ?? 'zh-TW', {
    style: 'currency',
    currency: currency || 'CAD',
    currencyDisplay: 'symbol',
  }).format(amount);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date-only string, an ISO timestamp, or epoch seconds/milliseconds, as a Date (or null). */
function dateOf(value: string | number): Date | null {
  const date = new Date(typeof value === 'number' && value < 1e12 ? value * 1000 : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

type DayValue = string | number | null | undefined;

/**
 * A date as YYYY.MM.DD. A date-only string is kept as written (no time-zone shift); a
 * timestamp or epoch seconds/milliseconds is shown in the learner's time zone.
 */
export function formatDay(value: DayValue): string {
  return dayParts(value)?.join('.') ?? '';
}

/** The same day as YYYY-MM-DD, for a time element's dateTime. */
export function isoDay(value: DayValue): string | undefined {
  return dayParts(value)?.join('-');
}

function dayParts(value: DayValue): [string, string, string] | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value);
    if (m) return [m[1] as string, m[2] as string, m[3] as string];
  }
  const date = dateOf(value);
  if (!date) return null;
  return [String(date.getFullYear()), pad(date.getMonth() + 1), pad(date.getDate())];
}

/**
 * The billing cycle of the current subscription: the period the server reports; without one,
 * the spec's rule (9) — a price below 100 is monthly, otherwise yearly.
 */
export function billingCycle(sub: { periodType?: string | null; price: number }): PeriodType {
  if (sub.periodType === 'month' || sub.periodType === 'year') return sub.periodType;
  return sub.price < 100 ? 'month' : 'year';
}
