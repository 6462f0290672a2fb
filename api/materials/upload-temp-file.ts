import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { byteMeter } from './byte-meter.js';

/** Creates one upload's own folder under `tempRoot`. */
export async function makeUploadDir(tempRoot: string): Promise<string> {
  const tempDir = path.join(tempRoot, randomUUID());
  await fsp.mkdir(tempDir, { recursive: true });
  return tempDir;
}

/** Removes an upload's temporary files. */
export async function discardUpload(upload: { tempDir: string }): Promise<void> {
  await fsp.rm(upload.tempDir, { recursive: true, force: true });
}

export interface TempFileWrite {
  /** Settles once the bytes are written, or the write failed. */
  done: Promise<{ size: number; sha256: string }>;
  /** Resolves once the file's descriptor is closed. */
  closed: Promise<void>;
  /** Stops the write at once (the upload failed). */
  destroy: () => void;
}

/**
 * Writes `stream` to `tempPath` (which must not exist), hashing each chunk with sha256 after
 * `check` let it through; a chunk `check` refuses is not written and `onRefused` is told.
 */
export function writeTempFile(
  stream: Readable,
  tempPath: string,
  check: (chunk: Buffer) => unknown,
  onRefused: (err: unknown) => void,
): TempFileWrite {
  const hash = createHash('sha256');
  const meter = byteMeter((chunk) => {
    const refused = check(chunk);
    if (!refused) hash.update(chunk);
    return refused;
  }, onRefused);
  const writer = fs.createWriteStream(tempPath, { flags: 'wx' });
  const closed = new Promise<void>((resolve) => writer.once('close', resolve));
  const done = pipeline(stream, meter, writer).then(() => ({
    size: writer.bytesWritten,
    sha256: hash.digest('hex'),
  }));
  return { done, closed, destroy: () => writer.destroy() };
}
