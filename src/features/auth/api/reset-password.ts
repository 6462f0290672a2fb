import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { messageResultSchema, type MessageResult } from './message-result';

export const RESET_PASSWORD_PATH = '/api/v1/auth/reset-password';

export const resetInputSchema = z.object({
  token: z.string().check(z.minLength(1)),
  newPassword: z.string().check(z.minLength(1)),
});

/** POST /auth/reset-password with the click-validated token (else the e-mailed one). */
export async function resetPassword(
  input: z.infer<typeof resetInputSchema>,
): Promise<MessageResult> {
  const body = resetInputSchema.parse(input);
  const answer = await api(RESET_PASSWORD_PATH, { method: 'POST', body, anonymous: true });
  return messageResultSchema.parse(answer);
}
