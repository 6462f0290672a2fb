import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { AppError } from '../lib/errors.js';
import { extractInThisThread, streamInThisThread } from './registry.js';
import {
  LANGUAGE_SAMPLE_CHARS,
  languageSample,
  type ExtractJob,
  type FileExtraction,
  type FileSummary,
  type StreamedExtraction,
} from './types.js';

/** Characters of NDJSON gathered before one write: bounded memory, few system calls. */
const WRITE_CHARS = 1 << 20;

/** Runs a file operation; a full or broken disk is the server's problem, not a damaged file. */
function onDisk<T>(operation: () => T): T {
  try {
    return operation();
  } catch (err) {
    throw new AppError('INTERNAL', { cause: err });
  }
}

/**
 * Writes the blocks as NDJSON lines `{text, location}` (trimmed, empty ones left out) as the
 * extractor gives them out, and sums them up. Posting 20 MB of blocks as one message would copy
 * them into a structured clone here and again into the main thread's heap; a file costs the
 * main thread nothing until it is read back a batch at a time, and a streaming extractor's
 * blocks are never all in memory here either. Errors of the extraction itself pass through.
 * The writes are synchronous: this thread has nothing else to do meanwhile, and each
 * asynchronous one would be a round trip through the thread pool (slow on a busy machine).
 */
async function writeBlocks(result: StreamedExtraction, blocksPath: string): Promise<FileSummary> {
  const out = onDisk(() => fs.openSync(blocksPath, 'wx'));
  let blockCount = 0;
  const head: string[] = [];
  let headChars = 0;
  try {
    let lines: string[] = [];
    let chars = 0;
    for await (const block of result.blocks) {
      const text = block.text.trim();
      if (text.length === 0) continue;
      const line = JSON.stringify({ text, location: block.location }) + '\n';
      lines.push(line);
      chars += line.length;
      blockCount++;
      if (headChars < LANGUAGE_SAMPLE_CHARS) {
        head.push(text);
        headChars += text.length + 1;
      }
      if (chars >= WRITE_CHARS) {
        const batch = lines.join('');
        lines = [];
        chars = 0;
        onDisk(() => fs.writeSync(out, batch));
      }
    }
    if (lines.length > 0) {
      const batch = lines.join('');
      onDisk(() => fs.writeSync(out, batch));
    }
  } finally {
    fs.closeSync(out);
  }
  return { blockCount, sample: languageSample(head), warnings: result.warnings };
}

/** One job: the extraction itself, or (with blocksPath) its blocks written to that file. */
async function serve(
  job: ExtractJob,
  blocksPath: string | undefined,
): Promise<{ result: FileExtraction } | { summary: FileSummary }> {
  if (!blocksPath) return { result: await extractInThisThread(job) };
  return { summary: await writeBlocks(await streamInThisThread(job), blocksPath) };
}

/** The message that goes back with an error code: the underlying cause when there is one. */
function messageOf(err: unknown): string {
  const cause = err instanceof AppError && err.cause !== undefined ? err.cause : err;
  return String((cause as Error)?.message ?? cause);
}

// Serves extraction jobs off the main event loop, one at a time (the pool sends the next only
// after the reply), and posts back the answer or an error code under the job's id.
parentPort!.on(
  'message',
  ({ id, job, blocksPath }: { id: number; job: ExtractJob; blocksPath?: string }) => {
    serve(job, blocksPath).then(
      (answer) => parentPort!.postMessage({ id, ok: true, ...answer }),
      (err: unknown) =>
        parentPort!.postMessage({
          id,
          ok: false,
          code: err instanceof AppError ? err.code : 'FILE_DAMAGED',
          params: err instanceof AppError ? err.params : {},
          message: messageOf(err),
        }),
    );
  },
);
