/**
 * Messages between the page and the service worker about background sync (worker/
 * background-sync.ts uses the same strings; it may import only this file of src/lib).
 */

/** Worker → pages: it delivered a queued submission; flush the outbox to fetch the report. */
export const WORKER_SYNCED_MESSAGE = 'mnemo:outbox-synced';

/** Page → worker: the learner signed out; drop the requests the worker still holds. */
export const WORKER_CLEAR_MESSAGE = 'mnemo:outbox-clear';

/** The page's own outbox requests carry this header; the worker's queue leaves them alone. */
export const OUTBOX_HEADER = 'X-Mnemo-Outbox';

/** Worker → a page: the learner clicked a notification; show this in-app path. */
export const WORKER_NAVIGATE_MESSAGE = 'mnemo:navigate';

/**
 * The in-app path a notification may open: same origin, a path (not "//host"), never /api.
 * Anything else → null (the worker then opens nothing).
 */
export function inAppPath(url: unknown, origin: string): string | null {
  if (typeof url !== 'string' || url === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin || parsed.pathname.startsWith('/api/')) return null;
  return parsed.pathname + parsed.search + parsed.hash;
}

/** Asks the active service worker, if any, to forget its queued requests. */
export function clearWorkerQueue(): void {
  try {
    navigator.serviceWorker?.controller?.postMessage({ type: WORKER_CLEAR_MESSAGE });
  } catch {
    // No worker, or it is gone: nothing is held there.
  }
}
