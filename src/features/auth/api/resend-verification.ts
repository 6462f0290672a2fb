import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { messageResultSchema, type MessageResult } from './message-result';

export const RESEND_VERIFICATION_PATH = '/api/v1/auth/resend-verification';

export const resendInputSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1)),
  locale: z.enum(['zh-TW', 'en']),
});

/** POST /auth/resend-verification: mails a new link to an unverified account. */
export async function resendVerification(
  input: z.infer<typeof resendInputSchema>,
): Promise<MessageResult> {
  const body = resendInputSchema.parse(input);
  const answer = await api(RESEND_VERIFICATION_PATH, { method: 'POST', body, anonymous: true });
  return messageResultSchema.parse(answer);
}
