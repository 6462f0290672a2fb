import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { SUBSCRIPTION_PATH } from './paths';
import { answerData } from '../../../lib/api-answer';

const resultSchema = z.object({
  status: z.string(),
  hasActiveSubscription: z.catch(z.boolean(), false),
});
export type CheckoutResult = z.infer<typeof resultSchema>;

/** GET /subscription/checkout-result?session_id=: success, processing, failed or cancelled. */
export async function getCheckoutResult(
  sessionId: string,
  signal?: AbortSignal,
): Promise<CheckoutResult> {
  const query = new URLSearchParams({ session_id: sessionId });
  return resultSchema.parse(
    answerData(await api(`${SUBSCRIPTION_PATH}/checkout-result?${query}`, { signal })),
  );
}
