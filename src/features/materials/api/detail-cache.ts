import { onMaterialChanged } from '../../../lib/data-events';
import { DETAIL_CACHE_MS } from '../lib/constants';
import type { Material } from '../lib/material';

/** Spec 4: a detail fetched in the last 10 seconds is served from memory. */
const entries = new Map<string, { at: number; material: Material }>();

export const detailCache = {
  get(id: string, now = Date.now()): Material | undefined {
    const hit = entries.get(id);
    if (hit && now - hit.at < DETAIL_CACHE_MS) return hit.material;
    if (hit) entries.delete(id);
    return undefined;
  },
  set(material: Material, now = Date.now()) {
    entries.set(material.id, { at: now, material });
  },
  invalidate(id: string) {
    entries.delete(id);
  },
};

// A quiz generated, taken or retaken changes the material's quiz list.
onMaterialChanged((id) => detailCache.invalidate(id));
