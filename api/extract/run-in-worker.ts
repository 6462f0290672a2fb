import type { ExtractJob, FileExtraction, FileSummary } from './types.js';
import { WorkerPool, type PoolStats } from './worker-pool.js';

const pool = new WorkerPool();

/**
 * Runs one extraction on a warm worker thread with a heap cap and a time limit, so a hostile or
 * huge file cannot stall or crash the server: it ends as EXTRACTION_TIMEOUT or
 * EXTRACTION_MEMORY instead.
 */
export function runInWorker(job: ExtractJob, signal?: AbortSignal): Promise<FileExtraction> {
  return pool.run(job, signal);
}

/**
 * Runs one extraction like runInWorker, but the worker writes the blocks to `blocksPath` as
 * NDJSON and answers only a summary, so a large file's text never crosses into this thread.
 */
export function runToFileInWorker(
  job: ExtractJob,
  blocksPath: string,
  signal?: AbortSignal,
): Promise<FileSummary> {
  return pool.runToFile(job, blocksPath, signal);
}

/** Stops the idle and running extraction workers (tests, shutdown). */
export function closeExtractionWorkers(): Promise<void> {
  return pool.close();
}

/** How many extraction workers were started and which are idle, for tests and diagnostics. */
export function extractionPoolStats(): PoolStats {
  return pool.stats();
}
