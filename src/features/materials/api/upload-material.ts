import { z } from 'zod/mini';
import i18n from '../../../i18n';
import { apiErrorFrom, reportUnauthorized } from '../../../lib/api-client';
import { answerRecord } from '../../../lib/api-answer';
import { getCookie } from '../../../lib/cookies';
import { TOKEN_COOKIE } from '../../../config/constants';
import { saveMaterial } from '../../../db/cache';
import { currentUserId } from '../../../stores/auth-store';
import { normalizeMaterial, type Material } from '../lib/material';
import { detailCache } from './detail-cache';
import { MATERIALS_PATH } from './paths';

export const UPLOAD_PATH = `${MATERIALS_PATH}/upload`;

export const uploadInputSchema = z.object({
  title: z.string(),
  description: z.string(),
  // At least one; the upper limit is the server's (the page checks it from GET upload-limits).
  files: z.array(z.instanceof(File)).check(z.minLength(1)),
});
export type UploadInput = z.infer<typeof uploadInputSchema>;

export interface UploadCallbacks {
  /**
   * Sent as Idempotency-Key: a retry with the same key (the outbox's, after the connection
   * dropped) gets the material this one made instead of a second one.
   */
  idempotencyKey?: string;
  /** Share of the request body sent so far, 0…1. */
  onProgress?: (fraction: number) => void;
  /** Every byte is sent; the server is now reading the files (extraction, maybe OCR). */
  onSent?: () => void;
  signal?: AbortSignal;
}

/** Thrown when the request never got an answer (offline, connection dropped). */
export class UploadNetworkError extends Error {
  constructor() {
    super('Network error during upload');
    this.name = 'UploadNetworkError';
  }
}

function parseBody(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return text ? { message: text } : {};
  }
}

/**
 * POST /materials/upload as multipart (title, description, files repeated) through
 * XMLHttpRequest, which — unlike fetch — reports upload progress. Resolves with the new material
 * (its id may be '' when the answer has none). Throws ApiError: 400 NO_FILES / TOO_MANY_FILES,
 * 413 FILE_TOO_LARGE / REQUEST_TOO_LARGE, 415 FILE_TYPE_*, 422 FILE_DAMAGED, NO_TEXT_FOUND…
 * (message already per file, in the current language); UploadNetworkError; AbortError.
 */
export function uploadMaterial(
  input: UploadInput,
  callbacks: UploadCallbacks = {},
): Promise<Material> {
  const { title, description, files } = uploadInputSchema.parse(input);
  const form = new FormData();
  form.append('title', title);
  form.append('description', description);
  for (const file of files) form.append('files', file, file.name);

  return new Promise<Material>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const { signal } = callbacks;
    const onAbort = () => xhr.abort();
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.open('POST', UPLOAD_PATH);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', i18n.resolvedLanguage ?? 'zh-TW');
    const token = getCookie(TOKEN_COOKIE);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (callbacks.idempotencyKey) xhr.setRequestHeader('Idempotency-Key', callbacks.idempotencyKey);

    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) callbacks.onProgress?.(e.loaded / e.total);
    };
    xhr.upload.onload = () => {
      callbacks.onProgress?.(1);
      callbacks.onSent?.();
    };
    xhr.onload = () => {
      done();
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const data = answerRecord(body);
        const material = normalizeMaterial(data);
        if (material.id) detailCache.set(material);
        const userId = currentUserId();
        if (material.id && userId !== null) {
          // Stored before the page moves on, so the detail page opens from the device at once.
          void saveMaterial(userId, {
            id: material.id,
            createdAt: material.createdAt,
            data: data as Record<string, unknown>,
          }).then(() => resolve(material));
          return;
        }
        resolve(material);
        return;
      }
      if ((xhr.status === 401 || xhr.status === 403) && token) reportUnauthorized();
      reject(apiErrorFrom(xhr.status, body));
    };
    xhr.onerror = () => {
      done();
      reject(new UploadNetworkError());
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    };
    xhr.send(form);
  });
}
