import { randomUUID } from 'node:crypto';
import type { Grade } from 'ts-fsrs';
import type { Db } from '../db/database.js';
import type { Quiz, ReviewCard } from '../db/schema.js';
import { iso } from '../lib/clock.js';
import type { GeneratedQuestion } from '../quizgen/types.js';
import type { AnswerDetail } from '../scoring/types.js';
import { ratingFor } from './rating.js';
import { emptyCardColumns, review, type CardColumns, type LogColumns } from './scheduler.js';

/** What the client may say about the time spent on one question of a quiz (all optional). */
export interface QuestionTiming {
  questionId: string;
  elapsedMs?: number;
  firstTry?: boolean;
}

/** A question's related concepts as a card keeps them: trimmed, NFC, no empties or repeats. */
export function cardConcepts(question: Pick<GeneratedQuestion, 'relatedConcepts'>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of question.relatedConcepts ?? []) {
    const concept = String(raw).normalize('NFC').trim();
    const key = conceptKey(concept);
    if (!concept || seen.has(key)) continue;
    seen.add(key);
    out.push(concept);
  }
  return out;
}

/** How concepts are compared: trimmed, NFC, case-folded. */
export const conceptKey = (concept: string) => concept.normalize('NFC').trim().toLowerCase();

const MAX_TRIES = 5;

/**
 * Applies a rating to a card inside the caller's transaction. The update names the version it
 * read, so a review that raced another one is redone on the newer state instead of lost.
 * `at(row)` is the review time for the state read (never before the card's last review).
 */
export async function applyRating(
  trx: Db,
  cardId: string,
  rating: Grade,
  at: (row: ReviewCard) => Date,
  now: Date,
): Promise<{ before: ReviewCard; card: CardColumns; log: LogColumns }> {
  for (let i = 0; i < MAX_TRIES; i++) {
    const row = await trx
      .selectFrom('review_cards')
      .selectAll()
      .where('id', '=', cardId)
      .executeTakeFirstOrThrow();
    const when = at(row);
    const last = row.last_review ? Date.parse(row.last_review) : Number.NEGATIVE_INFINITY;
    const { card, log } = review(row, rating, when.getTime() < last ? new Date(last) : when);
    const updated = await trx
      .updateTable('review_cards')
      .set({ ...card, version: row.version + 1, updated_at: iso(now) })
      .where('id', '=', cardId)
      .where('version', '=', row.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return { before: row, card, log };
  }
  throw new Error(`review card ${cardId} kept changing under ${MAX_TRIES} tries`);
}

/**
 * Turns every answered question of a just-recorded quiz attempt into a review of its card
 * (created on first sight), in the submission's own transaction: a submission recorded once
 * reviews each card once.
 */
export async function recordQuizReviews(
  trx: Db,
  input: {
    userId: string;
    quiz: Pick<Quiz, 'id' | 'material_id'>;
    attemptId: string;
    questions: readonly GeneratedQuestion[];
    detail: readonly AnswerDetail[];
    timings?: readonly QuestionTiming[];
    now: Date;
  },
): Promise<void> {
  const { userId, quiz, now } = input;
  const questions = new Map(input.questions.map((q) => [q.id, q]));
  const timings = new Map((input.timings ?? []).map((t) => [t.questionId, t]));
  const stamp = iso(now);
  for (const d of input.detail) {
    const question = questions.get(d.questionId);
    if (!d.answered || !question) continue;
    await trx
      .insertInto('review_cards')
      .values({
        id: randomUUID(),
        user_id: userId,
        quiz_id: quiz.id,
        material_id: quiz.material_id,
        question_id: question.id,
        concepts: JSON.stringify(cardConcepts(question)),
        ...emptyCardColumns(now),
        created_at: stamp,
        updated_at: stamp,
      })
      .onConflict((oc) => oc.columns(['user_id', 'quiz_id', 'question_id']).doNothing())
      .execute();
    const { id: cardId } = await trx
      .selectFrom('review_cards')
      .select('id')
      .where('user_id', '=', userId)
      .where('quiz_id', '=', quiz.id)
      .where('question_id', '=', question.id)
      .executeTakeFirstOrThrow();
    const timing = timings.get(question.id);
    const rating = ratingFor({
      correct: d.isCorrect,
      type: question.type,
      firstTry: timing?.firstTry,
      elapsedMs: timing?.elapsedMs,
    });
    const { log } = await applyRating(trx, cardId, rating, () => now, now);
    await trx
      .insertInto('review_logs')
      .values({
        id: randomUUID(),
        card_id: cardId,
        user_id: userId,
        source: 'quiz',
        attempt_id: input.attemptId,
        client_review_id: null,
        correct: d.isCorrect ? 1 : 0,
        first_try: timing?.firstTry === false ? 0 : 1,
        elapsed_ms: timing?.elapsedMs ?? null,
        ...log,
        result: null,
        created_at: stamp,
      })
      .execute();
  }
}
