import { randomUUID } from 'node:crypto';
import type { Deps } from '../lib/context.js';
import type { Db } from '../db/database.js';
import type { Quiz } from '../db/schema.js';
import { iso } from '../lib/clock.js';
import { AppError, type ErrorCode } from '../lib/errors.js';
import { findOwnMaterial, loadDocument } from '../materials/material-service.js';
import type { GenerationStage, QuizGenerator, QuizSettings } from '../quizgen/types.js';
import { presentGeneratedQuiz, presentGeneration } from './presenter.js';
import { refundFreeQuiz, reserveFreeQuiz } from './quota.js';

export type GenerationDeps = Pick<Deps, 'db' | 'clock' | 'logger'> & {
  /** The stale sweep's threshold (GENERATION_STALE_SECONDS); the heartbeat beats well within it. */
  staleAfterMs?: number;
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

/** Where each stage of the generator sits on the learner's 0–100 progress bar. */
const STAGE_BANDS: Record<GenerationStage, [number, number]> = {
  reading: [2, 15],
  concepts: [15, 35],
  writing: [35, 75],
  checking: [75, 95],
};

/** The overall percentage for a stage and the fraction of it done. */
export function stageProgress(stage: GenerationStage, fraction: number): number {
  const [from, to] = STAGE_BANDS[stage];
  return Math.round(from + (to - from) * Math.min(1, Math.max(0, fraction)));
}

/** How often a running generation looks for a cancel request made on another instance. */
const CANCEL_POLL_MS = 400;
/**
 * How often a running generation touches its row, so the stale sweep (stale-generations.ts)
 * of any instance can tell it from one whose server died; a third of the sweep's threshold
 * at most.
 */
const HEARTBEAT_MS = 10_000;
/** Progress is written at most this often (and on every stage change). */
const PROGRESS_WRITE_MS = 250;

/** In-process generations, so a cancel on this instance aborts at once. */
const running = new Map<string, AbortController>();

const defaultTitle = (materialTitle: string, language: QuizSettings['language']) =>
  language === 'zh-TW' ? `${materialTitle} 測驗` : `${materialTitle} Quiz`;

/**
 * Generates a quiz from one of the learner's materials. A free quiz is counted before the work
 * starts and given back when it fails or is cancelled (by the cancel call, or by the request
 * going away), so only a quiz the learner received is ever spent.
 */
export async function generateQuiz(
  d: GenerationDeps,
  generator: QuizGenerator,
  userId: string,
  input: GenerateInput,
  requestSignal?: AbortSignal,
) {
  const material = await findOwnMaterial(d.db, userId, input.materialId);
  const doc = await loadDocument(d.db, userId, material.id);
  if (!doc.blocks.some((b) => b.text.trim().length > 0)) throw new AppError('MATERIAL_NO_TEXT');

  let id: string;
  if (input.idempotencyKey) {
    const claimed = await claimByKey(d, userId, material.id, input, requestSignal);
    if (claimed.kind === 'made') return claimed.quiz;
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

  let reserved = false;
  try {
    reserved = await d.db.transaction().execute(async (trx) => {
      const counted = await reserveFreeQuiz(trx, userId);
      if (counted) {
        await trx
          .updateTable('quiz_generations')
          .set({ quota_reserved: 1 })
          .where('id', '=', id)
          .execute();
      }
      return counted;
    });
  } catch (err) {
    await finish(d, id, 'failed', err instanceof AppError ? err.code : 'INTERNAL');
    throw err;
  }

  const controller = new AbortController();
  running.set(id, controller);
  const onRequestAbort = () => controller.abort();
  requestSignal?.addEventListener('abort', onRequestAbort);
  const stopWatching = watchForCancel(d, id, controller);
  const progress = progressWriter(d, id);

  try {
    const result = await generator.generate(doc, input.settings, {
      signal: controller.signal,
      onProgress: progress.report,
    });
    if (controller.signal.aborted) throw new AppError('GENERATION_CANCELLED');
    if (result.questions.length === 0) throw new AppError('MATERIAL_NO_TEXT');
    await progress.flush();

    const quiz: Quiz = {
      id: randomUUID(),
      user_id: userId,
      material_id: material.id,
      title: input.title?.trim() || defaultTitle(material.title, input.settings.language),
      description: input.description,
      difficulty: input.settings.difficulty,
      language: input.settings.language,
      question_types: JSON.stringify(input.settings.questionTypes),
      question_count: result.questions.length,
      questions: JSON.stringify(result.questions),
      completed: 0,
      score: null,
      answered_count: 0,
      created_at: iso(d.clock.now()),
      last_taken_at: null,
      best_score: null,
      attempt_count: 0,
      notices: JSON.stringify(result.notices),
      generator: result.generator,
    };
    await d.db.transaction().execute(async (trx) => {
      // A material deleted while its quiz was being written takes the generation row with it.
      await findOwnMaterial(trx, userId, material.id);
      await trx.insertInto('quizzes').values(quiz).execute();
      const done = await trx
        .updateTable('quiz_generations')
        .set({
          status: 'succeeded',
          stage: 'done',
          progress: 100,
          quiz_id: quiz.id,
          updated_at: iso(d.clock.now()),
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      // Failed meanwhile (a stale sweep that took it for dead gave its quota back): the quiz
      // is not kept either, so what the learner sees and what was counted agree.
      if (Number(done.numUpdatedRows) !== 1) throw new AppError('GENERATION_FAILED');
    });
    return presentGeneratedQuiz(quiz);
  } catch (err) {
    await progress.flush();
    const cancelled =
      controller.signal.aborted || (err instanceof AppError && err.code === 'GENERATION_CANCELLED');
    const appError = cancelled
      ? new AppError('GENERATION_CANCELLED')
      : err instanceof AppError
        ? err
        : new AppError('GENERATION_FAILED', { cause: err });
    if (!cancelled && !(err instanceof AppError)) {
      d.logger.error({ err, generationId: id }, 'quiz generation failed');
    }
    await d.db.transaction().execute(async (trx) => {
      // Refunded only by whoever ends the row: a sweep that already failed it refunded too.
      const ended = await finishIn(trx, d, id, cancelled ? 'cancelled' : 'failed', appError.code);
      if (ended && reserved) await refundFreeQuiz(trx, userId);
    });
    throw appError;
  } finally {
    running.delete(id);
    requestSignal?.removeEventListener('abort', onRequestAbort);
    stopWatching();
  }
}

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

/** How long a repeated request waits for the first one's generation before giving up (409). */
const KEY_WAIT_MS = 3 * 60_000;
const KEY_POLL_MS = 250;

type Claim =
  { kind: 'run'; id: string } | { kind: 'made'; quiz: ReturnType<typeof presentGeneratedQuiz> };

/**
 * Decides what a request with an Idempotency-Key does. New key: a generation row carrying it
 * (the unique (user, key) index lets one of two racing copies in; the other reads the winner's
 * row). Succeeded: the quiz it made, nothing spent. Running: wait until it settles, then decide
 * again. Failed or cancelled: take the row over (one conditional update, so one taker) and run
 * again under the same generation id.
 */
async function claimByKey(
  d: GenerationDeps,
  userId: string,
  materialId: string,
  input: GenerateInput,
  signal?: AbortSignal,
): Promise<Claim> {
  const key = input.idempotencyKey!;
  const deadline = performance.now() + KEY_WAIT_MS;
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
      const quiz = row.quiz_id
        ? await d.db
            .selectFrom('quizzes')
            .selectAll()
            .where('id', '=', row.quiz_id)
            .where('user_id', '=', userId)
            .executeTakeFirst()
        : undefined;
      if (!quiz) throw new AppError('NOT_FOUND');
      return { kind: 'made', quiz: presentGeneratedQuiz(quiz) };
    }
    if (row.status === 'running') {
      if (signal?.aborted) throw new AppError('GENERATION_CANCELLED');
      if (performance.now() > deadline) throw new AppError('GENERATION_IN_PROGRESS');
      await new Promise((r) => setTimeout(r, KEY_POLL_MS));
      continue;
    }
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
        updated_at: iso(d.clock.now()),
      })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .where('updated_at', '=', row.updated_at)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return { kind: 'run', id: row.id };
  }
}

async function finish(
  d: GenerationDeps,
  id: string,
  status: 'failed' | 'cancelled',
  code: ErrorCode,
) {
  await finishIn(d.db, d, id, status, code);
}

async function finishIn(
  db: Db,
  d: GenerationDeps,
  id: string,
  status: 'failed' | 'cancelled',
  code: ErrorCode,
) {
  const r = await db
    .updateTable('quiz_generations')
    .set({ status, error_code: code, updated_at: iso(d.clock.now()) })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Writes progress in order, at most every PROGRESS_WRITE_MS unless the stage changes. */
function progressWriter(d: GenerationDeps, id: string) {
  let chain: Promise<unknown> = Promise.resolve();
  let lastStage = '';
  let lastWrite = 0;
  let lastValue = 0;
  return {
    report(stage: GenerationStage, fraction: number) {
      const value = Math.max(lastValue, stageProgress(stage, fraction));
      const at = performance.now();
      if (stage === lastStage && at - lastWrite < PROGRESS_WRITE_MS) return;
      lastStage = stage;
      lastWrite = at;
      lastValue = value;
      chain = chain
        .then(() =>
          d.db
            .updateTable('quiz_generations')
            .set({ stage, progress: value, updated_at: iso(d.clock.now()) })
            .where('id', '=', id)
            .where('status', '=', 'running')
            .execute(),
        )
        .catch((err: unknown) => d.logger.warn({ err, id }, 'could not record progress'));
    },
    flush: () => chain,
  };
}

/**
 * Aborts the generation when a cancel was recorded in the database (by any instance), and
 * beats the heartbeat: `updated_at` is touched while the work goes on, even through a long
 * stage that reports no progress.
 */
function watchForCancel(d: GenerationDeps, id: string, controller: AbortController): () => void {
  const { db } = d;
  const every = Math.max(
    CANCEL_POLL_MS,
    Math.min(HEARTBEAT_MS, Math.floor((d.staleAfterMs ?? Infinity) / 3)),
  );
  const heartbeat = setInterval(() => {
    db.updateTable('quiz_generations')
      .set({ updated_at: iso(d.clock.now()) })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute()
      .catch((err: unknown) => d.logger.warn({ err, id }, 'could not beat the heartbeat'));
  }, every);
  heartbeat.unref();
  const timer = setInterval(() => {
    db.selectFrom('quiz_generations')
      .select('cancel_requested')
      .where('id', '=', id)
      .executeTakeFirst()
      .then((row) => {
        if (!row || row.cancel_requested === 1) controller.abort();
      })
      .catch(() => {});
  }, CANCEL_POLL_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    clearInterval(heartbeat);
  };
}

async function findOwnGeneration(db: Db, userId: string, id: string) {
  const row = await db
    .selectFrom('quiz_generations')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The progress of one of the learner's generations. */
export async function getGeneration(db: Db, userId: string, id: string) {
  return presentGeneration(await findOwnGeneration(db, userId, id));
}

/**
 * Asks a running generation to stop: recorded in the database (so the instance running it sees
 * it) and aborted at once when it runs here. A finished generation is left as it is.
 */
export async function cancelGeneration(d: GenerationDeps, userId: string, id: string) {
  const row = await findOwnGeneration(d.db, userId, id);
  if (row.status === 'running') {
    await d.db
      .updateTable('quiz_generations')
      .set({ cancel_requested: 1, updated_at: iso(d.clock.now()) })
      .where('id', '=', id)
      .execute();
    running.get(id)?.abort();
  }
  return waitUntilSettled(d.db, userId, id, 3000);
}

/** Re-reads a generation until it leaves `running` (or the time is up). */
async function waitUntilSettled(db: Db, userId: string, id: string, ms: number) {
  const until = performance.now() + ms;
  for (;;) {
    const row = await findOwnGeneration(db, userId, id);
    if (row.status !== 'running' || performance.now() > until) return presentGeneration(row);
    await new Promise((r) => setTimeout(r, 50));
  }
}
