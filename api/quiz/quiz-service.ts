import { randomUUID } from 'node:crypto';
import type { Deps } from '../lib/context.js';
import type { Db } from '../db/database.js';
import type { Quiz, QuizAttempt } from '../db/schema.js';
import { iso } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { QUIZ_SUMMARY_COLUMNS } from '../materials/material-service.js';
import { findOwned } from '../auth/owned-row.js';
import type { Learner } from '../auth/learner.js';
import { presentQuizSummary } from '../materials/presenter.js';
import type { GeneratedQuestion, QuizLanguage } from '../quizgen/types.js';
import { answeredCount, sanitizeAnswers, scoreAttempt } from '../scoring/index.js';
import type { QuizReport, ScoreResult, SubmittedAnswer } from '../scoring/types.js';
import { presentQuizForTaking, storedQuestions } from './presenter.js';
import { recordQuizReviews, type QuestionTiming } from '../review/cards.js';
import { getReport, REPORT_QUIZ_COLUMNS, type ReportQuiz } from './report-service.js';

export type QuizDeps = Pick<Deps, 'db' | 'clock' | 'logger'>;

/** The quizzes of one of the learner's materials, newest first. */
export async function listQuizzesOfMaterial(db: Db, userId: string, materialId: string) {
  await findOwned(db, 'materials', userId, materialId, ['id']);
  const rows = await db
    .selectFrom('quizzes')
    .select(QUIZ_SUMMARY_COLUMNS)
    .where('material_id', '=', materialId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(presentQuizSummary);
}

function inProgressAttempt(db: Db, quizId: string, userId: string) {
  return db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('quiz_id', '=', quizId)
    .where('user_id', '=', userId)
    .where('status', '=', 'in_progress')
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
}

/** A quiz for taking: questions without keys, and the answers saved so far in this attempt. */
export async function getQuizForTaking(db: Db, userId: string, quizId: string) {
  const quiz = await findOwned(db, 'quizzes', userId, quizId);
  return presentQuizForTaking(quiz, await inProgressAttempt(db, quizId, userId));
}

/**
 * Saves the answers of the attempt in progress (a new attempt after a submit: that is a
 * retake). The quiz card's answered count follows only while the quiz was never completed.
 */
export async function saveProgress(
  d: QuizDeps,
  userId: string,
  quizId: string,
  input: { answers: unknown[]; currentIndex: number },
) {
  const quiz = await findOwned(d.db, 'quizzes', userId, quizId);
  const questions = storedQuestions(quiz);
  // Only answers to this quiz's questions are kept.
  const ids = new Set(questions.map((q) => q.id));
  const answers = sanitizeAnswers(input.answers).answers.filter((a) => ids.has(a.questionId));
  const answered = answeredCount(questions, answers);
  const currentIndex = Math.min(Math.max(0, input.currentIndex), Math.max(0, questions.length - 1));
  const now = iso(d.clock.now());
  await d.db.transaction().execute(async (trx) => {
    const attempt = await inProgressAttempt(trx, quizId, userId);
    const values = {
      answers: JSON.stringify(answers),
      current_index: currentIndex,
      answered_count: answered,
      updated_at: now,
    };
    if (attempt) {
      await trx.updateTable('quiz_attempts').set(values).where('id', '=', attempt.id).execute();
    } else {
      await trx
        .insertInto('quiz_attempts')
        .values({
          id: randomUUID(),
          quiz_id: quizId,
          user_id: userId,
          status: 'in_progress',
          started_at: now,
          ...values,
        })
        .execute();
    }
    if (quiz.completed === 0) {
      await trx
        .updateTable('quizzes')
        .set({ answered_count: answered })
        .where('id', '=', quizId)
        .execute();
    }
  });
  return { answeredCount: answered, currentIndex };
}

async function findAttemptBySubmission(db: Db, userId: string, clientSubmissionId: string) {
  return db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_submission_id', '=', clientSubmissionId)
    .executeTakeFirst();
}

/**
 * Scores and records a submission. With a clientSubmissionId it is idempotent: the same id
 * again (a retry after a lost answer, or two racing copies) returns the attempt already scored.
 */
export async function submitQuiz(
  d: QuizDeps,
  learner: Learner,
  quizId: string,
  input: { answers: unknown[]; clientSubmissionId?: string; timings?: QuestionTiming[] },
): Promise<QuizReport> {
  const userId = learner.id;
  const quiz = await findOwned(d.db, 'quizzes', userId, quizId);
  const clientId = input.clientSubmissionId;
  if (clientId) {
    const existing = await findAttemptBySubmission(d.db, userId, clientId);
    if (existing) return reportOfExisting(d.db, learner, quiz, existing);
  }
  const questions = storedQuestions(quiz);
  const ids = new Set(questions.map((q) => q.id));
  const answers = sanitizeAnswers(input.answers).answers.filter((a) => ids.has(a.questionId));
  if (answers.length === 0) throw new AppError('NO_ANSWERS');
  const result = scoreAttempt(questions, answers, quiz.language as QuizLanguage);

  let recorded: Recorded;
  try {
    recorded = await recordAttempt(d, userId, quiz, answers, result, clientId, {
      questions,
      timings: input.timings,
    });
  } catch (err) {
    // A parallel copy of the same submission won the unique (user, client id) index.
    if (clientId) {
      const existing = await findAttemptBySubmission(d.db, userId, clientId);
      if (existing) return reportOfExisting(d.db, learner, quiz, existing);
    }
    throw err;
  }
  // This attempt's report (not the newest attempt's: a parallel submit may have landed since),
  // from the result just scored and the quiz row as this submit's update left it, rather than
  // read back and parsed again.
  return getReport(d.db, learner, quizId, { ...recorded, scored: result });
}

async function reportOfExisting(db: Db, learner: Learner, quiz: Quiz, attempt: QuizAttempt) {
  if (attempt.quiz_id !== quiz.id) throw new AppError('SUBMISSION_CONFLICT');
  return getReport(db, learner, quiz.id, { attemptId: attempt.id });
}

/** The attempt recorded, and its quiz's report columns as the submission's update left them. */
interface Recorded {
  attemptId: string;
  quiz: ReportQuiz;
}

async function recordAttempt(
  d: QuizDeps,
  userId: string,
  quiz: Quiz,
  answers: SubmittedAnswer[],
  result: ScoreResult,
  clientId: string | undefined,
  review: { questions: GeneratedQuestion[]; timings?: QuestionTiming[] },
): Promise<Recorded> {
  const reviewedAt = d.clock.now();
  const now = iso(reviewedAt);
  return d.db.transaction().execute(async (trx) => {
    // The quiz row first: its update numbers the attempt (RETURNING the new count) and, on
    // PostgreSQL, locks the row, so parallel submits of one quiz get consecutive numbers.
    const counted = await trx
      .updateTable('quizzes')
      .set((eb) => ({
        completed: 1,
        // Unscored practice (an exam paper without key) leaves the scores as they were.
        ...(result.unscored
          ? {}
          : {
              score: result.score,
              // Portable max(best, new): both databases lack a two-argument MAX with the same name.
              best_score: eb
                .case()
                .when(eb.or([eb('best_score', 'is', null), eb('best_score', '<', result.score)]))
                .then(result.score)
                .else(eb.ref('best_score'))
                .end(),
            }),
        attempt_count: eb('attempt_count', '+', 1),
        answered_count: result.answeredCount,
        last_taken_at: now,
      }))
      .where('id', '=', quiz.id)
      .returning(REPORT_QUIZ_COLUMNS)
      .executeTakeFirstOrThrow();
    const submitted = {
      status: 'submitted' as const,
      attempt_number: counted.attempt_count,
      answers: JSON.stringify(answers),
      answered_count: result.answeredCount,
      // Unscored practice (an exam paper without key) has no score, not a score of 0.
      score: result.unscored ? null : result.score,
      result: JSON.stringify(result),
      client_submission_id: clientId ?? null,
      updated_at: now,
      submitted_at: now,
    };
    const attempt = await inProgressAttempt(trx, quiz.id, userId);
    const updated = attempt
      ? await trx
          .updateTable('quiz_attempts')
          .set(submitted)
          .where('id', '=', attempt.id)
          .where('status', '=', 'in_progress')
          .executeTakeFirst()
      : undefined;
    let attemptId = attempt?.id ?? '';
    if (!updated || Number(updated.numUpdatedRows) === 0) {
      attemptId = randomUUID();
      await trx
        .insertInto('quiz_attempts')
        .values({
          id: attemptId,
          quiz_id: quiz.id,
          user_id: userId,
          current_index: 0,
          started_at: now,
          ...submitted,
        })
        .execute();
    }
    const recorded = { attemptId, quiz: counted };
    // No key, so nothing to learn from it again: no review card, no review log.
    if (result.unscored) return recorded;
    // Every question reviews its card, a skipped one as a lapse, in this transaction
    // (docs/decisions/0014, 0024).
    await recordQuizReviews(trx, {
      userId,
      quiz,
      attemptId,
      questions: review.questions.filter((q) => !q.unscored),
      detail: result.answersDetail,
      timings: review.timings,
      now: reviewedAt,
    });
    return recorded;
  });
}
