import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { AppError } from '../lib/errors.js';
import type { AuthUser } from '../lib/context.js';

/*
 * The session token: an HS256 JWT. Signed and checked with node:crypto's synchronous HMAC — a
 * few microseconds on the main thread — rather than WebCrypto, whose jobs queue on libuv's
 * thread pool behind password hashes: a flood of sign-ins must not make a signed-in request
 * wait (issue 19). jose still speaks OpenID Connect (api/auth/oidc.ts).
 */

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** The secret as a key, made once: a string key is converted again for every HMAC. */
const keys = new Map<string, KeyObject>();
const keyOf = (secret: string) => {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= 8) keys.clear(); // one secret per server; tests make many
    keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  }
  return key;
};

const sign = (secret: string, data: string) =>
  createHmac('sha256', keyOf(secret)).update(data).digest();

/** Issues the bearer token (HS256 JWT) the client keeps in its cookie. */
export async function issueSessionToken(
  secret: string,
  user: { id: string; email: string; name: string; token_version: number },
  now: Date,
  ttlSeconds: number,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const payload = Buffer.from(
    JSON.stringify({
      email: user.email,
      name: user.name,
      tv: user.token_version,
      sub: user.id,
      iat,
      exp: iat + ttlSeconds,
    }),
  ).toString('base64url');
  const data = `${HEADER}.${payload}`;
  return `${data}.${sign(secret, data).toString('base64url')}`;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

function parse(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies signature, algorithm (HS256 only: `none` and every other is refused) and expiry at
 * `now`; throws UNAUTHORIZED otherwise. Synchronous work, off the thread pool.
 */
export async function verifySessionToken(
  secret: string,
  token: string,
  now: Date,
): Promise<AuthUser> {
  const claims = checkToken(secret, token, now);
  if (!claims) throw new AppError('UNAUTHORIZED');
  return claims;
}

/** A token whose signature and header were checked: what it says, and its time limits. */
interface Checked {
  secret: string;
  claims: AuthUser;
  exp: number;
  nbf: number | undefined;
}

/**
 * Tokens already verified, by their text. A signed-in client sends the same token with every
 * request; its signature, header and payload cannot change, so they are checked and parsed
 * once and only the time is checked again. Only valid tokens go in (an attacker's garbage does
 * not), and the map is bounded: when full, the oldest half goes.
 */
const verified = new Map<string, Checked>();
const VERIFIED_MAX = 4096;

function remember(token: string, checked: Checked) {
  if (verified.size >= VERIFIED_MAX) {
    let drop = VERIFIED_MAX / 2;
    for (const key of verified.keys()) {
      verified.delete(key);
      if (--drop === 0) break;
    }
  }
  verified.set(token, checked);
}

function inTime(c: Checked, now: Date): AuthUser | undefined {
  const seconds = Math.floor(now.getTime() / 1000);
  if (c.exp <= seconds) return undefined;
  if (c.nbf !== undefined && c.nbf > seconds) return undefined;
  return c.claims;
}

function checkToken(secret: string, token: string, now: Date): AuthUser | undefined {
  const known = verified.get(token);
  if (known && known.secret === secret) return inTime(known, now);
  if (token.length > 8192) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => B64URL.test(p))) return undefined;
  const [h, p, s] = parts as [string, string, string];
  const header = parse(h);
  if (!header || header.alg !== 'HS256' || (header.typ !== undefined && header.typ !== 'JWT')) {
    return undefined;
  }
  if (header.crit !== undefined) return undefined;
  const expected = sign(secret, `${h}.${p}`);
  const given = Buffer.from(s, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const payload = parse(p);
  if (!payload) return undefined;
  if (typeof payload.sub !== 'string' || !payload.sub) return undefined;
  if (typeof payload.exp !== 'number') return undefined;
  const checked: Checked = {
    secret,
    claims: Object.freeze({
      id: payload.sub,
      tokenVersion: typeof payload.tv === 'number' ? payload.tv : -1,
    }),
    exp: payload.exp,
    nbf: typeof payload.nbf === 'number' ? payload.nbf : undefined,
  };
  const claims = inTime(checked, now);
  if (claims) remember(token, checked);
  return claims;
}
