import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { demoCheckoutPath } from './paths';
import { answerData } from '../../../lib/api-answer';

const sessionSchema = z.object({
  id: z.string(),
  status: z.catch(z.string(), 'open'),
  planName: z.catch(z.string(), ''),
  planNameEn: z.catch(z.string(), ''),
  amount: z.number(),
  currency: z.catch(z.string(), 'CAD'),
  periodType: z.catch(z.nullable(z.enum(['month', 'year'])), null),
  email: z.catch(z.string(), ''),
  successUrl: z.catch(z.string(), ''),
  cancelUrl: z.catch(z.string(), ''),
});
export type DemoCheckoutSession = z.infer<typeof sessionSchema>;

/** GET /demo-billing/checkout/{id}: what is being bought, by whom. Throws ApiError 404. */
export async function getDemoCheckout(
  sessionId: string,
  signal?: AbortSignal,
): Promise<DemoCheckoutSession> {
  return sessionSchema.parse(answerData(await api(demoCheckoutPath(sessionId), { signal })));
}
