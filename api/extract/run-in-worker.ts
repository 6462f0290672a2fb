import { Worker } from 'node:worker_threads';
import { AppError, type ErrorCode } from '../lib/errors.js';
import type { ExtractJob, FileExtraction } from './types.js';

const workerUrl = new URL('./worker-entry.mjs', import.meta.url);

/**
 * Runs one extraction in a worker thread with a heap cap and a time limit, so a hostile or
 * huge file cannot stall or crash the server: it ends as EXTRACTION_TIMEOUT or
 * EXTRACTION_MEMORY instead.
 */
export function runInWorker(job: ExtractJob, signal?: AbortSignal): Promise<FileExtraction> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, {
      workerData: job,
      resourceLimits: {
        maxOldGenerationSizeMb: job.limits.maxMemoryMb,
        maxYoungGenerationSizeMb: 64,
      },
      stdout: true,
      stderr: true,
    });
    // Library chatter (pdf.js, tesseract) stays out of the server's log.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () => finish(() => reject(new AppError('EXTRACTION_TIMEOUT'))),
      job.limits.timeoutMs,
    );
    const onAbort = () => finish(() => reject(new AppError('EXTRACTION_CANCELLED')));
    signal?.addEventListener('abort', onAbort, { once: true });

    worker.on(
      'message',
      (msg: {
        ok: boolean;
        result?: FileExtraction;
        code?: string;
        params?: Record<string, string | number>;
        message?: string;
      }) => {
        if (msg.ok) finish(() => resolve(msg.result!));
        else
          finish(() =>
            reject(
              new AppError((msg.code as ErrorCode) ?? 'FILE_DAMAGED', {
                params: msg.params,
                cause: msg.message,
              }),
            ),
          );
      },
    );
    worker.on('error', (err: Error & { code?: string }) => {
      const code: ErrorCode =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'EXTRACTION_MEMORY' : 'FILE_DAMAGED';
      finish(() => reject(new AppError(code, { cause: err })));
    });
    worker.on('exit', (exitCode) => {
      finish(() => reject(new AppError(exitCode === 0 ? 'FILE_DAMAGED' : 'EXTRACTION_MEMORY')));
    });
  });
}
