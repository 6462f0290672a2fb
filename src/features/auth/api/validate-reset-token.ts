import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';

const validateAnswerSchema = z.object({
  valid: z.boolean(),
  clickValidatedToken: z.optional(z.string()),
  alreadyClicked: z.optional(z.boolean()),
});
export type ResetTokenCheck = z.infer<typeof validateAnswerSchema>;

export const validateResetTokenPath = (token: string) =>
  `/api/v1/auth/reset-password/${encodeURIComponent(token)}/validate`;

/**
 * GET /auth/reset-password/{token}/validate, with the e-mailed token or the click-validated
 * one. Throws 400 RESET_TOKEN_INVALID / RESET_TOKEN_EXPIRED.
 */
export async function validateResetToken(token: string): Promise<ResetTokenCheck> {
  return validateAnswerSchema.parse(await api(validateResetTokenPath(token), { anonymous: true }));
}
