import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './context.js';
import { AppError } from './errors.js';

/** Routes that stream their own bodies under their own limits (MAX_UPLOAD_MB, MAX_FILE_MB). */
const STREAMED = new Set(['POST /api/v1/materials/upload']);

const formatLimit = (bytes: number) =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MB`
    : `${Math.ceil(bytes / 1024)} KB`;

/**
 * Refuses a request body larger than `maxBytes` with 413 BODY_TOO_LARGE (issue 19): from the
 * Content-Length when it says so, else counted while the body is read, so a chunked body is cut
 * at the limit and never held whole. Mounted before every route, so before authentication and
 * rate limits; uploads are left to their streamed limits.
 */
export function jsonBodyLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError('BODY_TOO_LARGE', { params: { limit: formatLimit(maxBytes) } });
    },
  });
  return (c, next) => {
    const { method } = c.req;
    // No body to limit; asking the request for one would build a WHATWG Request for nothing.
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    if (STREAMED.has(`${method} ${c.req.path}`)) return next();
    // A declared length is decided from the header alone (Hono's check does the same, but only
    // after building the whole Request); a chunked body is counted by Hono's as it is read.
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      const n = Number(length);
      if (Number.isSafeInteger(n) && n >= 0) {
        if (n > maxBytes) {
          throw new AppError('BODY_TOO_LARGE', { params: { limit: formatLimit(maxBytes) } });
        }
        return next();
      }
    }
    return limit(c, next);
  };
}
