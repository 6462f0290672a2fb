import { ApiError } from '../../../lib/api-client';
import { OfflineStorageError } from '../api/queue-upload';
import { UploadNetworkError } from '../api/upload-material';
import type { Rejection } from './upload-rules';

/** A message of the upload screen, kept as key + values so it follows a language switch. */
export type UploadNotice =
  | { kind: 'tooMany' }
  | { kind: 'rejected'; items: Array<{ name: string; reason: Rejection }> }
  /** The server's message for one file (already in the current language); stays until a change. */
  | { kind: 'server'; text: string; fileName?: string }
  | { kind: 'failed' }
  | { kind: 'offline' }
  /** Offline, and the files cannot be kept on the device until the connection is back. */
  | { kind: 'storageFull' }
  | { kind: 'storageCap' }
  | { kind: 'cancelled' };

/** Which message a failed upload shows (spec 8: the failure text unless the server named a file). */
export function noticeFor(err: unknown): UploadNotice {
  if (err instanceof DOMException && err.name === 'AbortError') return { kind: 'cancelled' };
  if (err instanceof OfflineStorageError) {
    return { kind: err.reason === 'cap' ? 'storageCap' : 'storageFull' };
  }
  if (err instanceof UploadNetworkError) return { kind: 'offline' };
  if (err instanceof ApiError && err.message && err.status < 500 && err.status !== 401) {
    const fileName = typeof err.data.fileName === 'string' ? err.data.fileName : undefined;
    if (fileName || FILE_CODES.has(err.code ?? ''))
      return { kind: 'server', text: err.message, fileName };
  }
  if (err instanceof ApiError && err.code === 'OCR_LANGUAGE_MISSING') {
    return { kind: 'server', text: err.message };
  }
  return { kind: 'failed' };
}

/** Codes whose message tells the learner what to change (all but the generic ones). */
const FILE_CODES = new Set([
  'NO_FILES',
  'TOO_MANY_FILES',
  'FILE_TOO_LARGE',
  'REQUEST_TOO_LARGE',
  'STORAGE_QUOTA_EXCEEDED',
  'UPLOAD_RATE_LIMITED',
  'IDEMPOTENCY_KEY_REUSED',
  'FILE_EMPTY',
  'FILE_TYPE_UNSUPPORTED',
  'FILE_TYPE_MISMATCH',
  'FILE_DAMAGED',
  'PDF_PASSWORD_PROTECTED',
  'OFFICE_PASSWORD_PROTECTED',
  'ARCHIVE_TOO_LARGE',
  'EXTRACTION_TIMEOUT',
  'EXTRACTION_MEMORY',
  'NO_TEXT_FOUND',
  'LEGACY_FORMAT_UNAVAILABLE',
]);
