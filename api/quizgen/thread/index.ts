import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/errors.js';
import type { QuizGenerator } from '../types.js';
import type { FromWorker } from './protocol.js';

const entry = new URL('./entry.mjs', import.meta.url);

// Only our own listeners: Worker keeps internal ones (removeAllListeners() would stop its
// message port from ever delivering again).
const detach = (worker: Worker) => {
  for (const event of ['message', 'error', 'exit']) worker.removeAllListeners(event);
};

export interface WorkerGeneratorOptions {
  /** How long the warm worker waits for the next generation before it stops. */
  idleMs?: number;
  /** Old-generation heap of a generation worker, in MB. */
  maxMemoryMb?: number;
  /** A generation still running after this long is stopped (GENERATION_FAILED). */
  timeoutMs?: number;
}

/**
 * The built-in generator run in a worker thread. Its analysis of a long document is CPU work
 * measured in seconds; on the main thread it would stall every other request, progress polls
 * and the cancel call included. In a thread, cancelling is immediate: the thread is stopped.
 * One warm worker is kept for the next generation; overlapping generations get their own.
 */
export function createWorkerBuiltinGenerator(options: WorkerGeneratorOptions = {}): QuizGenerator {
  const idleMs = options.idleMs ?? 60_000;
  const maxMemoryMb = options.maxMemoryMb ?? 512;
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  let warm: { worker: Worker; timer: ReturnType<typeof setTimeout> } | undefined;

  const take = (): Worker => {
    if (warm) {
      clearTimeout(warm.timer);
      const { worker } = warm;
      warm = undefined;
      worker.ref();
      return worker;
    }
    return new Worker(entry, { resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb } });
  };

  const release = (worker: Worker) => {
    detach(worker);
    if (warm) {
      void worker.terminate();
      return;
    }
    worker.unref();
    // A warm worker that dies on its own is simply forgotten.
    worker.on('error', () => {});
    worker.on('exit', () => {
      if (warm?.worker === worker) warm = undefined;
    });
    const timer = setTimeout(() => {
      if (warm?.worker === worker) warm = undefined;
      void worker.terminate();
    }, idleMs);
    timer.unref();
    warm = { worker, timer };
  };

  return {
    generate(doc, settings, opts = {}) {
      if (opts.signal?.aborted) return Promise.reject(new AppError('GENERATION_CANCELLED'));
      const worker = take();
      return new Promise((resolve, reject) => {
        let settled = false;
        const finish = (keep: boolean, fn: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          opts.signal?.removeEventListener('abort', onAbort);
          if (keep) release(worker);
          else {
            detach(worker);
            void worker.terminate();
          }
          fn();
        };
        const onAbort = () => finish(false, () => reject(new AppError('GENERATION_CANCELLED')));
        const timer = setTimeout(
          () => finish(false, () => reject(new AppError('GENERATION_FAILED'))),
          timeoutMs,
        );
        opts.signal?.addEventListener('abort', onAbort);
        worker.on('message', (msg: FromWorker) => {
          if (msg.type === 'progress') opts.onProgress?.(msg.stage, msg.fraction);
          else if (msg.type === 'done') finish(true, () => resolve(msg.result));
          else
            finish(true, () =>
              reject(
                new AppError(msg.code ?? 'GENERATION_FAILED', { cause: new Error(msg.message) }),
              ),
            );
        });
        worker.on('error', (err) =>
          finish(false, () => reject(new AppError('GENERATION_FAILED', { cause: err }))),
        );
        worker.on('exit', () => finish(false, () => reject(new AppError('GENERATION_FAILED'))));
        worker.postMessage({ doc, settings });
      });
    },
  };
}
