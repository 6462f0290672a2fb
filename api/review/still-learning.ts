import { randomUUID } from 'node:crypto';
import { Rating } from 'ts-fsrs';
import type { Db } from '../db/database.js';
import type { ReviewCard, ReviewLog } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { iso } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { parseJson, storedQuestions } from '../quiz/presenter.js';
import { applyRating, newCardRow } from './cards.js';
import { presentCardStats, type CardStats } from './scheduler.js';

/** POST /review/flashcards/still-learning: a quiz question's card the learner does not know yet. */
export interface StillLearningInput {
  /** Made once per mark on the device: the server applies an id once (outbox retries). */
  clientReviewId: string;
  quizId: string;
  questionId: string;
  /** When the learner marked it (an outbox replay arrives later). */
  markedAt?: string;
}

interface StoredMark {
  quizId: string;
  questionId: string;
  reviewedAt: string;
  nextDue: string;
  card: CardStats;
}

/** The mark's review time: when it was made, never before the card's last review nor after now. */
function markTime(markedAt: string | undefined, row: ReviewCard, now: Date): Date {
  const given = markedAt ? Date.parse(markedAt) : Number.NaN;
  if (!Number.isFinite(given)) return now;
  const floor = Date.parse(row.last_review ?? row.created_at);
  return new Date(Math.min(Math.max(given, floor), now.getTime()));
}

const findMark = (db: Db, userId: string, clientReviewId: string) =>
  db
    .selectFrom('review_logs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_review_id', '=', clientReviewId)
    .executeTakeFirst();

function present(log: ReviewLog, input: StillLearningInput, replayed: boolean) {
  const stored = parseJson<StoredMark | null>(log.result, null);
  // The id was used by a review answer, or for another question: not this mark.
  if (
    log.source !== 'flashcard' ||
    !stored ||
    stored.quizId !== input.quizId ||
    stored.questionId !== input.questionId
  )
    throw new AppError('REVIEW_ID_CONFLICT');
  return {
    cardId: log.card_id,
    clientReviewId: log.client_review_id,
    quizId: stored.quizId,
    questionId: stored.questionId,
    rating: 'again' as const,
    reviewedAt: stored.reviewedAt,
    nextDue: stored.nextDue,
    card: stored.card,
    replayed,
  };
}

/**
 * "Still learning" on a quiz question's flashcard: the question's review card (made on first
 * sight) is reviewed with Again, as a wrong answer is, so it comes due within minutes
 * (docs/decisions/0029-flashcards.md). Logged as source 'flashcard', which is not an answer:
 * it counts in no accuracy. Idempotent by clientReviewId.
 */
export async function markStillLearning(
  d: { db: Db; clock: Clock },
  userId: string,
  input: StillLearningInput,
) {
  const existing = await findMark(d.db, userId, input.clientReviewId);
  if (existing) return present(existing, input, true);
  const quiz = await d.db
    .selectFrom('quizzes')
    .select(['id', 'material_id', 'questions'])
    .where('id', '=', input.quizId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const question = quiz && storedQuestions(quiz).find((q) => q.id === input.questionId);
  if (!quiz || !question) throw new AppError('NOT_FOUND');

  const now = d.clock.now();
  const stamp = iso(now);
  const logId = randomUUID();
  try {
    await d.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('review_cards')
        .values(newCardRow(userId, quiz, question, now))
        .onConflict((oc) => oc.columns(['user_id', 'quiz_id', 'question_id']).doNothing())
        .execute();
      const { id: cardId } = await trx
        .selectFrom('review_cards')
        .select('id')
        .where('user_id', '=', userId)
        .where('quiz_id', '=', quiz.id)
        .where('question_id', '=', question.id)
        .executeTakeFirstOrThrow();
      const applied = await applyRating(
        trx,
        cardId,
        Rating.Again,
        (row) => markTime(input.markedAt, row, now),
        now,
      );
      const result: StoredMark = {
        quizId: quiz.id,
        questionId: question.id,
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
          source: 'flashcard',
          attempt_id: null,
          client_review_id: input.clientReviewId,
          correct: 0,
          first_try: 1,
          elapsed_ms: null,
          ...applied.log,
          result: JSON.stringify(result),
          created_at: stamp,
        })
        .execute();
    });
  } catch (err) {
    // A racing copy with the same clientReviewId won the unique index: answer with its result.
    const raced = await findMark(d.db, userId, input.clientReviewId);
    if (raced) return present(raced, input, true);
    throw err;
  }
  const log = await d.db
    .selectFrom('review_logs')
    .selectAll()
    .where('id', '=', logId)
    .executeTakeFirstOrThrow();
  return present(log, input, false);
}
