import type { Db } from '../db/database.js';
import { iso, type Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { refundFreeQuiz } from './quota.js';

export interface StaleSweepResult {
  /** Generations marked failed by this call. */
  failed: number;
  /** Free quizzes given back with them. */
  refunded: number;
}

const BATCH = 200;

/**
 * Ends generations that a stopped server left `running`: one whose row has not been written
 * (progress, stage, cancel request) for `staleAfterMs` is failed with GENERATION_FAILED, and
 * the free quiz it reserved is given back in the same transaction. Each row is taken by a
 * conditional UPDATE (still running, still stale), so instances sweeping at the same time
 * fail and refund a generation exactly once, and a generation that wrote in the meantime is
 * left alone. Run at start-up and now and then by every instance (api/server.ts).
 */
export async function failStaleGenerations(
  d: { db: Db; clock: Clock; logger?: Logger },
  opts: { staleAfterMs: number },
): Promise<StaleSweepResult> {
  const now = d.clock.now();
  const cutoff = iso(new Date(now.getTime() - opts.staleAfterMs));
  const result: StaleSweepResult = { failed: 0, refunded: 0 };
  let after = '';
  for (;;) {
    const rows = await d.db
      .selectFrom('quiz_generations')
      .select(['id', 'user_id', 'quota_reserved'])
      .where('status', '=', 'running')
      .where('updated_at', '<', cutoff)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const refunded = await d.db.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable('quiz_generations')
          .set({ status: 'failed', error_code: 'GENERATION_FAILED', updated_at: iso(now) })
          .where('id', '=', row.id)
          .where('status', '=', 'running')
          .where('updated_at', '<', cutoff)
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
  if (result.failed) {
    d.logger?.warn(
      { ...result, staleAfterMs: opts.staleAfterMs },
      'failed quiz generations left running by a stopped server',
    );
  }
  return result;
}
