import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { messageResultSchema, type MessageResult } from './message-result';

export const REGISTER_PATH = '/api/v1/auth/register';

export const registerInputSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1)),
  password: z.string().check(z.minLength(1)),
  locale: z.enum(['zh-TW', 'en']),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** The display name the spec sends: the part of the e-mail before '@'. */
export const nameFromEmail = (email: string) => email.trim().split('@')[0] ?? '';

/** POST /auth/register → 201 with a message (also for an address that has an account: its owner is mailed). Throws 400, 429, 503. */
export async function registerAccount(input: RegisterInput): Promise<MessageResult> {
  const { email, password, locale } = registerInputSchema.parse(input);
  const answer = await api(REGISTER_PATH, {
    method: 'POST',
    body: { email, password, name: nameFromEmail(email), locale },
    anonymous: true,
  });
  return messageResultSchema.parse(answer);
}
