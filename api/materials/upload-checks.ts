import { AppError } from '../lib/errors.js';
import { formatMb } from './file-types.js';

/** The limits one upload request is received under (config `uploads`). */
export interface UploadLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxRequestBytes: number;
}

/** Largest value of one form field (title, description). */
export const FIELD_LIMIT_BYTES = 64 * 1024;

/** busboy's limits for an upload under `limits`. */
export function parserLimits(limits: UploadLimits) {
  return {
    files: limits.maxFiles,
    // busboy reports `limit` when a file reaches fileSize, so allow exactly the maximum.
    fileSize: limits.maxFileBytes + 1,
    fieldSize: FIELD_LIMIT_BYTES,
    fields: 20,
    parts: limits.maxFiles + 20,
  };
}

/** Which received field a form field fills: the spec's names and the older ones. */
export function fieldSlot(name: string): 'title' | 'description' | undefined {
  if (name === 'title' || name === 'name') return 'title';
  if (name === 'description' || name === 'content') return 'description';
  return undefined;
}

export const requestTooLarge = (limits: UploadLimits) =>
  new AppError('REQUEST_TOO_LARGE', { params: { limit: formatMb(limits.maxRequestBytes) } });

export const fileTooLarge = (fileName: string, limits: UploadLimits) =>
  new AppError('FILE_TOO_LARGE', {
    params: { name: fileName, limit: formatMb(limits.maxFileBytes) },
    details: { fileName },
  });

export const fileEmpty = (fileName: string) =>
  new AppError('FILE_EMPTY', { params: { name: fileName }, details: { fileName } });

export const tooManyFiles = (limits: UploadLimits) =>
  new AppError('TOO_MANY_FILES', {
    params: { max: limits.maxFiles },
    details: { max: limits.maxFiles },
  });

export const fieldTooLong = (name: string) =>
  new AppError('VALIDATION_FAILED', { details: { fields: { [name]: 'too long' } } });

/** An error of the stream or the parser, as the upload's answer: our own errors pass through. */
export const malformed = (err: unknown) =>
  err instanceof AppError ? err : new AppError('UPLOAD_MALFORMED', { cause: err });

/**
 * Refuses a request whose declared length is over the limit, before a byte of it is read.
 * Throws REQUEST_TOO_LARGE.
 */
export function checkDeclaredLength(contentLength: string | undefined, limits: UploadLimits) {
  if (contentLength === undefined) return;
  const declared = Number(contentLength);
  if (Number.isFinite(declared) && declared > limits.maxRequestBytes) {
    throw requestTooLarge(limits);
  }
}
