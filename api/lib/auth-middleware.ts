import { createMiddleware } from 'hono/factory';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { verifySessionToken } from '../auth/session.js';
import { findUserById } from '../auth/service.js';
import { AppError } from './errors.js';
import type { AppEnv } from './context.js';

/**
 * Requires a valid bearer token whose account still exists and whose sessions were not reset,
 * and puts that account's row on the context as `user`: the one read of it per request.
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match) throw new AppError('UNAUTHORIZED');
  const { secret, clock, db } = c.get('deps');
  const claims = await verifySessionToken(secret, match[1]!, clock.now());
  const user = await findUserById(db, claims.id);
  if (!user || user.token_version !== claims.tokenVersion) throw new AppError('UNAUTHORIZED');
  c.set('user', user);
  await next();
});

/** The caller's IP: the socket's, or X-Forwarded-For's first hop when TRUST_PROXY is on. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.get('deps').config.trustProxy) {
    const fwd = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (fwd) return fwd;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
