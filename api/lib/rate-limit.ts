import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { AppError } from './errors.js';
import type { Clock } from './clock.js';

/**
 * A fixed-window counter shared by every server instance (docs/decisions/0018): the database
 * by default, Redis when REDIS_URL is set (api/lib/redis-rate-limit.ts).
 */
export interface RateLimiter {
  /** Counts one attempt under `key`; throws RATE_LIMITED once more than `limit` fall in the window. */
  hit(key: string, limit: number, windowSeconds: number): Promise<void>;
}

/** The window `now` falls in: windows are aligned to the epoch, so every instance agrees. */
export function fixedWindow(now: Date, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const startMs = Math.floor(now.getTime() / windowMs) * windowMs;
  return { startMs, windowMs, retryMs: startMs + windowMs - now.getTime() };
}

/** The error a caller past its limit gets, telling it when the window ends. */
export function rateLimitedError(retryMs: number): AppError {
  return new AppError('RATE_LIMITED', {
    params: { minutes: Math.max(1, Math.ceil(retryMs / 60000)) },
    details: { retryAfterSeconds: Math.ceil(retryMs / 1000) },
  });
}

/** The counters in table rate_limits: one row per key, reset when a new window starts. */
export function databaseRateLimiter(db: Db, clock: Clock): RateLimiter {
  return { hit: (key, limit, windowSeconds) => hitRateLimit(db, clock, key, limit, windowSeconds) };
}

/**
 * Fixed-window counter kept in the database, so every server instance shares it.
 * Throws RATE_LIMITED once `limit` hits within the window.
 */
export async function hitRateLimit(
  db: Db,
  clock: Clock,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<void> {
  const { startMs, retryMs } = fixedWindow(clock.now(), windowSeconds);
  const windowStart = new Date(startMs).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start = ${windowStart} then rate_limits.count + 1 else 1 end`,
        window_start: windowStart,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  if (row.count > limit) throw rateLimitedError(retryMs);
}
