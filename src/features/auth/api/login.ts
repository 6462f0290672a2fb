import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { normalizeUser, type User } from '../../../stores/auth-store';

export const LOGIN_PATH = '/api/v1/auth/login';

export const loginInputSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1)),
  password: z.string().check(z.minLength(1)),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

const loginAnswerSchema = z.object({
  token: z.string().check(z.minLength(1)),
  user: z.record(z.string(), z.unknown()),
});

/**
 * POST /auth/login. Throws ApiError: 401 INVALID_CREDENTIALS, 403 EMAIL_NOT_VERIFIED (with
 * canResend), 429 RATE_LIMITED.
 */
export async function loginWithPassword(input: LoginInput): Promise<{ token: string; user: User }> {
  const body = loginInputSchema.parse(input);
  const answer = loginAnswerSchema.parse(
    await api(LOGIN_PATH, { method: 'POST', body, anonymous: true }),
  );
  return { token: answer.token, user: normalizeUser(answer.user) };
}
