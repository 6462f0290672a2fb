/** Whether files can wait on this device for a later upload. Pure: the estimate is passed in. */

/**
 * At most this much waits in the outbox: three files of the 25 MB limit fit, more does not —
 * a phone's storage is shared with everything else, and the browser may evict a site that
 * takes too much.
 */
export const UPLOAD_QUEUE_CAP_BYTES = 100 * 1024 * 1024;

/** Room kept free for the app's own data (quizzes, reports) beside the files. */
const HEADROOM_BYTES = 5 * 1024 * 1024;

export type FitVerdict = 'ok' | 'cap' | 'quota';

export interface StorageEstimateLike {
  usage?: number;
  quota?: number;
}

/** 'cap' past the outbox cap, 'quota' when the browser's estimate leaves no room, else 'ok'. */
export function fitsOnDevice(
  bytes: number,
  alreadyQueued: number,
  estimate: StorageEstimateLike | undefined,
  cap: number = UPLOAD_QUEUE_CAP_BYTES,
): FitVerdict {
  if (alreadyQueued + bytes > cap) return 'cap';
  const { usage, quota } = estimate ?? {};
  if (typeof usage === 'number' && typeof quota === 'number' && quota > 0) {
    if (usage + bytes + HEADROOM_BYTES > quota) return 'quota';
  }
  return 'ok';
}
