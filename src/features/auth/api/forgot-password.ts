import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { messageResultSchema, type MessageResult } from './message-result';

export const FORGOT_PASSWORD_PATH = '/api/v1/auth/forgot-password';

export const forgotInputSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1)),
  locale: z.enum(['zh-TW', 'en']),
});

/** POST /auth/forgot-password: the same answer whether or not the account exists. */
export async function requestPasswordReset(
  input: z.infer<typeof forgotInputSchema>,
): Promise<MessageResult> {
  const body = forgotInputSchema.parse(input);
  const answer = await api(FORGOT_PASSWORD_PATH, { method: 'POST', body, anonymous: true });
  return messageResultSchema.parse(answer);
}
