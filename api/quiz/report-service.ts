import type { Db } from '../db/database.js';
import type { Quiz } from '../db/schema.js';
import { AppError } from '../lib/errors.js';
import { withholdPremium } from '../scoring/index.js';
import type { QuizReport, ScoreResult } from '../scoring/types.js';
import { parseJson } from './presenter.js';
import { findOwned } from '../auth/owned-row.js';
import { isPremium, type Learner } from '../auth/learner.js';

/** A report lists this many of the newest attempts; attemptCount and bestScore cover them all. */
export const HISTORY_LIMIT = 20;

/** The quiz columns a report shows: never the questions, the row's long JSON text. */
export const REPORT_QUIZ_COLUMNS = [
  'id',
  'material_id',
  'title',
  'description',
  'language',
  'difficulty',
  'score',
  'best_score',
  'attempt_count',
] as const;

/** A quiz as a report shows it. */
export type ReportQuiz = Pick<Quiz, (typeof REPORT_QUIZ_COLUMNS)[number]>;

/**
 * The report of the latest (or the given) submitted attempt. For a free account the
 * explanation, related concepts and citation are not in the answer at all. `scored` is the
 * attempt's result when the caller has just computed it (no need to read it back), and `quiz`
 * the quiz row's report columns when the caller has just written them (and checked the owner).
 */
export async function getReport(
  db: Db,
  learner: Learner,
  quizId: string,
  opts: { attemptId?: string; scored?: ScoreResult; quiz?: ReportQuiz } = {},
): Promise<QuizReport> {
  const userId = learner.id;
  const quiz = opts.quiz ?? (await findOwned(db, 'quizzes', userId, quizId, REPORT_QUIZ_COLUMNS));
  // Served by the (quiz_id, status, attempt_number, …) covering index: no long result is read.
  const history = await db
    .selectFrom('quiz_attempts')
    .select(['id', 'score', 'submitted_at'])
    .where('quiz_id', '=', quizId)
    .where('status', '=', 'submitted')
    .where('user_id', '=', userId)
    .orderBy('attempt_number', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  const attempt = opts.attemptId
    ? (history.find((a) => a.id === opts.attemptId) ??
      (await db
        .selectFrom('quiz_attempts')
        .select(['id', 'score', 'submitted_at'])
        .where('id', '=', opts.attemptId)
        .where('quiz_id', '=', quizId)
        .where('user_id', '=', userId)
        .where('status', '=', 'submitted')
        .executeTakeFirst()))
    : history[0];
  if (!attempt) throw new AppError('REPORT_NOT_FOUND');
  const stored = opts.scored
    ? undefined
    : await db
        .selectFrom('quiz_attempts')
        .select('result')
        .where('id', '=', attempt.id)
        .executeTakeFirst();
  const result = opts.scored ?? parseJson<ScoreResult | null>(stored?.result, null);
  if (!result) throw new AppError('REPORT_NOT_FOUND');
  const premium = isPremium(learner);
  return {
    quizId: quiz.id,
    attemptId: attempt.id,
    materialId: quiz.material_id,
    quizTitle: quiz.title,
    quizDescription: quiz.description,
    language: quiz.language,
    difficulty: quiz.difficulty,
    score: result.score,
    correctAnswers: result.correctAnswers,
    totalQuestions: result.totalQuestions,
    typeAnalysis: result.typeAnalysis,
    answersDetail: withholdPremium(result.answersDetail, premium),
    submittedAt: attempt.submitted_at ?? '',
    premium,
    locked: !premium,
    ...(result.unscored && { unscored: true }),
    lastScore: quiz.score ?? result.score,
    bestScore: Math.max(quiz.best_score ?? 0, result.score),
    attemptCount: Math.max(quiz.attempt_count, history.length),
    history: history.map((a) => ({
      attemptId: a.id,
      score: a.score ?? 0,
      submittedAt: a.submitted_at ?? '',
    })),
  };
}

/** The report for export: premium accounts only (PREMIUM_REQUIRED otherwise). */
export async function getReportForExport(db: Db, learner: Learner, quizId: string) {
  await findOwned(db, 'quizzes', learner.id, quizId, ['id']);
  if (!isPremium(learner)) throw new AppError('PREMIUM_REQUIRED');
  return getReport(db, learner, quizId);
}
