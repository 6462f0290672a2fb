import { randomUUID } from 'node:crypto';
import type { Deps } from '../lib/context.js';
import type { Quiz, QuizGeneration } from '../db/schema.js';
import { iso } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { examOfMaterial, generateForMaterial } from '../exam/exam-generation.js';
import { findOwnMaterial, loadDocument } from '../materials/material-service.js';
import { createQuizGenerator } from '../quizgen/index.js';
import { createWorkerBuiltinGenerator } from '../quizgen/thread/index.js';
import type { GenerationStage, QuizGenerator } from '../quizgen/types.js';
import { claimNextJob, decodeRequest, endJob, releaseJob } from './generation-queue.js';
import { refundFreeQuiz } from './quota.js';
import { defaultQuizTitle } from '../rules/quiz-title.js';

export type RunnerDeps = Pick<Deps, 'db' | 'dialect' | 'clock' | 'logger' | 'config'> & {
  quizGenerator?: QuizGenerator;
};

/**
 * Runs queued quiz generations (docs/decisions/0019). Every instance has one; it claims jobs
 * from the database, so a job queued by a request on one instance may be made on another, and
 * progress, cancel and the result are read from the row by whoever asks.
 */
export interface GenerationRunner {
  readonly instanceId: string;
  /** Looks for queued jobs now (a request on this instance just queued one). */
  kick(): void;
  /** Keeps looking every `pollMs` (the server; tests rely on kick alone). */
  start(): void;
  /**
   * Stops claiming; jobs being made here get `graceMs` to finish, then go back to the queue
   * for another instance (or this one after a restart).
   */
  stop(graceMs?: number): Promise<void>;
  /** Resolves when a job this instance is making ends (undefined when it is not making it). */
  settled(id: string): Promise<void> | undefined;
  /**
   * Resolves when something may have changed for a job: this instance claims it or ends it, or
   * `ms` have passed (it may be made elsewhere). Lets a waiting request sleep instead of polling.
   */
  wake(id: string, ms: number): Promise<void>;
  /** Aborts a job this instance is making (a cancel arrived here). */
  abort(id: string): void;
  /** Jobs being made here now. */
  readonly active: number;
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
/** The heartbeat's longest period; a third of the stale sweep's threshold when that is shorter. */
const HEARTBEAT_MS = 10_000;
/** Progress is written at most this often (and on every stage change). */
const PROGRESS_WRITE_MS = 250;

const SHUTDOWN = Symbol('shutdown');

const runners = new WeakMap<object, GenerationRunner>();

/** The runner of an app's dependencies (one per createApp, made on first use). */
export function runnerOf(deps: RunnerDeps): GenerationRunner {
  let r = runners.get(deps);
  if (!r) {
    r = createGenerationRunner(deps);
    runners.set(deps, r);
  }
  return r;
}

export function createGenerationRunner(deps: RunnerDeps): GenerationRunner {
  const { db, dialect, clock, logger } = deps;
  const { concurrency, pollMs } = deps.config.generationQueue;
  const instanceId = randomUUID();
  const jobs = new Map<string, { controller: AbortController; done: Promise<void> }>();
  /** Requests waiting on a job, woken when this instance claims it. */
  const claimWaiters = new Map<string, Set<() => void>>();
  const wakeClaimed = (id: string) => {
    for (const wake of claimWaiters.get(id) ?? []) wake();
    claimWaiters.delete(id);
  };
  let builtin: QuizGenerator | undefined;
  let pumping = false;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  // Read at each job: tests hand an app a generator of their own after it was made.
  const generatorNow = () =>
    deps.quizGenerator ??
    (builtin ??= createQuizGenerator(deps.config, {
      log: logger,
      builtin: createWorkerBuiltinGenerator(),
    }));

  /** Claims while there is room and work; a kick during a pass makes another pass. */
  async function pump() {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        while (!stopped && jobs.size < concurrency) {
          const row = await claimNextJob(db, dialect, clock, instanceId);
          if (!row) break;
          if (stopped) {
            await releaseJob(db, clock, row.id, instanceId);
            break;
          }
          const controller = new AbortController();
          const done = run(row, controller)
            .catch((err: unknown) => logger.error({ err, id: row.id }, 'generation job crashed'))
            .finally(() => {
              jobs.delete(row.id);
              if (!stopped) void pump();
            });
          jobs.set(row.id, { controller, done });
          wakeClaimed(row.id);
        }
      } while (again && !stopped);
    } catch (err) {
      logger.warn({ err }, 'generation queue: could not claim a job');
    } finally {
      pumping = false;
    }
  }

  async function run(row: QuizGeneration, controller: AbortController) {
    const id = row.id;
    const request = decodeRequest(row);
    const stopWatching = watch(id, controller);
    const progress = progressWriter(id);
    try {
      if (!request) throw new AppError('GENERATION_FAILED');
      const material = await findOwnMaterial(db, row.user_id, row.material_id);
      const doc = await loadDocument(db, row.user_id, material.id);
      const exam = examOfMaterial(doc);
      const result = await generateForMaterial(generatorNow(), doc, exam, request.settings, {
        signal: controller.signal,
        onProgress: progress.report,
      });
      // An exam paper's quiz is in the paper's language and has the types it really holds.
      const language = result.language ?? request.settings.language;
      const types =
        result.generator === 'exam'
          ? [...new Set(result.questions.map((q) => q.type))]
          : request.settings.questionTypes;
      if (controller.signal.aborted) throw new AppError('GENERATION_CANCELLED');
      if (result.questions.length === 0)
        // The chosen types could not be written (multiple choice needs a sure set of options of
        // the key's kind): say that, not that the material is empty.
        throw new AppError(
          result.notices.some((n) => n.code === 'TYPE_UNAVAILABLE')
            ? 'QUESTION_TYPES_UNAVAILABLE'
            : 'MATERIAL_NO_TEXT',
        );
      await progress.flush();

      // Fewer questions than asked (the material honestly could not give more): the learner
      // keeps the quiz, and a free one is not spent on it (issue 16, "yield and fairness").
      const short = result.questions.length < request.settings.questionCount;
      const notCounted = short && row.quota_reserved === 1;
      const notices = notCounted
        ? [...result.notices, { code: 'FREE_QUIZ_NOT_COUNTED' }]
        : result.notices;

      const quiz: Quiz = {
        id: randomUUID(),
        user_id: row.user_id,
        material_id: material.id,
        title: request.title?.trim() || defaultQuizTitle(material.title, language),
        description: request.description,
        difficulty: request.settings.difficulty,
        language,
        question_types: JSON.stringify(types),
        question_count: result.questions.length,
        questions: JSON.stringify(result.questions),
        completed: 0,
        score: null,
        answered_count: 0,
        created_at: iso(clock.now()),
        last_taken_at: null,
        best_score: null,
        attempt_count: 0,
        notices: JSON.stringify(notices),
        generator: result.generator,
      };
      const kept = await db.transaction().execute(async (trx) => {
        // A material deleted while its quiz was being written takes the generation row with it.
        await findOwnMaterial(trx, row.user_id, material.id);
        const done = await trx
          .updateTable('quiz_generations')
          .set({
            status: 'succeeded',
            stage: 'done',
            progress: 100,
            quiz_id: quiz.id,
            updated_at: iso(clock.now()),
          })
          .where('id', '=', id)
          .where('status', '=', 'running')
          .where('claimed_by', '=', instanceId)
          .executeTakeFirst();
        // No longer ours (a sweep took it for dead and failed it or queued it again): the quiz
        // is not kept, so what the learner sees and what was counted agree.
        if (Number(done.numUpdatedRows) !== 1) return false;
        if (notCounted) {
          // One conditional update: only the job that still holds the reservation gives it back.
          const released = await trx
            .updateTable('quiz_generations')
            .set({ quota_reserved: 0 })
            .where('id', '=', id)
            .where('quota_reserved', '=', 1)
            .executeTakeFirst();
          if (Number(released.numUpdatedRows) === 1) await refundFreeQuiz(trx, row.user_id);
        }
        await trx.insertInto('quizzes').values(quiz).execute();
        return true;
      });
      if (!kept) logger.warn({ generationId: id }, 'generation finished after it was taken away');
    } catch (err) {
      await progress.flush();
      if (controller.signal.reason === SHUTDOWN) {
        // Not the learner's doing: another instance makes it (the start is not counted).
        await releaseJob(db, clock, id, instanceId);
        return;
      }
      const cancelled =
        controller.signal.aborted ||
        (err instanceof AppError && err.code === 'GENERATION_CANCELLED');
      const code = cancelled
        ? 'GENERATION_CANCELLED'
        : err instanceof AppError
          ? err.code
          : 'GENERATION_FAILED';
      if (!cancelled && !(err instanceof AppError)) {
        logger.error({ err, generationId: id }, 'quiz generation failed');
      }
      await endJob(db, clock, id, cancelled ? 'cancelled' : 'failed', code, {
        status: 'running',
        claimedBy: instanceId,
      });
    } finally {
      stopWatching();
    }
  }

  /** Writes progress in order, at most every PROGRESS_WRITE_MS unless the stage changes. */
  function progressWriter(id: string) {
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
            db
              .updateTable('quiz_generations')
              .set({ stage, progress: value, updated_at: iso(clock.now()) })
              .where('id', '=', id)
              .where('status', '=', 'running')
              .where('claimed_by', '=', instanceId)
              .execute(),
          )
          .catch((err: unknown) => logger.warn({ err, id }, 'could not record progress'));
      },
      flush: () => chain,
    };
  }

  /**
   * Aborts the job when a cancel was recorded in the database (by any instance) or the row is
   * no longer ours, and beats the heartbeat: `updated_at` is touched while the work goes on,
   * even through a long stage that reports no progress.
   */
  function watch(id: string, controller: AbortController): () => void {
    const staleAfterMs = deps.config.generationStaleMs;
    const every = Math.max(CANCEL_POLL_MS, Math.min(HEARTBEAT_MS, Math.floor(staleAfterMs / 3)));
    const heartbeat = setInterval(() => {
      db.updateTable('quiz_generations')
        .set({ updated_at: iso(clock.now()) })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('claimed_by', '=', instanceId)
        .execute()
        .catch((err: unknown) => logger.warn({ err, id }, 'could not beat the heartbeat'));
    }, every);
    heartbeat.unref();
    const poll = setInterval(() => {
      db.selectFrom('quiz_generations')
        .select(['cancel_requested', 'status', 'claimed_by'])
        .where('id', '=', id)
        .executeTakeFirst()
        .then((r) => {
          if (controller.signal.aborted) return;
          if (!r || r.cancel_requested === 1) controller.abort();
          else if (r.status !== 'running' || r.claimed_by !== instanceId) controller.abort();
        })
        .catch(() => {});
    }, CANCEL_POLL_MS);
    poll.unref();
    return () => {
      clearInterval(poll);
      clearInterval(heartbeat);
    };
  }

  return {
    instanceId,
    kick() {
      if (!stopped) void pump();
    },
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void pump(), pollMs);
      timer.unref();
      void pump();
    },
    async stop(graceMs = 0) {
      stopped = true;
      if (timer) clearInterval(timer);
      if (jobs.size && graceMs > 0) {
        let wait: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          Promise.all([...jobs.values()].map((j) => j.done)),
          new Promise((r) => (wait = setTimeout(r, graceMs))),
        ]);
        clearTimeout(wait);
      }
      for (const job of jobs.values()) job.controller.abort(SHUTDOWN);
      await Promise.all([...jobs.values()].map((j) => j.done));
    },
    settled: (id) => jobs.get(id)?.done,
    wake(id, ms) {
      const running = jobs.get(id)?.done;
      if (running) return running;
      return new Promise<void>((resolve) => {
        let set = claimWaiters.get(id);
        if (!set) claimWaiters.set(id, (set = new Set()));
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          if (set.size === 0 && claimWaiters.get(id) === set) claimWaiters.delete(id);
          resolve();
        };
        const timer = setTimeout(done, ms);
        set.add(done);
      });
    },
    abort: (id) => jobs.get(id)?.controller.abort(),
    get active() {
      return jobs.size;
    },
  };
}
