import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import type { HostedPage } from '../../../../api/contract/billing';
import { SUBSCRIPTION_PATH } from './paths';
import { answerData } from '../../../lib/api-answer';

/** Not an empty address: the browser is sent there. */
const urlAnswer: z.ZodMiniType<HostedPage> = z.object({ url: z.string().check(z.minLength(1)) });

/** POST /subscription/customer-portal: the provider's portal address. Throws NO_SUBSCRIPTION. */
export async function openCustomerPortal(): Promise<string> {
  const raw = await api(`${SUBSCRIPTION_PATH}/customer-portal`, { method: 'POST' });
  return urlAnswer.parse(answerData(raw)).url;
}
