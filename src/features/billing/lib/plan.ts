import { z } from 'zod/mini';
import type { Plan } from './price';

const num = z.catch(z.nullable(z.number()), null);
const str = z.catch(z.nullable(z.string()), null);

const planSchema = z.looseObject({
  plan_id: z.optional(z.union([z.string(), z.number()])),
  id: z.optional(z.union([z.string(), z.number()])),
  name: z.catch(z.string(), ''),
  name_en: z.catch(z.string(), ''),
  display_order: z.catch(z.number(), 0),
  period_type: z.catch(z.nullable(z.enum(['month', 'year'])), null),
  currency: z.catch(z.string(), 'CAD'),
  list_price: num,
  offer_price: num,
  offer_until: str,
  price: num,
  offer_active: z.catch(z.boolean(), false),
  stripe_price_id: str,
  choosable: z.catch(z.nullable(z.boolean()), null),
});

/** One plan of the answer, accepting the spec's older shape (price only, no list price). */
export function normalizePlan(raw: unknown): Plan {
  const p = planSchema.parse(raw);
  return {
    planId: String(p.plan_id ?? p.id ?? ''),
    name: p.name,
    nameEn: p.name_en,
    displayOrder: p.display_order,
    periodType: p.period_type,
    currency: p.currency,
    listPrice: p.list_price ?? p.price ?? 0,
    offerPrice: p.offer_price,
    offerUntil: p.offer_until,
    offerActive: p.offer_active,
    stripePriceId: p.stripe_price_id,
    choosable: p.choosable,
  };
}
