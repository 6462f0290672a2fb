import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../lib/errors.js';
import { extractInThisThread } from './registry.js';
import type { ExtractJob } from './types.js';

// Runs one extraction job off the main event loop and posts back the result or an error code.
const job = workerData as ExtractJob;
extractInThisThread(job).then(
  (result) => parentPort!.postMessage({ ok: true, result }),
  (err: unknown) =>
    parentPort!.postMessage({
      ok: false,
      code: err instanceof AppError ? err.code : 'FILE_DAMAGED',
      params: err instanceof AppError ? err.params : {},
      message: String((err as Error)?.message ?? err),
    }),
);
