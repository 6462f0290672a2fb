import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { normalizeMaterial, type Material } from '../lib/material';
import { useResource } from '../hooks/use-resource';
import { MATERIALS_PATH } from './paths';

const answerSchema = z.union([
  z.array(z.record(z.string(), z.unknown())),
  z.object({ data: z.array(z.record(z.string(), z.unknown())) }),
  z.object({ materials: z.array(z.record(z.string(), z.unknown())) }),
]);

/** GET /materials: the learner's materials, newest first (the list may sit under data). */
export async function getMaterials(signal?: AbortSignal): Promise<Material[]> {
  const answer = answerSchema.parse(await api(MATERIALS_PATH, { signal }));
  const rows = Array.isArray(answer) ? answer : 'data' in answer ? answer.data : answer.materials;
  return rows.map(normalizeMaterial);
}

/** The list, reloaded when the session token changes (e.g. after a social sign-in). */
export function useMaterials() {
  const token = useAuthStore((s) => s.token);
  return useResource(token ?? 'session', getMaterials);
}
