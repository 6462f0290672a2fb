import path from 'node:path';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { AppError } from '../lib/errors.js';
import { byteMeter } from './byte-meter.js';
import { cleanFileName } from './file-types.js';
import {
  checkDeclaredLength,
  fieldSlot,
  fieldTooLong,
  fileEmpty,
  fileTooLarge,
  malformed,
  parserLimits,
  requestTooLarge,
  tooManyFiles,
  type UploadLimits,
} from './upload-checks.js';
import {
  discardUpload,
  makeUploadDir,
  writeTempFile,
  type TempFileWrite,
} from './upload-temp-file.js';

export { checkDeclaredLength, type UploadLimits } from './upload-checks.js';
export { discardUpload } from './upload-temp-file.js';

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
      limits: parserLimits(limits),
    });
  } catch (err) {
    throw new AppError('UPLOAD_MALFORMED', { cause: err });
  }

  const tempDir = await makeUploadDir(tempRoot);
  const fields: ReceivedUpload['fields'] = {};
  const files: ReceivedFile[] = [];
  const writes: TempFileWrite[] = [];
  const written: Promise<void>[] = [];
  let failure: unknown;
  let requestBytes = 0;
  /** Bytes of every file of this upload so far, against the learner's storage left. */
  let fileBytes = 0;

  const counter = byteMeter((chunk) => {
    requestBytes += chunk.length;
    return requestBytes > limits.maxRequestBytes ? requestTooLarge(limits) : undefined;
  }, fail);

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
    for (const w of writes) w.destroy();
    rejectParse(err);
  }

  parser.on('field', (name, value, info) => {
    if (failure) return;
    if (info.valueTruncated) return fail(fieldTooLong(name));
    const slot = fieldSlot(name);
    if (slot) fields[slot] ??= value;
  });

  parser.on('file', (_field, stream, info) => {
    const fileName = cleanFileName(info.filename);
    if (failure || !fileName) {
      // An empty <input type=file> arrives as a part without a name: not a file.
      stream.resume();
      return;
    }
    const entry: ReceivedFile = {
      fileName,
      declaredType: info.mimeType,
      tempPath: path.join(tempDir, String(files.length)),
      size: 0,
      sha256: '',
    };
    files.push(entry);
    stream.on('limit', () => fail(fileTooLarge(fileName, limits)));
    // Each chunk is counted before it is written: past the storage left it stops there.
    const write = writeTempFile(
      stream,
      entry.tempPath,
      (chunk) => {
        fileBytes += chunk.length;
        return storage && fileBytes > storage.availableBytes ? storage.exceeded() : undefined;
      },
      fail,
    );
    writes.push(write);
    written.push(
      write.done
        .then(({ size, sha256 }) => {
          entry.size = size;
          entry.sha256 = sha256;
          if (size === 0 && !failure) fail(fileEmpty(fileName));
        })
        .catch((err: unknown) => fail(failure ? failure : malformed(err)))
        // Settle only once the descriptor is closed, so cleanup cannot race a late open.
        .finally(() => write.closed),
    );
  });

  parser.on('filesLimit', () => fail(tooManyFiles(limits)));
  parser.on('error', (err) => fail(malformed(err)));
  source.on('error', (err) => fail(malformed(err)));

  source.pipe(counter).pipe(parser);

  try {
    await parsed;
    await Promise.all(written);
    if (failure) throw failure;
    if (files.length === 0) throw new AppError('NO_FILES');
    return { fields, files, tempDir };
  } catch (err) {
    fail(err);
    await Promise.allSettled(written);
    await discardUpload({ tempDir });
    throw failure;
  }
}
