import { z } from 'zod/mini';
import { forgetMaterial } from '../../../db/cache';
import { api } from '../../../lib/api-client';
import { currentUserId } from '../../../stores/auth-store';
import { detailCache } from './detail-cache';
import { materialPath } from './paths';

export const deleteMaterialInputSchema = z.object({
  confirmationCode: z.optional(z.string()),
});

/**
 * DELETE /materials/{id} with {confirmationCode}. Throws ApiError 409 CONFIRMATION_REQUIRED
 * (data.requiresConfirmation) when the material has quizzes and the word is missing.
 */
export async function deleteMaterial(id: string, confirmationCode?: string): Promise<void> {
  const body = deleteMaterialInputSchema.parse({ confirmationCode });
  await api(materialPath(id), { method: 'DELETE', body });
  detailCache.invalidate(id);
  const userId = currentUserId();
  if (userId !== null) await forgetMaterial(userId, id);
}
