import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { AppError } from './errors.js';
import type { Clock } from './clock.js';

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
  const now = clock.now();
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs).toISOString();
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
  if (row.count > limit) {
    const retryMs = Date.parse(windowStart) + windowMs - now.getTime();
    throw new AppError('RATE_LIMITED', {
      params: { minutes: Math.max(1, Math.ceil(retryMs / 60000)) },
      details: { retryAfterSeconds: Math.ceil(retryMs / 1000) },
    });
  }
}
