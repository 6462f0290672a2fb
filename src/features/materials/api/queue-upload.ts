import type { ApiRecord } from '../../../db';
import { enqueue, queuedBytes } from '../../../db/outbox';
import { isQuotaError } from '../../../db/storage-status';
import { newId } from '../../../lib/ids';
import { fitsOnDevice, UPLOAD_QUEUE_CAP_BYTES, type FitVerdict } from '../../../lib/offline/quota';
import { requestFlush } from '../../../lib/offline/sync-engine';

/** Why files could not be kept for a later upload. */
export class OfflineStorageError extends Error {
  constructor(readonly reason: Exclude<FitVerdict, 'ok'>) {
    super(`Cannot keep the files offline: ${reason}`);
    this.name = 'OfflineStorageError';
  }
}

/**
 * Keeps an upload (its files as Blobs) for later. Throws OfflineStorageError 'cap' when the
 * files queued on this device would pass the cap, 'quota' when the browser has no room.
 */
export async function queueUpload(
  userId: string,
  u: { title: string; description: string; files: File[]; idempotencyKey?: string },
): Promise<void> {
  const bytes = u.files.reduce((n, f) => n + f.size, 0);
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  const verdict = fitsOnDevice(bytes, await queuedBytes(), estimate, UPLOAD_QUEUE_CAP_BYTES);
  if (verdict !== 'ok') throw new OfflineStorageError(verdict);
  const body: ApiRecord = { title: u.title, description: u.description };
  try {
    await enqueue(
      {
        id: newId(),
        userId,
        kind: 'material-upload',
        method: 'POST',
        url: '/api/v1/materials/upload',
        body,
        // The online try's key, when it was cut off: should the server have stored it, the
        // delivery gets that material instead of making a second one.
        clientRequestId: u.idempotencyKey ?? newId(),
        subject: {
          title: u.title,
          description: u.description,
          fileNames: u.files.map((f) => f.name),
          bytes,
        },
      },
      u.files.map((f) => ({ name: f.name, type: f.type, lastModified: f.lastModified, blob: f })),
    );
  } catch (err) {
    if (isQuotaError(err)) throw new OfflineStorageError('quota');
    throw err;
  }
  void requestFlush('enqueue');
}
