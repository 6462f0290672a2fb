import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';

/** Below this many bytes a compressed answer saves less than its own headers cost. */
const COMPRESS_THRESHOLD = 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\b/i;

/** The encoding to send: brotli, then gzip, when the request accepts it (q > 0). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/**
 * Compresses JSON answers of COMPRESS_THRESHOLD bytes or more with brotli (quality 4: most of
 * the saving for a few hundred microseconds) or gzip. Synchronous zlib: an answer is at most a
 * few hundred KB, and libuv's threads stay free for password hashing and file reads. Files,
 * event streams and anything already encoded pass through untouched.
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    if (c.req.method === 'HEAD' || !res.body || !JSON_TYPE.test(type)) return;
    if (
      res.headers.has('Content-Encoding') ||
      /no-transform/i.test(res.headers.get('Cache-Control') ?? '')
    )
      return;
    const vary = res.headers.get('Vary');
    if (!vary || !/accept-encoding/i.test(vary)) {
      res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    let sent: Buffer = body;
    if (body.byteLength >= COMPRESS_THRESHOLD) {
      sent =
        encoding === 'br'
          ? zlib.brotliCompressSync(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
              },
            })
          : zlib.gzipSync(body, { level: 6 });
      headers.set('Content-Encoding', encoding);
      const tag = headers.get('ETag');
      // The same data in another encoding: equal for If-None-Match, not byte for byte.
      if (tag && !tag.startsWith('W/')) headers.set('ETag', `W/${tag}`);
    }
    headers.set('Content-Length', String(sent.byteLength));
    c.res = new Response(new Uint8Array(sent), { status: res.status, headers });
  };
}

const sha1 = (body: Uint8Array) => {
  const digest = createHash('sha1').update(body).digest();
  return digest.buffer.slice(digest.byteOffset, digest.byteOffset + digest.byteLength);
};

const etagOfBody = etag({ generateDigest: sha1 });

/**
 * For GETs a client reads again and again (materials, quizzes, reports): an ETag of the answer
 * and `private, no-cache`, so the browser's cache and the service worker revalidate and an
 * unchanged answer costs a 304 with no body. The digest is a synchronous SHA-1 (microseconds)
 * rather than WebCrypto's, which queues on libuv's thread pool.
 */
export const revalidated: MiddlewareHandler = async (c, next) => {
  await etagOfBody(c, async () => {
    await next();
    if (c.res.ok && !c.res.headers.has('Cache-Control')) {
      c.res.headers.set('Cache-Control', 'private, no-cache');
    }
  });
};
