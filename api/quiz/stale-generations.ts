import type { Db } from '../db/database.js';
import { iso, type Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { refundFreeQuiz } from './quota.js';

export interface StaleSweepResult {
  /** Jobs put back in the queue to run again (their server died while making them). */
  requeued: number;
  /** Generations marked failed by this call. */
  failed: number;
  /** Free quizzes given back with them. */
  refunded: number;
}

const BATCH = 200;

/**
 * Deals with generations a stopped server left `running`: one whose row has not been written
 * (heartbeat, progress, stage) for `staleAfterMs` is
 * - put back in the queue when a runner had claimed it, it says what to make and it has been
 *   started fewer than `maxAttempts` times — another runner makes it, the learner's retry with
 *   the same Idempotency-Key gets that quiz, and the free quiz it reserved stays reserved;
 * - otherwise failed with GENERATION_FAILED, its free quiz given back in the same transaction.
 * Each row is taken by a conditional UPDATE (still running, still stale), so instances sweeping
 * at the same time handle a generation exactly once, and one that wrote meanwhile is left
 * alone. Run at start-up and now and then by every instance (api/server.ts); at start-up on
 * SQLite, where no other server can be running, with `staleAfterMs` 0.
 */
export async function sweepStaleGenerations(
  d: { db: Db; clock: Clock; logger?: Logger },
  opts: { staleAfterMs: number; maxAttempts?: number },
): Promise<StaleSweepResult> {
  const now = d.clock.now();
  const cutoff = iso(new Date(now.getTime() - opts.staleAfterMs));
  const maxAttempts = opts.maxAttempts ?? 1;
  const result: StaleSweepResult = { requeued: 0, failed: 0, refunded: 0 };
  let after = '';
  for (;;) {
    const rows = await d.db
      .selectFrom('quiz_generations')
      .select(['id', 'user_id', 'quota_reserved', 'claimed_by', 'attempts', 'request'])
      .where('status', '=', 'running')
      .where('updated_at', '<=', cutoff)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const still = (db: Db) =>
        db
          .updateTable('quiz_generations')
          .where('id', '=', row.id)
          .where('status', '=', 'running')
          .where('updated_at', '<=', cutoff);
      if (row.claimed_by !== null && row.request !== null && row.attempts < maxAttempts) {
        const taken = await still(d.db)
          .set({
            status: 'queued',
            claimed_by: null,
            stage: 'queued',
            progress: 0,
            updated_at: iso(now),
          })
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 1) result.requeued++;
        continue;
      }
      const refunded = await d.db.transaction().execute(async (trx) => {
        const taken = await still(trx)
          .set({ status: 'failed', error_code: 'GENERATION_FAILED', updated_at: iso(now) })
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) return undefined;
        if (row.quota_reserved === 1) await refundFreeQuiz(trx, row.user_id);
        return row.quota_reserved === 1;
      });
      if (refunded === undefined) continue;
      result.failed++;
      if (refunded) result.refunded++;
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  if (result.failed || result.requeued) {
    d.logger?.warn(
      { ...result, staleAfterMs: opts.staleAfterMs },
      'quiz generations left running by a stopped server: run again or failed',
    );
  }
  return result;
}
