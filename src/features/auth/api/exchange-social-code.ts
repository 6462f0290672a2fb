import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { normalizeUser, type User } from '../../../stores/auth-store';

export const SOCIAL_EXCHANGE_PATH = '/api/v1/auth/social/exchange';

const exchangeAnswerSchema = z.object({
  token: z.string().check(z.minLength(1)),
  user: z.record(z.string(), z.unknown()),
  redirect: z.optional(z.string()),
});

/**
 * POST /auth/social/exchange: trades the one-time code of a social sign-in's callback for the
 * session. The server checks it against this browser's sign-in cookie (sent with the request),
 * so a code from someone else's sign-in signs no one in. Throws ApiError 400
 * SOCIAL_LOGIN_FAILED for a used, expired or foreign code.
 */
export async function exchangeSocialCode(input: {
  provider: 'google' | 'line';
  code: string;
}): Promise<{ token: string; user: User; redirect?: string }> {
  const answer = exchangeAnswerSchema.parse(
    await api(SOCIAL_EXCHANGE_PATH, { method: 'POST', body: input, anonymous: true }),
  );
  return { token: answer.token, user: normalizeUser(answer.user), redirect: answer.redirect };
}
