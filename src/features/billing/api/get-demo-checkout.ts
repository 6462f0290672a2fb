import { api } from '../../../lib/api-client';
import type { DemoCheckout } from '../../../../api/contract/billing';
import { demoCheckoutPath } from './paths';
import { answerData } from '../../../lib/api-answer';

export type { DemoCheckout as DemoCheckoutSession };

/** GET /demo-billing/checkout/{id}: what is being bought, by whom. Throws ApiError 404. */
export async function getDemoCheckout(
  sessionId: string,
  signal?: AbortSignal,
): Promise<DemoCheckout> {
  return answerData(await api(demoCheckoutPath(sessionId), { signal })) as DemoCheckout;
}
