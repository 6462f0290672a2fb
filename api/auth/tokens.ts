import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A URL-safe random token with 256 bits of entropy. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored hashed, so a database leak gives no working link. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A URL-safe token only the holder of `secret` can compute for `label`. */
export const deriveToken = (secret: string, label: string) =>
  createHmac('sha256', secret).update(label).digest('base64url');
