import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { QuizGeneration } from '../db/schema.js';
import { errorCatalog } from '../lib/error-catalog.js';
import { iso } from '../lib/clock.js';
import { AppError, type ErrorCode } from '../lib/errors.js';
import { examOfMaterial, prepareSettings } from '../exam/exam-generation.js';
import { loadDocument } from '../materials/material-service.js';
import { findOwned } from '../auth/owned-row.js';
import type { QuizSettings } from '../quizgen/types.js';
import { encodeRequest, endJob, isOpen, type GenerationRequest } from './generation-queue.js';
import { runnerOf, type RunnerDeps } from './generation-runner.js';
import { presentGeneratedQuiz, presentGeneration } from './presenter.js';
import { reserveFreeQuiz } from './quota.js';

export type GenerationDeps = RunnerDeps & {
  /** True once the server is stopping: a request cut by the shutdown does not cancel its job. */
  shuttingDown?: () => boolean;
};

export interface GenerateInput {
  materialId: string;
  title?: string;
  description: string;
  settings: QuizSettings;
  /** The client's id for following progress and cancelling; one is made when absent. */
  generationId?: string;
  /**
   * The request's Idempotency-Key: the same key again (a retry after a lost answer) gets the
   * quiz this key already made, waits for it while it is being made, and runs again only when
   * the earlier try failed or was cancelled (its free quiz was given back then).
   */
  idempotencyKey?: string;
}

/** How often a request waiting for its job re-reads the row (the job may run elsewhere). */
const WAIT_POLL_MS = 250;
/** The same while the job waits in the queue (a claim here wakes the request at once). */
const QUEUED_POLL_MS = 1000;

/**
 * Queues a quiz generation from one of the learner's materials (docs/decisions/0019). A free
 * quiz is counted in the same transaction that queues the job and given back when the job
 * fails or is cancelled, so only a quiz the learner received is ever spent. Resolves with the
 * job's id; `waitForQuiz` follows it to the quiz.
 */
export async function queueQuiz(
  d: GenerationDeps,
  userId: string,
  input: GenerateInput,
): Promise<
  { kind: 'queued'; id: string } | { kind: 'made'; quiz: ReturnType<typeof presentGeneratedQuiz> }
> {
  const material = await findOwned(d.db, 'materials', userId, input.materialId);
  const doc = await loadDocument(d.db, userId, material.id);
  if (!doc.blocks.some((b) => b.text.trim().length > 0)) throw new AppError('MATERIAL_NO_TEXT');
  // Before anything is counted: an exam paper's counts, order and key are checked here.
  const settings = prepareSettings(examOfMaterial(doc), input.settings);

  let id: string;
  if (input.idempotencyKey) {
    const claimed = await claimByKey(d, userId, material.id, input);
    if (claimed.kind === 'made') return claimed;
    if (claimed.kind === 'follow') return { kind: 'queued', id: claimed.id };
    id = claimed.id;
  } else {
    id = input.generationId ?? randomUUID();
    try {
      await insertGeneration(d, userId, material.id, id, null);
    } catch (err) {
      // The primary key is the client's id: a repeated id is a repeated request.
      d.logger.debug({ err, id }, 'generation id reused');
      throw new AppError('GENERATION_IN_PROGRESS');
    }
  }

  const request: GenerationRequest = {
    title: input.title,
    description: input.description,
    settings,
  };
  try {
    await d.db.transaction().execute(async (trx) => {
      const counted = await reserveFreeQuiz(trx, userId);
      const queued = await trx
        .updateTable('quiz_generations')
        .set({ status: 'queued', quota_reserved: counted ? 1 : 0, request: encodeRequest(request) })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('claimed_by', 'is', null)
        .where('cancel_requested', '=', 0)
        .executeTakeFirst();
      // Cancelled while it was being set up: nothing is counted.
      if (Number(queued.numUpdatedRows) !== 1) throw new AppError('GENERATION_CANCELLED');
    });
  } catch (err) {
    const code = err instanceof AppError ? err.code : 'INTERNAL';
    const status = code === 'GENERATION_CANCELLED' ? 'cancelled' : 'failed';
    await endJob(d.db, d.clock, id, status, code, { status: 'running' });
    throw err;
  }
  runnerOf(d).kick();
  return { kind: 'queued', id };
}

/**
 * Queues a generation and waits for its quiz. The request going away cancels the job (the
 * learner left the loading screen), unless the server is shutting down: then the job stays
 * queued for another instance and the client's retry with its Idempotency-Key gets the quiz.
 */
export async function generateQuiz(
  d: GenerationDeps,
  userId: string,
  input: GenerateInput,
  signal?: AbortSignal,
) {
  const queued = await queueQuiz(d, userId, input);
  if (queued.kind === 'made') return queued.quiz;
  return waitForQuiz(d, userId, queued.id, signal);
}

/** Follows a queued job to its quiz, or to the error it ended with. */
export async function waitForQuiz(
  d: GenerationDeps,
  userId: string,
  id: string,
  signal?: AbortSignal,
) {
  const runner = runnerOf(d);
  let aborted: () => void = () => {};
  const gone = new Promise<void>((resolve) => {
    aborted = resolve;
  });
  const onAbort = () => aborted();
  signal?.addEventListener('abort', onAbort);
  try {
    for (;;) {
      const row = await findOwned(d.db, 'quiz_generations', userId, id);
      if (row.status === 'succeeded') return presentGeneratedQuiz(await madeQuiz(d.db, row));
      if (!isOpen(row.status)) throw new AppError(errorCodeOf(row.error_code));
      if (signal?.aborted) {
        if (!d.shuttingDown?.()) await cancelGeneration(d, userId, id, 0);
        throw new AppError('GENERATION_CANCELLED');
      }
      // Made here: woken when it ends. Queued: woken when this instance claims it, else
      // re-read now and then (another instance may take it). Made elsewhere: re-read.
      await Promise.race([
        runner.wake(id, row.status === 'queued' ? QUEUED_POLL_MS : WAIT_POLL_MS),
        gone,
      ]);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/** The quiz a succeeded generation made (gone when the learner deleted it since: 404). */
async function madeQuiz(db: Db, row: Pick<QuizGeneration, 'quiz_id' | 'user_id'>) {
  const quiz = row.quiz_id
    ? await db
        .selectFrom('quizzes')
        .selectAll()
        .where('id', '=', row.quiz_id)
        .where('user_id', '=', row.user_id)
        .executeTakeFirst()
    : undefined;
  if (!quiz) throw new AppError('NOT_FOUND');
  return quiz;
}

const errorCodeOf = (code: string | null): ErrorCode =>
  code && code in errorCatalog ? (code as ErrorCode) : 'GENERATION_FAILED';

function insertGeneration(
  d: GenerationDeps,
  userId: string,
  materialId: string,
  id: string,
  idempotencyKey: string | null,
) {
  const now = iso(d.clock.now());
  return d.db
    .insertInto('quiz_generations')
    .values({
      id,
      user_id: userId,
      material_id: materialId,
      status: 'running',
      stage: 'queued',
      created_at: now,
      updated_at: now,
      idempotency_key: idempotencyKey,
    })
    .execute();
}

const findByKey = (db: Db, userId: string, key: string) =>
  db
    .selectFrom('quiz_generations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

type Claim =
  | { kind: 'run'; id: string }
  | { kind: 'follow'; id: string }
  | { kind: 'made'; quiz: ReturnType<typeof presentGeneratedQuiz> };

/**
 * Decides what a request with an Idempotency-Key does. New key: a generation row carrying it
 * (the unique (user, key) index lets one of two racing copies in; the other reads the winner's
 * row). Succeeded: the quiz it made, nothing spent. Queued or running (on any instance, or
 * waiting to run again after its server died): follow it to its quiz. Failed or cancelled:
 * take the row over (one conditional update, so one taker) and run again under the same id.
 */
async function claimByKey(
  d: GenerationDeps,
  userId: string,
  materialId: string,
  input: GenerateInput,
): Promise<Claim> {
  const key = input.idempotencyKey!;
  for (;;) {
    const row = await findByKey(d.db, userId, key);
    if (!row) {
      const id = input.generationId ?? randomUUID();
      try {
        await insertGeneration(d, userId, materialId, id, key);
        return { kind: 'run', id };
      } catch (err) {
        if (await findByKey(d.db, userId, key)) continue;
        // Not the key: the client's generation id is taken by a request without this key.
        d.logger.debug({ err, id }, 'generation id reused');
        throw new AppError('GENERATION_IN_PROGRESS');
      }
    }
    if (row.material_id !== materialId) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (row.status === 'succeeded') {
      return { kind: 'made', quiz: presentGeneratedQuiz(await madeQuiz(d.db, row)) };
    }
    if (isOpen(row.status)) return { kind: 'follow', id: row.id };
    const taken = await d.db
      .updateTable('quiz_generations')
      .set({
        status: 'running',
        stage: 'queued',
        progress: 0,
        quota_reserved: 0,
        cancel_requested: 0,
        quiz_id: null,
        error_code: null,
        request: null,
        attempts: 0,
        claimed_by: null,
        updated_at: iso(d.clock.now()),
      })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .where('updated_at', '=', row.updated_at)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return { kind: 'run', id: row.id };
  }
}

/** The progress of one of the learner's generations. */
export async function getGeneration(
  db: Db,
  userId: string,
  id: string,
  stale?: { now: Date; staleMs: number },
) {
  return presentGeneration(await findOwned(db, 'quiz_generations', userId, id), stale);
}

/**
 * Asks a generation to stop: recorded in the database (so the instance making it sees it), a
 * queued job is ended at once (its free quiz given back), and one made here is aborted at once.
 * A finished generation is left as it is. Answers its state after up to `waitMs`.
 */
export async function cancelGeneration(
  d: GenerationDeps,
  userId: string,
  id: string,
  waitMs = 3000,
) {
  const row = await findOwned(d.db, 'quiz_generations', userId, id);
  const stale = { now: d.clock.now(), staleMs: d.config.generationStaleMs };
  if (isOpen(row.status)) {
    // Not a heartbeat: updated_at is left alone, so a generation whose server stopped stays
    // recognisably stale (issue 19).
    await d.db
      .updateTable('quiz_generations')
      .set({ cancel_requested: 1 })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .execute();
    await endJob(d.db, d.clock, id, 'cancelled', 'GENERATION_CANCELLED', { status: 'queued' });
    // Running without a heartbeat for the stale time: its server stopped, nobody will see the
    // request. Ended here, free quiz given back, if it is still running and still stale (a
    // sweep or a runner that woke up takes it otherwise, exactly once).
    const cutoff = iso(new Date(stale.now.getTime() - stale.staleMs));
    await endJob(d.db, d.clock, id, 'cancelled', 'GENERATION_CANCELLED', {
      status: 'running',
      staleBefore: cutoff,
    });
    runnerOf(d).abort(id);
  }
  return waitUntilSettled(d.db, userId, id, waitMs, stale);
}

/** Re-reads a generation until it settles (or the time is up). */
async function waitUntilSettled(
  db: Db,
  userId: string,
  id: string,
  ms: number,
  stale?: { now: Date; staleMs: number },
) {
  const until = performance.now() + ms;
  for (;;) {
    const row = await findOwned(db, 'quiz_generations', userId, id);
    if (!isOpen(row.status) || performance.now() >= until) return presentGeneration(row, stale);
    await new Promise((r) => setTimeout(r, 50));
  }
}
