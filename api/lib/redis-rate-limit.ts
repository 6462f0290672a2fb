import type { Redis } from 'ioredis';
import type { Clock } from './clock.js';
import type { Logger } from './logger.js';
import type { RedisConnection } from './redis.js';
import { fixedWindow, rateLimitedError, type RateLimiter } from './rate-limit.js';

/**
 * INCR and the expiry in one step, so a key never outlives its window without a TTL even if the
 * server dies between the two. The TTL is set only when missing, so later hits do not push it.
 */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** One attempt taken back, only from a window that still has its key, never below zero. */
const UNDO_SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

type WithHit = Redis & {
  mnemoRateLimitHit(key: string, ttlMs: number): Promise<number>;
  mnemoRateLimitUndo(key: string): Promise<number>;
};

/**
 * The fixed-window limiter of the database (api/lib/rate-limit.ts) kept in Redis: one key per
 * window, `<prefix><key>:<window start ms>`, the window taken from the injected clock. When Redis
 * does not answer the attempt is let through (fail open) and a warning logged once per outage:
 * an outage of the cache must not lock every learner out of sign-in (docs/decisions/0018).
 */
export function redisRateLimiter(d: {
  redis: RedisConnection;
  clock: Clock;
  logger: Logger;
  /** Keys start with this; tests give each run its own. */
  prefix?: string;
}): RateLimiter {
  const prefix = d.prefix ?? 'mnemo:rl:';
  const client = d.redis.client as WithHit;
  client.defineCommand('mnemoRateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  client.defineCommand('mnemoRateLimitUndo', { numberOfKeys: 1, lua: UNDO_SCRIPT });
  let failing = false;

  const count = async (key: string, ttlMs: number): Promise<number | undefined> => {
    try {
      if (!d.redis.usable()) throw new Error('redis is reconnecting');
      const n = Number(await client.mnemoRateLimitHit(key, ttlMs));
      if (failing) d.logger.info('rate limit: Redis answers again; limits apply');
      failing = false;
      return n;
    } catch (err) {
      if (!failing) {
        d.logger.warn({ err }, 'rate limit: Redis unavailable; attempts are not limited');
      }
      failing = true;
      return undefined;
    }
  };

  return {
    async hit(key, limit, windowSeconds) {
      const { startMs, windowMs, retryMs } = fixedWindow(d.clock.now(), windowSeconds);
      // The key names its window, so the TTL only has to clear it away: a whole window is enough.
      const n = await count(`${prefix}${key}:${startMs}`, windowMs);
      if (n !== undefined && n > limit) throw rateLimitedError(retryMs);
      return n ?? 0;
    },
    async undo(key, windowSeconds) {
      const { startMs } = fixedWindow(d.clock.now(), windowSeconds);
      if (!d.redis.usable()) return;
      await client
        .mnemoRateLimitUndo(`${prefix}${key}:${startMs}`)
        .catch((err: unknown) => d.logger.debug({ err }, 'rate limit: could not take back'));
    },
  };
}
