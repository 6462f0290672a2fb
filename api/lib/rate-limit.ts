import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { AppError } from './errors.js';
import type { Clock } from './clock.js';

/**
 * A fixed-window counter shared by every server instance (docs/decisions/0018): the database
 * by default, Redis when REDIS_URL is set (api/lib/redis-rate-limit.ts).
 */
export interface RateLimiter {
  /**
   * Counts one attempt under `key` and answers how many fell in the window so far (0 when the
   * count is unknown: Redis down); throws RATE_LIMITED once more than `limit` did.
   */
  hit(key: string, limit: number, windowSeconds: number): Promise<number>;
  /**
   * Takes back one attempt counted in this window (a sign-in that turned out right: only
   * failures count, issue 19). Never below zero; nothing when the window has moved on.
   */
  undo(key: string, windowSeconds: number): Promise<void>;
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
  return {
    hit: (key, limit, windowSeconds) => hitRateLimit(db, clock, key, limit, windowSeconds),
    async undo(key, windowSeconds) {
      const { startMs } = fixedWindow(clock.now(), windowSeconds);
      await db
        .updateTable('rate_limits')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', key)
        .where('window_start', '=', new Date(startMs).toISOString())
        .where('count', '>', 0)
        .execute();
    },
  };
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
): Promise<number> {
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
  return row.count;
}
