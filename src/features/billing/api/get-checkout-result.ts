import { api } from '../../../lib/api-client';
import type { CheckoutResult } from '../../../../api/contract/billing';
import { SUBSCRIPTION_PATH } from './paths';
import { answerData } from '../../../lib/api-answer';

export type { CheckoutResult };

/** GET /subscription/checkout-result?session_id=: success, processing, failed or cancelled. */
export async function getCheckoutResult(
  sessionId: string,
  signal?: AbortSignal,
): Promise<CheckoutResult> {
  const query = new URLSearchParams({ session_id: sessionId });
  const raw = await api(`${SUBSCRIPTION_PATH}/checkout-result?${query}`, { signal });
  return answerData(raw) as CheckoutResult;
}
