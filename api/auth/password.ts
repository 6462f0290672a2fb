import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (pw: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(pw, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

// N=2^15, r=8: 32 MiB per hash, OWASP's scrypt floor. Parameters travel with the hash.
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEYLEN = 32;

/** The spec's rule: 8+ characters, letters and digits only, at least one of each. */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/;

/** Memory-hard hash, stored as `scrypt$N$r$p$salt$key` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: 128 * N * R * 2 });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time check of a password against a stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, saltB64, keyB64] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const N2 = Number(n);
  const R2 = Number(r);
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: N2,
    r: R2,
    p: Number(p),
    maxmem: 128 * N2 * R2 * 2,
  });
  return timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the account does not exist, so timing does not tell. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  return dummyHash;
}
