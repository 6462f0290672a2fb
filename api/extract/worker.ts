import { parentPort } from 'node:worker_threads';
import { AppError } from '../lib/errors.js';
import { extractInThisThread } from './registry.js';
import type { ExtractJob } from './types.js';

// Serves extraction jobs off the main event loop, one at a time (the pool sends the next only
// after the reply), and posts back the result or an error code under the job's id.
parentPort!.on('message', ({ id, job }: { id: number; job: ExtractJob }) => {
  extractInThisThread(job).then(
    (result) => parentPort!.postMessage({ id, ok: true, result }),
    (err: unknown) =>
      parentPort!.postMessage({
        id,
        ok: false,
        code: err instanceof AppError ? err.code : 'FILE_DAMAGED',
        params: err instanceof AppError ? err.params : {},
        message: String((err as Error)?.message ?? err),
      }),
  );
});
