import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { z } from 'zod/mini';
import { readMaterialList, saveMaterialList } from '../../../db/cache';
import { api } from '../../../lib/api-client';
import { currentUserId, useAuthStore } from '../../../stores/auth-store';
import { normalizeMaterial, type Material } from '../lib/material';
import { useResource } from '../../../lib/use-resource';
import { MATERIALS_PATH } from './paths';

const answerSchema = z.union([
  z.array(z.record(z.string(), z.unknown())),
  z.object({ data: z.array(z.record(z.string(), z.unknown())) }),
  z.object({ materials: z.array(z.record(z.string(), z.unknown())) }),
]);

/**
 * GET /materials: the learner's materials, newest first (the list may sit under data). The
 * answer is written through to the device before it resolves.
 */
export async function getMaterials(signal?: AbortSignal): Promise<Material[]> {
  const startedAt = Date.now();
  const answer = answerSchema.parse(await api(MATERIALS_PATH, { signal }));
  const rows = Array.isArray(answer) ? answer : 'data' in answer ? answer.data : answer.materials;
  const materials = rows.map(normalizeMaterial);
  const userId = currentUserId();
  if (userId !== null) {
    await saveMaterialList(
      userId,
      materials.map((m, i) => ({ id: m.id, createdAt: m.createdAt, data: rows[i]! })),
      startedAt,
    );
  }
  return materials;
}

export type MaterialsState =
  | { status: 'loading' }
  | { status: 'ready'; data: Material[]; offline: boolean }
  | { status: 'error'; error: unknown };

/**
 * The list as stored on the device (live), refreshed from the network when the page opens and
 * when the session token changes (e.g. after a social sign-in). Offline it is the stored copy;
 * `offline` says the refresh failed.
 */
export function useMaterials() {
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.user?.id ?? '');
  const network = useResource(token ?? 'session', getMaterials);
  const stored = useLiveQuery(() => readMaterialList(userId), [userId]);
  const fromDevice = useMemo(() => stored?.rows.map((r) => normalizeMaterial(r.data)), [stored]);

  let state: MaterialsState;
  if (stored?.fetched && fromDevice) {
    state = { status: 'ready', data: fromDevice, offline: network.status === 'error' };
  } else if (network.status === 'ready') {
    state = { status: 'ready', data: network.data, offline: false };
  } else if (network.status === 'error') {
    state = { status: 'error', error: network.error };
  } else {
    state = { status: 'loading' };
  }
  return { ...state, state, reload: network.reload, refreshed: network.status === 'ready' };
}
