import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/** Below this many bytes a compressed answer saves less than its own headers cost. */
const COMPRESS_THRESHOLD = 1024;
/*
 * The fastest settings of each (decision 0059): on a page of 20 materials (24 KB of JSON)
 * brotli 1 takes ~100 µs of CPU for 4.3 KB where quality 4 took ~360 µs for 3.5 KB, and gzip 1
 * ~160 µs for 4.1 KB where level 6 took ~270 µs for 3.8 KB. An API answer is compressed
 * afresh on every request; a few hundred bytes more cost a phone less than the server's
 * quarter millisecond costs every learner behind it.
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\b/i;

/** The encoding to send: brotli, then gzip, when the request accepts it (q > 0). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  // A browser sends the same header on every request: parsed once.
  if (acceptEncoding === lastPicked[0]) return lastPicked[1];
  const picked = parseEncoding(acceptEncoding);
  lastPicked = [acceptEncoding, picked];
  return picked;
}
let lastPicked: [string, 'br' | 'gzip' | undefined] = ['', undefined];

function parseEncoding(acceptEncoding: string): 'br' | 'gzip' | undefined {
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
 * The bytes of answers `revalidated` has already read, so compressAnswers does not read the
 * body a second time. Keyed by the Response it made; gone with it.
 */
const readBytes = new WeakMap<Response, Uint8Array<ArrayBuffer>>();

/**
 * The body a lightweight answer of @hono/node-server was made with (its `[status, body,
 * headers]` cache), without turning the answer into a WHATWG Response and reading its stream —
 * which costs more than the rest of a small signed-in request. Undefined for any other answer
 * (tests' app.request, a stream), which is then read the standard way.
 */
function lightweightBody(res: Response): string | Uint8Array | undefined {
  for (const key of Object.getOwnPropertySymbols(res)) {
    if (key.description !== 'cache') continue;
    const cache: unknown = (res as unknown as Record<symbol, unknown>)[key];
    if (Array.isArray(cache) && cache.length === 3 && cache[0] === res.status) {
      const body: unknown = cache[1];
      if (typeof body === 'string' || body instanceof Uint8Array) return body;
    }
  }
  return undefined;
}

/** The answer's bytes: from `revalidated` when it read them, else read once here. */
async function bytesOf(res: Response): Promise<Uint8Array<ArrayBuffer>> {
  const known = readBytes.get(res);
  if (known) return known;
  const body = lightweightBody(res);
  if (typeof body === 'string') return new Uint8Array(Buffer.from(body, 'utf8'));
  return new Uint8Array(await res.arrayBuffer());
}

/** Whether the answer is under COMPRESS_THRESHOLD bytes, known without reading it. */
function surelySmall(res: Response): boolean {
  if (readBytes.has(res)) return readBytes.get(res)!.byteLength < COMPRESS_THRESHOLD;
  const body = lightweightBody(res);
  if (typeof body === 'string') return Buffer.byteLength(body, 'utf8') < COMPRESS_THRESHOLD;
  return body instanceof Uint8Array && body.byteLength < COMPRESS_THRESHOLD;
}

/*
 * Each `c.res = undefined` before a new answer: Hono merges a new answer into the one it
 * replaces by asking the new one for its body, which makes a lightweight answer a stream the
 * server then pulls chunk by chunk. The headers are carried over here by hand.
 */

/** Statuses that carry no body (a 304 from the ETag check among them). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * Compresses JSON answers of COMPRESS_THRESHOLD bytes or more with brotli or gzip, each at its
 * fastest setting (BROTLI_QUALITY, GZIP_LEVEL). Synchronous zlib: an answer is at most a
 * few hundred KB, and libuv's threads stay free for password hashing and file reads. Files,
 * event streams and anything already encoded pass through untouched. The body is only read
 * when the client accepts an encoding: asking a lightweight answer for its body turns it into
 * a WHATWG stream the server then has to pull chunk by chunk.
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || NO_BODY.has(res.status)) return;
    const type = res.headers.get('Content-Type') ?? '';
    if (!JSON_TYPE.test(type)) return;
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
    if (surelySmall(res)) return;
    const body = await bytesOf(res);
    if (body.byteLength < COMPRESS_THRESHOLD) {
      // Sent as it is: a Uint8Array answer goes out in one write, without a stream.
      if (!readBytes.has(res)) {
        c.res = undefined; // replaced, not merged with the answer it replaces
        c.res = new Response(body, { status: res.status, headers: res.headers });
      }
      return;
    }
    const sent =
      encoding === 'br'
        ? zlib.brotliCompressSync(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
            },
          })
        : zlib.gzipSync(body, { level: GZIP_LEVEL });
    const headers = new Headers(res.headers);
    headers.set('Content-Encoding', encoding);
    const tag = headers.get('ETag');
    // The same data in another encoding: equal for If-None-Match, not byte for byte.
    if (tag && !tag.startsWith('W/')) headers.set('ETag', `W/${tag}`);
    headers.set('Content-Length', String(sent.byteLength));
    c.res = undefined;
    c.res = new Response(
      new Uint8Array(sent.buffer as ArrayBuffer, sent.byteOffset, sent.byteLength),
      {
        status: res.status,
        headers,
      },
    );
  };
}

/** If-None-Match matches `tag` (weak comparison: W/ ignored on both sides), or is `*`. */
export function ifNoneMatchHits(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = tag.replace(/^W\//, '');
  return (ifNoneMatch.match(/"[^"]*"/g) ?? []).some((t) => t === bare);
}

/** Headers a 304 keeps from the answer it stands for (RFC 9110 15.4.5). */
const KEPT_ON_304 = ['cache-control', 'content-location', 'date', 'etag', 'expires', 'vary'];

/**
 * For GETs a client reads again and again (materials, quizzes, reports): an ETag of the answer
 * and `private, no-cache`, so the browser's cache and the service worker revalidate and an
 * unchanged answer costs a 304 with no body. The answer is read once, as bytes: the tag is a
 * synchronous SHA-1 of them (microseconds; WebCrypto's digest queues on libuv's thread pool)
 * and compressAnswers takes the same bytes.
 */
export const revalidated: MiddlewareHandler = async (c, next) => {
  await next();
  const method = c.req.method;
  const res = c.res;
  if ((method !== 'GET' && method !== 'HEAD') || !res.ok || NO_BODY.has(res.status)) return;
  const headers = new Headers(res.headers);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-cache');
  let tag = headers.get('ETag');
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (!tag) {
    body = await bytesOf(res);
    // Weak: the same data is sent plain or compressed (not byte for byte the same), and a 304
    // must carry the tag its 200 would have, whichever encoding that 200 would use.
    tag = `W/"${createHash('sha1').update(body).digest('hex')}"`;
    headers.set('ETag', tag);
  }
  if (ifNoneMatchHits(c.req.header('If-None-Match'), tag)) {
    const kept = new Headers();
    for (const name of KEPT_ON_304) {
      const value = headers.get(name);
      if (value !== null) kept.set(name, value);
    }
    c.res = undefined;
    c.res = new Response(null, { status: 304, headers: kept });
    return;
  }
  if (!body) {
    // A tag set by the route: the answer stands as it is.
    for (const [name, value] of headers) res.headers.set(name, value);
    return;
  }
  const answer = new Response(body, { status: res.status, headers });
  readBytes.set(answer, body);
  c.res = undefined;
  c.res = answer;
};
