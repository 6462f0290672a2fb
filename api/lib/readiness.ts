import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Storage } from '../storage/storage.js';
import type { Logger } from './logger.js';
import type { RedisConnection } from './redis.js';

export type CheckResult = 'ok' | 'failed' | 'timeout';

/**
 * What GET /readyz answers: 200 when the database and the store are ok, else 503 with the
 * reason. Redis (REDIS_URL) is reported but never makes an instance unready: it only holds the
 * rate-limit counters, which fail open (decision 0018), and every instance shares it, so an
 * outage marking them all unready would stop the traffic they can still serve.
 */
export interface Readiness {
  status: 'ready' | 'unavailable';
  /** `redis` only when REDIS_URL is set. */
  checks: { database: CheckResult; storage: CheckResult; redis?: CheckResult };
  /** For the operator: which check failed and its error code, e.g. "database: ECONNREFUSED". */
  reason?: string;
  /** Serving, with something optional down, e.g. "redis: ECONNREFUSED" (limits not counted). */
  degraded?: string;
}

const TIMEOUT = Symbol('timeout');
/** Redis answers a PING in well under a millisecond; a slow one is as good as down. */
const REDIS_TIMEOUT_MS = 500;

async function probe(
  name: string,
  run: () => Promise<unknown>,
  timeoutMs: number,
  logger?: Logger,
): Promise<{ result: CheckResult; reason?: string }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const outcome = await Promise.race([
      run(),
      new Promise<typeof TIMEOUT>((resolve) => {
        timer = setTimeout(() => resolve(TIMEOUT), timeoutMs);
      }),
    ]);
    if (outcome === TIMEOUT) {
      logger?.warn({ check: name, timeoutMs }, 'readiness check timed out');
      return { result: 'timeout', reason: `${name}: no answer within ${timeoutMs} ms` };
    }
    return { result: 'ok' };
  } catch (err) {
    logger?.warn({ err, check: name }, 'readiness check failed');
    const e = err as { code?: unknown; name?: unknown };
    const code =
      typeof e.code === 'string' ? e.code : typeof e.name === 'string' ? e.name : 'error';
    return { result: 'failed', reason: `${name}: ${code}` };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance can serve: the database answers a trivial query and the file store is
 * reachable (the bucket answers, or the folder can be written), and Redis answers a PING when
 * REDIS_URL is set (short time limit, REDIS_TIMEOUT_MS; reported as `degraded`, not unready). Checks run in parallel, each
 * limited to timeoutMs. An instance that is shutting down is not ready, so a load balancer
 * stops sending it requests while it finishes the ones it has.
 */
export async function checkReadiness(
  d: { db: Db; storage: Storage; logger?: Logger; redis?: RedisConnection },
  opts: { timeoutMs?: number; shuttingDown?: boolean } = {},
): Promise<Readiness> {
  const timeoutMs = opts.timeoutMs ?? 2_000;
  const redis = d.redis;
  const [database, storage, cache] = await Promise.all([
    probe('database', () => sql`select 1 as one`.execute(d.db), timeoutMs, d.logger),
    probe('storage', () => d.storage.ready?.() ?? Promise.resolve(), timeoutMs, d.logger),
    redis
      ? probe('redis', () => redis.ping(), Math.min(timeoutMs, REDIS_TIMEOUT_MS), d.logger)
      : undefined,
  ]);
  const reasons = [
    ...(opts.shuttingDown ? ['shutting down'] : []),
    ...[database.reason, storage.reason].filter((r): r is string => Boolean(r)),
  ];
  return {
    status: reasons.length ? 'unavailable' : 'ready',
    checks: {
      database: database.result,
      storage: storage.result,
      ...(cache ? { redis: cache.result } : {}),
    },
    ...(reasons.length ? { reason: reasons.join('; ') } : {}),
    ...(cache?.reason ? { degraded: cache.reason } : {}),
  };
}
