import { api } from '../../../lib/api-client';
import { once } from '../lib/once';
import { messageResultSchema, type MessageResult } from './message-result';

export const VERIFY_EMAIL_PATH = '/api/v1/auth/verify-email';

/**
 * POST /auth/verify-email. Throws 400 VERIFY_TOKEN_INVALID / VERIFY_TOKEN_EXPIRED.
 * The token works once, so concurrent calls for it share one request.
 */
export function verifyEmail(token: string): Promise<MessageResult> {
  return once(`verify:${token}`, async () =>
    messageResultSchema.parse(
      await api(VERIFY_EMAIL_PATH, { method: 'POST', body: { token }, anonymous: true }),
    ),
  );
}
