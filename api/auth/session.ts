import { SignJWT, jwtVerify } from 'jose';
import { AppError } from '../lib/errors.js';
import type { AuthUser } from '../lib/context.js';

// Importing the HMAC key is a good part of verifying a token; every request verifies one.
const keys = new Map<string, Promise<CryptoKey>>();
const key = (secret: string): Promise<CryptoKey> => {
  let k = keys.get(secret);
  if (!k) {
    k = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, k);
  }
  return k;
};

/** Issues the bearer token (HS256 JWT) the client keeps in its cookie. */
export async function issueSessionToken(
  secret: string,
  user: { id: string; email: string; name: string; token_version: number },
  now: Date,
  ttlSeconds: number,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ email: user.email, name: user.name, tv: user.token_version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(await key(secret));
}

/** Verifies signature, algorithm (HS256 only) and expiry at `now`; throws UNAUTHORIZED otherwise. */
export async function verifySessionToken(
  secret: string,
  token: string,
  now: Date,
): Promise<AuthUser> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), {
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['sub', 'exp'],
    });
    return { id: payload.sub!, tokenVersion: typeof payload.tv === 'number' ? payload.tv : -1 };
  } catch {
    throw new AppError('UNAUTHORIZED');
  }
}
