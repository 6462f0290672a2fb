import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Grade } from 'ts-fsrs';
import type { ReviewCard, ReviewLog } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { iso } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { parseJson, storedQuestions } from '../quiz/presenter.js';
import type { QuizLanguage } from '../quizgen/types.js';
import { sanitizeAnswers, scoreAttempt, withholdPremium } from '../scoring/index.js';
import type { AnswerDetail } from '../scoring/types.js';
import { applyRating } from './cards.js';
import { isPremium, type Learner } from '../auth/learner.js';
import { findOwned } from '../auth/owned-row.js';
import { RATING_NAMES, ratingFor } from './rating.js';
import { presentCardStats, rereview, type CardStats } from './scheduler.js';

export interface ReviewAnswerInput {
  clientReviewId: string;
  answer: Record<string, unknown>;
  elapsedMs?: number;
  firstTry?: boolean;
  answeredAt?: string;
}

/** What a review answer stored for its retries: the full detail, withheld when presented. */
interface StoredResult {
  correct: boolean;
  rating: (typeof RATING_NAMES)[keyof typeof RATING_NAMES];
  detail: AnswerDetail;
  reviewedAt: string;
  nextDue: string;
  card: CardStats;
}

function findByClientId(db: Db, userId: string, clientReviewId: string) {
  return db
    .selectFrom('review_logs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_review_id', '=', clientReviewId)
    .executeTakeFirst();
}

/** The answer's review time: when the learner answered (outbox replays), never before the
 * card's last review and never after the server's now. */
function reviewTime(answeredAt: string | undefined, row: ReviewCard, now: Date): Date {
  const given = answeredAt ? Date.parse(answeredAt) : Number.NaN;
  if (!Number.isFinite(given)) return now;
  const floor = Date.parse(row.last_review ?? row.created_at);
  return new Date(Math.min(Math.max(given, floor), now.getTime()));
}

function present(learner: Learner, log: ReviewLog, replayed: boolean) {
  const stored = parseJson<StoredResult | null>(log.result, null);
  if (!stored) throw new AppError('NOT_FOUND');
  const premium = isPremium(learner);
  const [detail] = withholdPremium([stored.detail], premium);
  return {
    cardId: log.card_id,
    reviewId: log.id,
    clientReviewId: log.client_review_id,
    correct: stored.correct,
    rating: stored.rating,
    userAnswer: detail!.userAnswer,
    correctAnswer: detail!.correctAnswer,
    detail: detail!,
    premium,
    locked: !premium,
    reviewedAt: stored.reviewedAt,
    nextDue: stored.nextDue,
    card: stored.card,
    replayed,
  };
}

function replay(learner: Learner, cardId: string, log: ReviewLog) {
  if (log.card_id !== cardId) throw new AppError('REVIEW_ID_CONFLICT');
  return present(learner, log, true);
}

/**
 * Scores one review answer, applies it to the card with FSRS and logs it. Idempotent by
 * clientReviewId: a retry (or a racing copy) gets the first result back and reviews nothing.
 */
export async function answerCard(
  d: { db: Db; clock: Clock },
  learner: Learner,
  cardId: string,
  input: ReviewAnswerInput,
) {
  const userId = learner.id;
  const existing = await findByClientId(d.db, userId, input.clientReviewId);
  if (existing) return replay(learner, cardId, existing);
  const card = await findOwned(d.db, 'review_cards', userId, cardId);
  const quiz = await d.db
    .selectFrom('quizzes')
    .select(['questions', 'language'])
    .where('id', '=', card.quiz_id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const question = quiz && storedQuestions(quiz).find((q) => q.id === card.question_id);
  if (!quiz || !question) throw new AppError('NOT_FOUND');

  // The card names its question: whatever questionId the client sent is not trusted.
  const { answers } = sanitizeAnswers([{ ...input.answer, questionId: question.id }]);
  const [detail] = scoreAttempt([question], answers, quiz.language as QuizLanguage).answersDetail;
  const rating = ratingFor({
    correct: detail!.isCorrect,
    type: question.type,
    firstTry: input.firstTry,
    elapsedMs: input.elapsedMs,
  });
  const now = d.clock.now();
  const logId = randomUUID();
  try {
    await d.db.transaction().execute(async (trx) => {
      const applied = await applyRating(
        trx,
        cardId,
        rating,
        (row) => reviewTime(input.answeredAt, row, now),
        now,
      );
      const result: StoredResult = {
        correct: detail!.isCorrect,
        rating: RATING_NAMES[rating],
        detail: detail!,
        reviewedAt: applied.log.reviewed_at,
        nextDue: applied.card.due,
        card: presentCardStats(applied.card),
      };
      await trx
        .insertInto('review_logs')
        .values({
          id: logId,
          card_id: cardId,
          user_id: userId,
          source: 'review',
          attempt_id: null,
          client_review_id: input.clientReviewId,
          correct: detail!.isCorrect ? 1 : 0,
          first_try: input.firstTry === false ? 0 : 1,
          elapsed_ms: input.elapsedMs ?? null,
          ...applied.log,
          result: JSON.stringify(result),
          created_at: iso(now),
        })
        .execute();
    });
  } catch (err) {
    // A racing copy with the same clientReviewId won the unique index: answer with its result.
    const raced = await findByClientId(d.db, userId, input.clientReviewId);
    if (raced) return replay(learner, cardId, raced);
    throw err;
  }
  const log = await d.db
    .selectFrom('review_logs')
    .selectAll()
    .where('id', '=', logId)
    .executeTakeFirstOrThrow();
  return present(learner, log, false);
}

export type RatingName = (typeof RATING_NAMES)[keyof typeof RATING_NAMES];
const GRADE_OF = Object.fromEntries(
  Object.entries(RATING_NAMES).map(([grade, name]) => [name, Number(grade) as Grade]),
) as Record<RatingName, Grade>;

/**
 * The learner's own rating of an answered card (Again / Hard / Good / Easy after the reveal):
 * that review is redone with their rating at the same time, replacing the automatic one.
 * Idempotent: the same rating again changes nothing. Only the card's latest review may be
 * rated; after a later one it is REVIEW_RATING_STALE.
 */
export async function rateReview(
  d: { db: Db; clock: Clock },
  learner: Learner,
  cardId: string,
  input: { clientReviewId: string; rating: RatingName },
) {
  const userId = learner.id;
  const rating = GRADE_OF[input.rating];
  for (let i = 0; i < 5; i++) {
    const log = await findByClientId(d.db, userId, input.clientReviewId);
    if (!log) throw new AppError('NOT_FOUND');
    if (log.card_id !== cardId) throw new AppError('REVIEW_ID_CONFLICT');
    if (log.rating === rating) return present(learner, log, true);
    const card = await findOwned(d.db, 'review_cards', userId, cardId);
    const later = await d.db
      .selectFrom('review_logs')
      .select('id')
      .where('card_id', '=', cardId)
      .where('reviewed_at', '>=', log.reviewed_at)
      .where('id', '!=', log.id)
      .executeTakeFirst();
    if (later || card.last_review !== log.reviewed_at) throw new AppError('REVIEW_RATING_STALE');

    const { card: next, log: redone } = rereview(card, log, rating);
    const stored = parseJson<StoredResult | null>(log.result, null);
    const now = iso(d.clock.now());
    const done = await d.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('review_cards')
        .set({ ...next, version: card.version + 1, updated_at: now })
        .where('id', '=', cardId)
        .where('version', '=', card.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      const result: StoredResult | null = stored && {
        ...stored,
        rating: input.rating,
        nextDue: next.due,
        card: presentCardStats(next),
      };
      await trx
        .updateTable('review_logs')
        .set({ ...redone, result: result ? JSON.stringify(result) : log.result })
        .where('id', '=', log.id)
        .execute();
      return true;
    });
    if (!done) continue; // another review changed the card in between: read it again
    const fresh = await d.db
      .selectFrom('review_logs')
      .selectAll()
      .where('id', '=', log.id)
      .executeTakeFirstOrThrow();
    return present(learner, fresh, false);
  }
  throw new AppError('REVIEW_RATING_STALE');
}
