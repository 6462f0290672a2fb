import type { Db, Dialect } from '../db/database.js';
import type { QuizGeneration } from '../db/schema.js';
import { iso, type Clock } from '../lib/clock.js';
import type { ErrorCode } from '../lib/errors.js';
import type { QuizSettings } from '../quizgen/types.js';
import { refundFreeQuiz } from './quota.js';

/**
 * The generation queue's rows (docs/decisions/0019). A generation row is the job:
 *
 *   running, claimed_by null — the request is setting it up (reserving the free quiz)
 *   queued                   — waiting for a runner on any instance
 *   running, claimed_by set  — a runner is making it, beating `updated_at`
 *   succeeded | failed | cancelled — settled
 *
 * Every change of state is one conditional UPDATE naming the state it leaves, so two
 * instances (or a runner and a sweep, or a runner and a cancel) never both move a row.
 */

/** What the learner asked for; stored with the job so any instance can make it. */
export interface GenerationRequest {
  title?: string;
  description: string;
  settings: QuizSettings;
}

export const encodeRequest = (r: GenerationRequest) => JSON.stringify(r);

export function decodeRequest(row: Pick<QuizGeneration, 'request'>): GenerationRequest | null {
  if (!row.request) return null;
  try {
    return JSON.parse(row.request) as GenerationRequest;
  } catch {
    return null;
  }
}

/** Not settled: waiting, being set up or being made. */
export const isOpen = (status: QuizGeneration['status']) =>
  status === 'queued' || status === 'running';

/**
 * Takes the oldest queued job for `instanceId`. On PostgreSQL the candidate is read with
 * FOR UPDATE SKIP LOCKED, so instances claiming at once take different jobs instead of
 * queueing behind one lock; SQLite runs one writer at a time. The outer `status = 'queued'`
 * makes the claim conditional either way.
 */
export async function claimNextJob(
  db: Db,
  dialect: Dialect,
  clock: Clock,
  instanceId: string,
): Promise<QuizGeneration | undefined> {
  return db
    .updateTable('quiz_generations')
    .set((eb) => ({
      status: 'running',
      claimed_by: instanceId,
      attempts: eb('attempts', '+', 1),
      // Out of the queue: the first stage starts now (clients show "queued" only while waiting).
      stage: 'reading',
      progress: 2,
      updated_at: iso(clock.now()),
    }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('quiz_generations')
        .select('id')
        .where('status', '=', 'queued')
        .where('cancel_requested', '=', 0)
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked()),
    )
    .where('status', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Ends an open job as failed or cancelled, giving its free quiz back, in one transaction. Only
 * the one who ends the row refunds; `from` narrows which states may be ended (a runner ends
 * only what it still holds).
 */
export async function endJob(
  db: Db,
  clock: Clock,
  id: string,
  status: 'failed' | 'cancelled',
  code: ErrorCode,
  /** Only from this status / this claim / a row not written since `staleBefore` (ISO). */
  from: { status?: 'queued' | 'running'; claimedBy?: string; staleBefore?: string } = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('quiz_generations')
      .set({ status, error_code: code, updated_at: iso(clock.now()) })
      .where('id', '=', id)
      .$if(from.status === undefined, (qb) => qb.where('status', 'in', ['queued', 'running']))
      .$if(from.status !== undefined, (qb) => qb.where('status', '=', from.status!))
      .$if(from.claimedBy !== undefined, (qb) => qb.where('claimed_by', '=', from.claimedBy!))
      .$if(from.staleBefore !== undefined, (qb) => qb.where('updated_at', '<=', from.staleBefore!))
      .returning(['user_id', 'quota_reserved'])
      .executeTakeFirst();
    if (!row) return false;
    if (row.quota_reserved === 1) await refundFreeQuiz(trx, row.user_id);
    return true;
  });
}

/**
 * Puts a job this instance holds back in the queue (a shutdown hands it to another instance);
 * the start it was given is not counted.
 */
export async function releaseJob(db: Db, clock: Clock, id: string, instanceId: string) {
  const r = await db
    .updateTable('quiz_generations')
    .set((eb) => ({
      status: 'queued',
      claimed_by: null,
      stage: 'queued',
      progress: 0,
      attempts: eb('attempts', '-', 1),
      updated_at: iso(clock.now()),
    }))
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('claimed_by', '=', instanceId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
