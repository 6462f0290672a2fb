import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import type { DemoRedirect } from '../../../../api/contract/billing';
import { demoCheckoutPath } from './paths';
import { answerData } from '../../../lib/api-answer';

export const payInputSchema = z.object({
  cardNumber: z.string().check(z.regex(/^\d{12,19}$/)),
  expiry: z.string().check(z.regex(/^\d{2}\/\d{2}$/)),
  cvc: z.string().check(z.regex(/^\d{3,4}$/)),
  name: z.string().check(z.trim(), z.minLength(1)),
});
export type PayInput = z.infer<typeof payInputSchema>;

/** Not an empty address: the browser is sent there. */
const redirectAnswer: z.ZodMiniType<DemoRedirect> = z.object({
  redirectUrl: z.string().check(z.minLength(1)),
});

/**
 * POST /demo-billing/checkout/{id}/pay: where to go next (the success address). Throws
 * ApiError CARD_DECLINED (402) or CARD_INVALID (400, `field`: number, expiry or cvc).
 */
export async function payDemoCheckout(sessionId: string, input: PayInput): Promise<string> {
  const body = payInputSchema.parse(input);
  const raw = await api(`${demoCheckoutPath(sessionId)}/pay`, { method: 'POST', body });
  return redirectAnswer.parse(answerData(raw)).redirectUrl;
}

/** POST /demo-billing/checkout/{id}/cancel: where to go next (the cancel address). */
export async function cancelDemoCheckout(sessionId: string): Promise<string> {
  const raw = await api(`${demoCheckoutPath(sessionId)}/cancel`, { method: 'POST' });
  return redirectAnswer.parse(answerData(raw)).redirectUrl;
}
