import { create } from 'zustand';

/**
 * What went wrong with on-device storage, as state the UI can show: a full disk or a browser
 * without IndexedDB (some private modes) must not break a page that works online.
 */
export type StorageProblem = 'quota' | 'unavailable';

export const useStorageStatus = create<{ problem: StorageProblem | null }>(() => ({
  problem: null,
}));

/** True for the browser's and Dexie's "storage is full" errors (also when wrapped). */
export function isQuotaError(err: unknown): boolean {
  for (let e = err as { name?: string; inner?: unknown } | undefined; e;) {
    if (e.name === 'QuotaExceededError') return true;
    e = e.inner as typeof e;
  }
  return false;
}

/** Records a storage failure so the app can say so; returns the problem it was. */
export function reportStorageError(err: unknown): StorageProblem {
  const problem: StorageProblem = isQuotaError(err) ? 'quota' : 'unavailable';
  useStorageStatus.setState({ problem });
  return problem;
}

/**
 * Runs a write whose failure must not fail the caller (a page that got its data from the
 * network still shows it); the failure becomes state instead.
 */
export async function quietly<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (err) {
    reportStorageError(err);
    return undefined;
  }
}
