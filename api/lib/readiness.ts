import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Storage } from '../storage/storage.js';
import type { Logger } from './logger.js';

export type CheckResult = 'ok' | 'failed' | 'timeout';

/** What GET /readyz answers: 200 when every check is ok, else 503 with the reason. */
export interface Readiness {
  status: 'ready' | 'unavailable';
  checks: { database: CheckResult; storage: CheckResult };
  /** For the operator: which check failed and its error code, e.g. "database: ECONNREFUSED". */
  reason?: string;
}

const TIMEOUT = Symbol('timeout');

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
 * reachable (the bucket answers, or the folder can be written). Checks run in parallel, each
 * limited to timeoutMs. An instance that is shutting down is not ready, so a load balancer
 * stops sending it requests while it finishes the ones it has.
 */
export async function checkReadiness(
  d: { db: Db; storage: Storage; logger?: Logger },
  opts: { timeoutMs?: number; shuttingDown?: boolean } = {},
): Promise<Readiness> {
  const timeoutMs = opts.timeoutMs ?? 2_000;
  const [database, storage] = await Promise.all([
    probe('database', () => sql`select 1 as one`.execute(d.db), timeoutMs, d.logger),
    probe('storage', () => d.storage.ready?.() ?? Promise.resolve(), timeoutMs, d.logger),
  ]);
  const reasons = [
    ...(opts.shuttingDown ? ['shutting down'] : []),
    ...[database.reason, storage.reason].filter((r): r is string => Boolean(r)),
  ];
  return {
    status: reasons.length ? 'unavailable' : 'ready',
    checks: { database: database.result, storage: storage.result },
    ...(reasons.length ? { reason: reasons.join('; ') } : {}),
  };
}
