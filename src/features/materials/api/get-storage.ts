import { api } from '../../../lib/api-client';
import { MATERIALS_PATH } from './paths';

/** What the learner's originals use of their plan's storage (GET /materials/storage). */
export interface StorageUsage {
  plan: 'free' | 'premium';
  usedBytes: number;
  limitBytes: number;
  availableBytes: number;
}

export async function getStorage(signal?: AbortSignal): Promise<StorageUsage> {
  const res = await api<{ data: StorageUsage }>(`${MATERIALS_PATH}/storage`, { signal });
  return res.data;
}

/** Bytes as the page shows them: "0.6 MB", "12 MB", "1.5 GB" (as the server's messages do). */
export function formatStorage(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1024) return `${Number((mb / 1024).toFixed(1))} GB`;
  return `${mb < 10 ? Number(mb.toFixed(1)) : Math.round(mb)} MB`;
}
