import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { normalizeMaterial, type Material } from '../lib/material';
import { useResource } from '../hooks/use-resource';
import { detailCache } from './detail-cache';
import { materialPath } from './paths';

const answerSchema = z.record(z.string(), z.unknown());

/** GET /materials/{id} with its files and quizzes (cached for 10 s). Throws ApiError 404 NOT_FOUND. */
export async function getMaterial(id: string, signal?: AbortSignal): Promise<Material> {
  const cached = detailCache.get(id);
  if (cached) return cached;
  const raw = answerSchema.parse(await api(materialPath(id), { signal }));
  const data =
    raw.data && typeof raw.data === 'object' ? (raw.data as Record<string, unknown>) : raw;
  const material = normalizeMaterial(data);
  detailCache.set(material);
  return material;
}

export function useMaterial(id: string) {
  return useResource(id, (signal) => getMaterial(id, signal));
}
