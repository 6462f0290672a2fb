import { useCallback, useMemo, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { z } from 'zod/mini';
import { readMaterialList, saveMaterialPage } from '../../../db/cache';
import { answerCursor, answerData } from '../../../lib/api-answer';
import { api } from '../../../lib/api-client';
import { currentUserId, useAuthStore } from '../../../stores/auth-store';
import { normalizeMaterial, type Material } from '../lib/material';
import { useResource } from '../../../lib/use-resource';
import { MATERIALS_PATH } from './paths';

const rowsSchema = z.array(z.record(z.string(), z.unknown()));
/** The list (under data), or the spec's variant `{ materials }`. */
const listSchema = z.union([rowsSchema, z.object({ materials: rowsSchema })]);

/** Materials per page of the list; the next page loads as the learner scrolls. */
export const MATERIALS_PAGE = 20;

interface Page {
  rows: Record<string, unknown>[];
  materials: Material[];
  /** Where the next page starts; null on the last page (or a server that sends everything). */
  nextCursor: string | null;
}

async function fetchPage(params: URLSearchParams, signal?: AbortSignal): Promise<Page> {
  const query = params.toString();
  const raw = await api(query ? `${MATERIALS_PATH}?${query}` : MATERIALS_PATH, { signal });
  const list = listSchema.parse(answerData(raw));
  const rows = Array.isArray(list) ? list : list.materials;
  return { rows, materials: rows.map(normalizeMaterial), nextCursor: answerCursor(raw) };
}

/**
 * GET /materials?limit=: one page of the learner's materials, newest first, after `cursor` (the
 * first page without one). The page is written through to the device before it resolves.
 */
export async function getMaterialsPage(
  cursor: string | null,
  below: string | undefined,
  signal?: AbortSignal,
): Promise<{ materials: Material[]; nextCursor: string | null }> {
  const startedAt = Date.now();
  const params = new URLSearchParams({ limit: String(MATERIALS_PAGE) });
  if (cursor) params.set('cursor', cursor);
  const page = await fetchPage(params, signal);
  const userId = currentUserId();
  if (userId !== null) {
    await saveMaterialPage(
      userId,
      page.materials.map((m, i) => ({ id: m.id, createdAt: m.createdAt, data: page.rows[i]! })),
      { below, more: page.nextCursor !== null },
      startedAt,
    );
  }
  return { materials: page.materials, nextCursor: page.nextCursor };
}

/** GET /materials?q=: the materials whose title, description or text has every word. */
export async function searchMaterials(q: string, signal?: AbortSignal): Promise<Material[]> {
  return (await fetchPage(new URLSearchParams({ q }), signal)).materials;
}

export type MaterialsState =
  | { status: 'loading' }
  | { status: 'ready'; data: Material[]; offline: boolean }
  | { status: 'error'; error: unknown };

interface Loaded {
  /** Materials from the network, for when the device cannot store them. */
  materials: Material[];
  nextCursor: string | null;
}

/**
 * The list as stored on the device (live), its first page refreshed from the network when the
 * page opens and when the session token changes (e.g. after a social sign-in); `loadMore`
 * fetches the next page. Online it shows what the pages loaded so far reach; offline, every
 * stored material, and `offline` says the refresh failed.
 */
export function useMaterials() {
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.user?.id ?? '');
  const first = useCallback(
    async (signal: AbortSignal): Promise<Loaded> => getMaterialsPage(null, undefined, signal),
    [],
  );
  const network = useResource<Loaded>(token ?? 'session', first);
  const stored = useLiveQuery(() => readMaterialList(userId), [userId]);
  const [more, setMore] = useState<{ from: Loaded; loaded: Loaded } | null>(null);
  const loading = useRef(false);
  const fromNetwork = network.status === 'ready' ? network.data : null;
  const loaded = fromNetwork && more?.from === fromNetwork ? more.loaded : fromNetwork;

  const loadMore = useCallback(async () => {
    if (!fromNetwork || !loaded?.nextCursor || loading.current) return;
    loading.current = true;
    try {
      const below = loaded.materials[loaded.materials.length - 1]?.createdAt;
      const page = await getMaterialsPage(loaded.nextCursor, below);
      setMore({
        from: fromNetwork,
        loaded: {
          materials: [...loaded.materials, ...page.materials],
          nextCursor: page.nextCursor,
        },
      });
    } catch {
      // The mark at the end of the list asks again when it comes back into view.
    } finally {
      loading.current = false;
    }
  }, [fromNetwork, loaded]);

  const fromDevice = useMemo(() => {
    if (!stored) return undefined;
    const all = stored.rows.map((r) => normalizeMaterial(r.data));
    // Online, the stored list stops where the loaded pages do; older ones come with scrolling.
    const oldest = loaded?.nextCursor ? loaded.materials[loaded.materials.length - 1] : undefined;
    return oldest ? all.filter((m) => m.createdAt >= oldest.createdAt) : all;
  }, [stored, loaded]);

  let state: MaterialsState;
  if (stored?.fetched && fromDevice) {
    state = { status: 'ready', data: fromDevice, offline: network.status === 'error' };
  } else if (loaded) {
    state = { status: 'ready', data: loaded.materials, offline: false };
  } else if (network.status === 'error') {
    state = { status: 'error', error: network.error };
  } else {
    state = { status: 'loading' };
  }
  return {
    ...state,
    state,
    reload: network.reload,
    refreshed: network.status === 'ready',
    /** True while the server has older materials than those shown. */
    hasMore: Boolean(loaded?.nextCursor),
    loadMore,
  };
}
