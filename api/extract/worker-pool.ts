import fs from 'node:fs';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { AppError, type ErrorCode } from '../lib/errors.js';
import type { ExtractJob, FileExtraction, FileSummary } from './types.js';

const workerEntry = new URL('./worker-entry.mjs', import.meta.url);

export interface PoolOptions {
  /** Idle workers kept warm; more run side by side when jobs overlap, then stop. */
  size: number;
  /** How long an idle worker waits for its next job before it is stopped. */
  idleMs: number;
  /** Jobs one worker serves before it is retired, so leaks in the libraries stay bounded. */
  maxJobsPerWorker: number;
}

export const defaultPoolOptions: PoolOptions = { size: 2, idleMs: 60_000, maxJobsPerWorker: 50 };

export interface PoolStats {
  /** Workers started since the pool was created. */
  started: number;
  busy: number;
  /** Thread ids of the idle workers, the one to be reused next last. */
  idleThreadIds: number[];
}

interface Reply {
  id: number;
  ok: boolean;
  result?: FileExtraction;
  summary?: FileSummary;
  code?: string;
  params?: Record<string, string | number>;
  message?: string;
}

/**
 * Old generation a worker's heap starts with, in MB (at most half its cap). V8 otherwise starts
 * a fresh isolate's old generation small and sizes it from what survives each full collection;
 * pdf.js keeps little alive between pages but makes a great deal of short-lived shapes, so a
 * small heap meant a full collection every page or two, each throwing away optimized code that
 * was built for shapes now dead: measured on 24 PDF jobs, 19 full collections and a third more
 * time than with 96 MB, 4 collections (docs/decisions/0004, "Speed"). Text and CSV workers
 * stream and keep the heap low anyway.
 */
export const INITIAL_OLD_SPACE_MB = 96;

/**
 * V8 reads --initial-old-space-size when an isolate is made, and a worker's isolate is made on
 * its own thread after `new Worker` returns: the flag is set before a worker is started and put
 * back (0: V8 decides) once no worker is starting any more, so the main thread's heap, made long
 * before, and isolates that others make later keep V8's own sizing. Returns the "started" call.
 */
let workersStarting = 0;
function beginWorkerStart(initialMb: number): () => void {
  if (initialMb <= 0) return () => {};
  if (workersStarting++ === 0) v8.setFlagsFromString(`--initial-old-space-size=${initialMb}`);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--workersStarting === 0) v8.setFlagsFromString('--initial-old-space-size=0');
  };
}

/** Inputs above this size retire their worker afterwards instead of returning it to the pool. */
const HEAVY_INPUT_BYTES = 5 * 1024 * 1024;

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

interface Slot {
  worker: Worker;
  /** Heap cap the worker was started with; only jobs with the same cap may reuse it. */
  memoryMb: number;
  jobs: number;
  idleTimer?: ReturnType<typeof setTimeout>;
  /** The job running on this worker, if any. */
  current?: { id: number; reply: (msg: Reply) => void; die: (err: AppError) => void };
}

/**
 * Warm extraction workers: starting a thread and loading tsx and pdf.js costs about a second,
 * so up to `size` idle workers wait for the next job. A worker that timed out, was cancelled
 * or crashed is stopped, never reused, and idle workers never keep the process alive.
 */
export class WorkerPool {
  private readonly idle: Slot[] = [];
  private readonly busy = new Set<Slot>();
  private started = 0;
  private nextId = 1;

  constructor(
    private readonly options: PoolOptions = defaultPoolOptions,
    private readonly url: URL = workerEntry,
  ) {}

  /** Runs one job on a warm or new worker, with the job's heap cap and time limit. */
  run(job: ExtractJob, signal?: AbortSignal): Promise<FileExtraction> {
    return this.exec(job, undefined, signal).then((msg) => msg.result!);
  }

  /**
   * Runs one job like `run`, but the worker writes the blocks to `blocksPath` (NDJSON, see
   * FileSummary) and answers only their count, a language sample and the warnings.
   */
  runToFile(job: ExtractJob, blocksPath: string, signal?: AbortSignal): Promise<FileSummary> {
    return this.exec(job, blocksPath, signal).then((msg) => msg.summary!);
  }

  private exec(
    job: ExtractJob,
    blocksPath: string | undefined,
    signal?: AbortSignal,
  ): Promise<Reply> {
    if (signal?.aborted) return Promise.reject(new AppError('EXTRACTION_CANCELLED'));
    const slot = this.take(job.limits.maxMemoryMb);
    // V8 keeps a heap grown by a big file: such a worker is not kept warm.
    const heavy = fileSize(job.path) > HEAVY_INPUT_BYTES;
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      let settled = false;
      const finish = (reusable: boolean, settle: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        slot.current = undefined;
        this.busy.delete(slot);
        if (reusable && !heavy) this.release(slot);
        else this.stop(slot);
        settle();
      };
      const timer = setTimeout(
        () => finish(false, () => reject(new AppError('EXTRACTION_TIMEOUT'))),
        job.limits.timeoutMs,
      );
      const onAbort = () => finish(false, () => reject(new AppError('EXTRACTION_CANCELLED')));
      signal?.addEventListener('abort', onAbort, { once: true });
      slot.current = {
        id,
        reply: (msg) =>
          finish(true, () =>
            msg.ok
              ? resolve(msg)
              : reject(
                  new AppError((msg.code as ErrorCode) ?? 'FILE_DAMAGED', {
                    params: msg.params,
                    cause: msg.message,
                  }),
                ),
          ),
        die: (err) => finish(false, () => reject(err)),
      };
      slot.worker.postMessage({ id, job, blocksPath });
    });
  }

  stats(): PoolStats {
    return {
      started: this.started,
      busy: this.busy.size,
      idleThreadIds: this.idle.map((s) => s.worker.threadId),
    };
  }

  /** Stops every worker; running jobs end as EXTRACTION_CANCELLED. The pool stays usable. */
  async close(): Promise<void> {
    const slots = [...this.idle, ...this.busy];
    for (const slot of slots) slot.current?.die(new AppError('EXTRACTION_CANCELLED'));
    await Promise.all(slots.map((slot) => this.stop(slot)));
  }

  private take(memoryMb: number): Slot {
    const index = this.idle.findLastIndex((s) => s.memoryMb === memoryMb);
    const slot = index >= 0 ? this.idle.splice(index, 1)[0]! : this.spawn(memoryMb);
    clearTimeout(slot.idleTimer);
    slot.worker.ref();
    slot.jobs++;
    this.busy.add(slot);
    return slot;
  }

  private spawn(memoryMb: number): Slot {
    const started = beginWorkerStart(Math.min(INITIAL_OLD_SPACE_MB, Math.floor(memoryMb / 2)));
    let worker: Worker;
    try {
      worker = new Worker(this.url, {
        // Not the server's `--import tsx`: the entry registers tsx itself, and inheriting the
        // flag loads it twice, ~10 MB more per worker.
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 64 },
        stdout: true,
        stderr: true,
      });
    } catch (err) {
      started();
      throw err;
    }
    worker.once('online', started);
    worker.once('exit', started);
    // Library chatter (pdf.js, tesseract) stays out of the server's log.
    worker.stdout.resume();
    worker.stderr.resume();
    this.started++;
    const slot: Slot = { worker, memoryMb, jobs: 0 };
    worker.on('message', (msg: Reply) => {
      if (slot.current?.id === msg.id) slot.current.reply(msg);
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const code: ErrorCode =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'EXTRACTION_MEMORY' : 'FILE_DAMAGED';
      this.forget(slot);
      slot.current?.die(new AppError(code, { cause: err }));
    });
    worker.on('exit', (exitCode) => {
      this.forget(slot);
      slot.current?.die(new AppError(exitCode === 0 ? 'FILE_DAMAGED' : 'EXTRACTION_MEMORY'));
    });
    return slot;
  }

  private release(slot: Slot): void {
    if (slot.jobs >= this.options.maxJobsPerWorker || this.idle.length >= this.options.size) {
      void this.stop(slot);
      return;
    }
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => void this.stop(slot), this.options.idleMs);
    slot.idleTimer.unref();
    this.idle.push(slot);
  }

  private forget(slot: Slot): void {
    clearTimeout(slot.idleTimer);
    const index = this.idle.indexOf(slot);
    if (index >= 0) this.idle.splice(index, 1);
  }

  private async stop(slot: Slot): Promise<void> {
    this.forget(slot);
    this.busy.delete(slot);
    await slot.worker.terminate();
  }
}
