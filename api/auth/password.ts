import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { AppError } from '../lib/errors.js';

/*
 * Password hashes take a libuv thread and 32 MiB each for a good fraction of a second. A flood
 * of sign-ins must not take every thread (file reads and DNS wait behind them) nor the memory
 * (issue 19): at most `concurrency` run at once, `queue` more wait, and the rest are answered at
 * once with 503 SERVER_BUSY. The server sizes it from HASH_CONCURRENCY and HASH_QUEUE.
 */
const gate = { concurrency: 2, queue: 16, active: 0, waiting: [] as Array<() => void> };

/** Sets how many hashes run at once and how many may wait (api/server.ts, tests). */
export function configurePasswordHashing(o: { concurrency: number; queue: number }) {
  gate.concurrency = Math.max(1, o.concurrency);
  gate.queue = Math.max(0, o.queue);
}

const busy = () => new AppError('SERVER_BUSY', { details: { retryAfterSeconds: 2 } });

/**
 * Throws SERVER_BUSY when a hash asked now would be refused (every slot and the queue taken):
 * a sign-in checks it before any other work, so the overflow of a flood costs no database write.
 */
export function refuseWhenHashingFull(): void {
  if (gate.active >= gate.concurrency && gate.waiting.length >= gate.queue) throw busy();
}

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (gate.active >= gate.concurrency) {
    if (gate.waiting.length >= gate.queue) throw busy();
    await new Promise<void>((resolve) => gate.waiting.push(resolve));
  } else {
    gate.active++;
  }
  try {
    return await work();
  } finally {
    // The turn passes straight to the next waiter (active stays counted), else it is freed.
    const next = gate.waiting.shift();
    if (next) next();
    else gate.active--;
  }
}

const scrypt = (pw: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  inTurn(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(pw, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );

// N=2^15, r=8: 32 MiB per hash, OWASP's scrypt floor. Parameters travel with the hash.
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEYLEN = 32;

/** The spec's rule, shared with the web's forms. */
export { PASSWORD_RULE } from '../rules/password.js';

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
  dummyHash ??= hashPassword('not-a-real-password-0').catch((err: unknown) => {
    // Refused (SERVER_BUSY) or failed: made again by the next caller.
    dummyHash = undefined;
    throw err;
  });
  return dummyHash;
}
