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

/** Asks the active service worker, if any, to forget its queued requests. */
export function clearWorkerQueue(): void {
  try {
    navigator.serviceWorker?.controller?.postMessage({ type: WORKER_CLEAR_MESSAGE });
  } catch {
    // No worker, or it is gone: nothing is held there.
  }
}
