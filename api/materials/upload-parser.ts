import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { AppError } from '../lib/errors.js';
import { cleanFileName, formatMb } from './file-types.js';

export interface UploadLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxRequestBytes: number;
}

/** One uploaded file, written to a temporary file and not yet checked. */
export interface ReceivedFile {
  fileName: string;
  /** What the browser claimed; informative only, the content decides the type. */
  declaredType: string;
  tempPath: string;
  size: number;
  /** sha256 (hex) of the bytes received, known once the upload is received. */
  sha256: string;
}

/**
 * The learner's storage left (issue 19): the files of one upload together may not pass
 * `availableBytes`; the byte that would is never written, and the upload fails with `exceeded()`.
 */
export interface StorageAllowance {
  availableBytes: number;
  exceeded: () => unknown;
}

export interface ReceivedUpload {
  fields: { title?: string; description?: string };
  files: ReceivedFile[];
  /** This upload's own folder under DATA_DIR/tmp; remove it with discardUpload. */
  tempDir: string;
}

export interface UploadRequest {
  body: Readable | null;
  contentType: string | undefined;
  contentLength: string | undefined;
}

const FIELD_LIMIT_BYTES = 64 * 1024;

/**
 * Refuses a request whose declared length is over the limit, before a byte of it is read.
 * Throws REQUEST_TOO_LARGE.
 */
export function checkDeclaredLength(contentLength: string | undefined, limits: UploadLimits) {
  if (contentLength === undefined) return;
  const declared = Number(contentLength);
  if (Number.isFinite(declared) && declared > limits.maxRequestBytes) {
    throw new AppError('REQUEST_TOO_LARGE', {
      params: { limit: formatMb(limits.maxRequestBytes) },
    });
  }
}

/**
 * Streams a multipart/form-data upload (fields title, description; files) to temporary files,
 * counting bytes as they arrive and stopping at the first broken rule: REQUEST_TOO_LARGE,
 * TOO_MANY_FILES, FILE_TOO_LARGE, FILE_EMPTY, NO_FILES or UPLOAD_MALFORMED. On failure it
 * removes everything it wrote before rejecting; on success the caller owns `tempDir`.
 */
export async function receiveUpload(
  req: UploadRequest,
  limits: UploadLimits,
  tempRoot: string,
  storage?: StorageAllowance,
): Promise<ReceivedUpload> {
  checkDeclaredLength(req.contentLength, limits);
  if (storage && storage.availableBytes <= 0) throw storage.exceeded();
  if (!req.body || !/^multipart\/form-data/i.test(req.contentType ?? '')) {
    throw new AppError('UPLOAD_MALFORMED');
  }
  const source = req.body;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': req.contentType },
      defParamCharset: 'utf8',
      limits: {
        files: limits.maxFiles,
        // busboy reports `limit` when a file reaches fileSize, so allow exactly the maximum.
        fileSize: limits.maxFileBytes + 1,
        fieldSize: FIELD_LIMIT_BYTES,
        fields: 20,
        parts: limits.maxFiles + 20,
      },
    });
  } catch (err) {
    throw new AppError('UPLOAD_MALFORMED', { cause: err });
  }

  const tempDir = path.join(tempRoot, randomUUID());
  await fsp.mkdir(tempDir, { recursive: true });
  const fields: ReceivedUpload['fields'] = {};
  const files: ReceivedFile[] = [];
  const writers: fs.WriteStream[] = [];
  const writes: Promise<void>[] = [];
  let failure: unknown;
  let requestBytes = 0;
  /** Bytes of every file of this upload so far, against the learner's storage left. */
  let fileBytes = 0;

  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      requestBytes += chunk.length;
      if (requestBytes > limits.maxRequestBytes) {
        fail(
          new AppError('REQUEST_TOO_LARGE', {
            params: { limit: formatMb(limits.maxRequestBytes) },
          }),
        );
        return done();
      }
      done(null, chunk);
    },
  });

  let rejectParse!: (err: unknown) => void;
  const parsed = new Promise<void>((resolve, reject) => {
    rejectParse = reject;
    parser.on('close', resolve);
  });

  /** Stops reading at once; the rest of the body is never looked at. */
  function fail(err: unknown) {
    if (failure) return;
    failure = err;
    source.unpipe(counter);
    counter.unpipe(parser);
    source.pause();
    for (const w of writers) w.destroy();
    rejectParse(err);
  }

  parser.on('field', (name, value, info) => {
    if (failure) return;
    if (info.valueTruncated) {
      fail(new AppError('VALIDATION_FAILED', { details: { fields: { [name]: 'too long' } } }));
    } else if (name === 'title' || name === 'name') {
      fields.title ??= value;
    } else if (name === 'description' || name === 'content') {
      fields.description ??= value;
    }
  });

  parser.on('file', (_field, stream, info) => {
    const fileName = cleanFileName(info.filename);
    if (failure || !fileName) {
      // An empty <input type=file> arrives as a part without a name: not a file.
      stream.resume();
      return;
    }
    const tempPath = path.join(tempDir, String(files.length));
    const entry: ReceivedFile = {
      fileName,
      declaredType: info.mimeType,
      tempPath,
      size: 0,
      sha256: '',
    };
    files.push(entry);
    const hash = createHash('sha256');
    // Counts and hashes each chunk before it is written: past the storage left it stops there.
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        fileBytes += chunk.length;
        if (storage && fileBytes > storage.availableBytes) {
          fail(storage.exceeded());
          return done();
        }
        hash.update(chunk);
        done(null, chunk);
      },
    });
    stream.on('limit', () =>
      fail(
        new AppError('FILE_TOO_LARGE', {
          params: { name: fileName, limit: formatMb(limits.maxFileBytes) },
          details: { fileName },
        }),
      ),
    );
    const writer = fs.createWriteStream(tempPath, { flags: 'wx' });
    writers.push(writer);
    const closed = new Promise<void>((resolve) => writer.once('close', resolve));
    writes.push(
      pipeline(stream, meter, writer)
        .then(() => {
          entry.size = writer.bytesWritten;
          entry.sha256 = hash.digest('hex');
          if (entry.size === 0 && !failure) {
            fail(new AppError('FILE_EMPTY', { params: { name: fileName }, details: { fileName } }));
          }
        })
        .catch((err: unknown) => fail(failure ? failure : malformed(err)))
        // Settle only once the descriptor is closed, so cleanup cannot race a late open.
        .finally(() => closed),
    );
  });

  parser.on('filesLimit', () =>
    fail(
      new AppError('TOO_MANY_FILES', {
        params: { max: limits.maxFiles },
        details: { max: limits.maxFiles },
      }),
    ),
  );
  parser.on('error', (err) => fail(malformed(err)));
  source.on('error', (err) => fail(malformed(err)));

  source.pipe(counter).pipe(parser);

  try {
    await parsed;
    await Promise.all(writes);
    if (failure) throw failure;
    if (files.length === 0) throw new AppError('NO_FILES');
    return { fields, files, tempDir };
  } catch (err) {
    fail(err);
    await Promise.allSettled(writes);
    await fsp.rm(tempDir, { recursive: true, force: true });
    throw failure;
  }
}

/** Removes an upload's temporary files. */
export async function discardUpload(upload: Pick<ReceivedUpload, 'tempDir'>): Promise<void> {
  await fsp.rm(upload.tempDir, { recursive: true, force: true });
}

function malformed(err: unknown) {
  return err instanceof AppError ? err : new AppError('UPLOAD_MALFORMED', { cause: err });
}
