import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { answerRecord } from '../../../lib/api-answer';
import { normalizeMaterial, type Material } from '../lib/material';
import { detailCache } from './detail-cache';
import { materialPath } from './paths';

export const updateMaterialInputSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1)),
  description: z.string(),
});
export type UpdateMaterialInput = z.infer<typeof updateMaterialInputSchema>;

/**
 * PUT /materials/{id} {title, description}. Throws ApiError 400 TITLE_REQUIRED. Returns the
 * saved material, merged over `current` when the answer leaves parts out.
 */
export async function updateMaterial(
  current: Material,
  input: UpdateMaterialInput,
): Promise<Material> {
  const body = updateMaterialInputSchema.parse(input);
  detailCache.invalidate(current.id);
  const answer = answerRecord(await api(materialPath(current.id), { method: 'PUT', body }));
  const data = Object.keys(answer).length > 0 ? normalizeMaterial(answer) : null;
  const saved: Material = {
    ...current,
    ...body,
    name: body.title,
    ...(data?.id
      ? { title: data.title, description: data.description, updatedAt: data.updatedAt }
      : {}),
  };
  detailCache.invalidate(current.id);
  return saved;
}
