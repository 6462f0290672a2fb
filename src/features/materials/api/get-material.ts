import { useCallback, useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { forgetMaterial, patchMaterial, readMaterial, saveMaterial } from '../../../db/cache';
import { api, ApiError } from '../../../lib/api-client';
import { answerRecord } from '../../../lib/api-answer';
import { currentUserId, useAuthStore } from '../../../stores/auth-store';
import { materialPatch, normalizeMaterial, type Material } from '../lib/material';
import { useResource } from '../../../lib/use-resource';
import { detailCache } from './detail-cache';
import { materialPath } from './paths';

/**
 * GET /materials/{id} with its files and quizzes (cached for 10 s), written through to the
 * device. Throws ApiError 404 NOT_FOUND (and forgets the stored copy).
 */
export async function getMaterial(id: string, signal?: AbortSignal): Promise<Material> {
  const cached = detailCache.get(id);
  if (cached) return cached;
  const userId = currentUserId();
  let data: Record<string, unknown>;
  try {
    data = answerRecord(await api(materialPath(id), { signal }));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404 && userId !== null) {
      await forgetMaterial(userId, id);
    }
    throw err;
  }
  const material = normalizeMaterial(data);
  detailCache.set(material);
  if (userId !== null && material.id) {
    await saveMaterial(userId, { id: material.id, createdAt: material.createdAt, data });
  }
  return material;
}

export type MaterialState =
  { status: 'loading' } | { status: 'ready'; data: Material } | { status: 'error'; error: unknown };

/**
 * The material as stored on the device (live), refreshed from the network. A 404 wins over
 * the stored copy (it is gone); any other failure leaves the stored copy on screen.
 */
export function useMaterial(id: string) {
  const userId = useAuthStore((s) => s.user?.id ?? '');
  const network = useResource(id, (signal) => getMaterial(id, signal));
  const stored = useLiveQuery(() => readMaterial(userId, id), [userId, id]);
  const fromDevice = useMemo(() => (stored ? normalizeMaterial(stored.data) : null), [stored]);
  const notFound =
    network.status === 'error' && network.error instanceof ApiError && network.error.status === 404;

  let state: MaterialState;
  if (fromDevice && !notFound) {
    state = { status: 'ready', data: fromDevice };
  } else if (network.status === 'ready') {
    state = { status: 'ready', data: network.data };
  } else if (network.status === 'error') {
    state = { status: 'error', error: network.error };
  } else {
    state = { status: 'loading' };
  }

  const { setData: setNetworkData } = network;
  /** Shows an edit at once (on the device and in memory), before the server confirms it. */
  const setData = useCallback(
    (next: Material) => {
      setNetworkData(next);
      if (userId) void patchMaterial(userId, next.id, materialPatch(next));
    },
    [setNetworkData, userId],
  );
  return { ...state, state, reload: network.reload, setData };
}
