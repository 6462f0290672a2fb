import { randomUUID } from 'node:crypto';
import type { Quiz, QuizGeneration } from '../db/schema.js';
import { iso } from '../lib/clock.js';
import type { Deps } from '../lib/context.js';
import { AppError } from '../lib/errors.js';
import { examOfMaterial, generateForMaterial } from '../exam/exam-generation.js';
import { loadDocument } from '../materials/material-service.js';
import { findOwned } from '../auth/owned-row.js';
import type { QuizGenerator } from '../quizgen/types.js';
import { defaultQuizTitle } from '../rules/quiz-title.js';
import { decodeRequest, endJob, releaseJob } from './generation-queue.js';
import { progressWriter } from './generation-progress.js';
import { watchJob } from './generation-watch.js';
import { refundFreeQuiz } from './quota.js';

/** What one job needs from the runner that claimed it. */
export interface JobContext extends Pick<Deps, 'db' | 'clock' | 'logger' | 'config'> {
  /** The claiming instance: every write checks the row is still its own. */
  instanceId: string;
  /** The generator of now (tests hand an app one of their own after it was made). */
  generator: () => QuizGenerator;
}

/** The abort reason of a server shutting down: the job goes back to the queue, not failed. */
export const SHUTDOWN = Symbol('shutdown');

/**
 * Makes one claimed generation: reads the material, generates (following cancel and heartbeat),
 * and keeps the quiz — or records why not — only while the row is still this instance's.
 */
export async function runJob(job: JobContext, row: QuizGeneration, controller: AbortController) {
  const { db, clock, logger, instanceId } = job;
  const id = row.id;
  const request = decodeRequest(row);
  const stopWatching = watchJob(job, id, controller);
  const progress = progressWriter(job, id);
  try {
    if (!request) throw new AppError('GENERATION_FAILED');
    const material = await findOwned(db, 'materials', row.user_id, row.material_id);
    const doc = await loadDocument(db, row.user_id, material.id);
    const exam = examOfMaterial(doc);
    const result = await generateForMaterial(job.generator(), doc, exam, request.settings, {
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
      await findOwned(trx, 'materials', row.user_id, material.id, ['id']);
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
      controller.signal.aborted || (err instanceof AppError && err.code === 'GENERATION_CANCELLED');
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
