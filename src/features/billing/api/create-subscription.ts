import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import type { HostedPage } from '../../../../api/contract/billing';
import { SUBSCRIPTION_PATH } from './paths';
import { answerData } from '../../../lib/api-answer';

export const createSubscriptionInputSchema = z.object({
  planId: z.string().check(z.minLength(1)),
  periodType: z.enum(['month', 'year']),
});
export type CreateSubscriptionInput = z.infer<typeof createSubscriptionInputSchema>;

/** Not an empty address: the browser is sent there. */
const urlAnswer: z.ZodMiniType<HostedPage> = z.object({ url: z.string().check(z.minLength(1)) });

/**
 * POST /subscription/create: the hosted checkout address to send the browser to. Throws
 * ApiError PLAN_REQUIRED, PLAN_NOT_AVAILABLE, SUBSCRIPTION_EXISTS (planName, status),
 * BILLING_UNAVAILABLE.
 */
export async function createSubscription(input: CreateSubscriptionInput): Promise<string> {
  const body = createSubscriptionInputSchema.parse(input);
  return urlAnswer.parse(
    answerData(await api(`${SUBSCRIPTION_PATH}/create`, { method: 'POST', body })),
  ).url;
}
