import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { SUBSCRIPTION_PATH } from './paths';
import { answerData } from '../../../lib/api-answer';

const subscriptionSchema = z.looseObject({
  id: z.catch(z.union([z.string(), z.number()]), ''),
  plan_id: z.optional(z.union([z.string(), z.number(), z.null()])),
  name: z.catch(z.string(), ''),
  name_en: z.catch(z.string(), ''),
  price: z.catch(z.number(), 0),
  status: z.catch(z.string(), ''),
  currentPeriodEnd: z.catch(z.nullable(z.union([z.string(), z.number()])), null),
  cancelAtPeriodEnd: z.catch(z.boolean(), false),
  periodType: z.catch(z.nullable(z.string()), null),
  currency: z.catch(z.string(), 'CAD'),
});

const statusSchema = z.object({
  hasActiveSubscription: z.catch(z.boolean(), false),
  subscription: z.catch(z.unknown(), null),
});

/** A subscription as the billing screens show it. */
export interface Subscription {
  id: string;
  planId: string;
  name: string;
  nameEn: string;
  price: number;
  currency: string;
  status: string;
  currentPeriodEnd: string | number | null;
  cancelAtPeriodEnd: boolean;
  periodType: string | null;
}

export interface SubscriptionStatus {
  hasActiveSubscription: boolean;
  subscription: Subscription | null;
}

/** A subscription in any answer (status, checkout result, demo portal); null when absent. */
export function parseSubscription(raw: unknown): Subscription | null {
  if (!raw || typeof raw !== 'object') return null;
  const s = subscriptionSchema.parse(raw);
  return {
    id: String(s.id),
    planId: s.plan_id === undefined || s.plan_id === null ? '' : String(s.plan_id),
    name: s.name,
    nameEn: s.name_en,
    price: s.price,
    currency: s.currency,
    status: s.status,
    currentPeriodEnd: s.currentPeriodEnd,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    periodType: s.periodType,
  };
}

export function parseStatus(raw: unknown): SubscriptionStatus {
  const s = statusSchema.parse(raw ?? {});
  return {
    hasActiveSubscription: s.hasActiveSubscription,
    subscription: parseSubscription(s.subscription),
  };
}

/** GET /subscription/status: whether the learner has an active plan, and which. */
export async function getSubscriptionStatus(signal?: AbortSignal): Promise<SubscriptionStatus> {
  return parseStatus(answerData(await api(`${SUBSCRIPTION_PATH}/status`, { signal })));
}
