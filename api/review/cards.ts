import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Rating, type Grade } from 'ts-fsrs';
import type { Db } from '../db/database.js';
import type { Quiz, ReviewCard } from '../db/schema.js';
import { iso } from '../lib/clock.js';
import type { GeneratedQuestion } from '../quizgen/types.js';
import type { AnswerDetail } from '../scoring/types.js';
import { ratingFor } from './rating.js';
import { emptyCardColumns, review, type CardColumns, type LogColumns } from './scheduler.js';
import { conceptKey } from '../rules/concept-key.js';

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

const MAX_TRIES = 5;

/** A review at `when`, never before the card's last review (reviews of a card stay in order). */
function rate(row: ReviewCard, rating: Grade, when: Date) {
  const last = row.last_review ? Date.parse(row.last_review) : Number.NEGATIVE_INFINITY;
  return review(row, rating, when.getTime() < last ? new Date(last) : when);
}

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
    const { card, log } = rate(row, rating, at(row));
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
 * Rows per multi-row statement. The widest row binds ~25 parameters, so a chunk stays far under
 * SQLite's limit (32,766) and PostgreSQL's (65,535); a quiz (at most ~50 questions) is one chunk.
 */
export const BATCH_ROWS = 200;

function chunks<T>(items: readonly T[], size = BATCH_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The scheduling state of a card: the columns a review rewrites. */
export const CARD_COLUMNS = [
  'due',
  'stability',
  'difficulty',
  'elapsed_days',
  'scheduled_days',
  'learning_steps',
  'reps',
  'lapses',
  'state',
  'last_review',
] as const satisfies ReadonlyArray<keyof CardColumns>;

interface PlannedReview {
  row: ReviewCard;
  rating: Grade;
  correct: boolean;
  timing: QuestionTiming | undefined;
  card: CardColumns;
  log: LogColumns;
}

/**
 * Writes the new states of many cards in one statement, each row only if it still has the
 * version that was read: `col = CASE id WHEN … THEN … ELSE col END` (the ELSE gives PostgreSQL
 * the column's type for the bound values). Returns the ids it updated.
 */
async function updateCards(trx: Db, planned: readonly PlannedReview[], stamp: string) {
  const caseOf = (column: (typeof CARD_COLUMNS)[number]) =>
    sql`case ${sql.ref('id')} ${sql.join(
      planned.map((p) => sql`when ${p.row.id} then ${p.card[column]}`),
      sql` `,
    )} else ${sql.ref(column)} end`;
  const set = Object.fromEntries(CARD_COLUMNS.map((c) => [c, caseOf(c)]));
  const rows = await trx
    .updateTable('review_cards')
    .set((eb) => ({ ...set, version: eb('version', '+', 1), updated_at: stamp }))
    .where((eb) =>
      eb.or(
        planned.map((p) => eb.and([eb('id', '=', p.row.id), eb('version', '=', p.row.version)])),
      ),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** A new review card row for a question: due now, unscheduled (insert with onConflict). */
export function newCardRow(
  userId: string,
  quiz: Pick<Quiz, 'id' | 'material_id'>,
  question: GeneratedQuestion,
  now: Date,
) {
  const stamp = iso(now);
  return {
    id: randomUUID(),
    user_id: userId,
    quiz_id: quiz.id,
    material_id: quiz.material_id,
    question_id: question.id,
    concepts: JSON.stringify(cardConcepts(question)),
    ...emptyCardColumns(now),
    created_at: stamp,
    updated_at: stamp,
  };
}

/**
 * The rating a question of a submitted quiz gives its card: a skipped question was not recalled,
 * so it is a lapse (Again) and its card comes due within minutes, like a wrong answer
 * (docs/decisions/0024-study-modes.md); an answer is rated by ratingFor.
 */
export function quizRating(
  question: Pick<GeneratedQuestion, 'type'>,
  detail: Pick<AnswerDetail, 'answered' | 'isCorrect'>,
  timing: QuestionTiming | undefined,
): Grade {
  if (!detail.answered) return Rating.Again;
  return ratingFor({
    correct: detail.isCorrect,
    type: question.type,
    firstTry: timing?.firstTry,
    elapsedMs: timing?.elapsedMs,
  });
}

/**
 * Turns every question of a just-recorded quiz attempt, answered or skipped, into a review of its card
 * (created on first sight), in the submission's own transaction: a submission recorded once
 * reviews each card once.
 *
 * A constant number of statements whatever the question count: one read of the learner's cards
 * of the quiz, one multi-row insert of those missing (none on a retake), the new states computed
 * in memory, one version-checked update of them all and one insert of the logs (each per
 * BATCH_ROWS rows). A card another review changed since the read is redone on its newer
 * state by applyRating, as a single review would be.
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

  // Every question, each once (one card, one log per attempt); a skipped one too.
  const answered: Array<{ question: GeneratedQuestion; detail: AnswerDetail }> = [];
  const seen = new Set<string>();
  for (const d of input.detail) {
    const question = questions.get(d.questionId);
    if (!question || seen.has(question.id)) continue;
    seen.add(question.id);
    answered.push({ question, detail: d });
  }
  if (answered.length === 0) return;

  // The learner's cards of this quiz, then only the missing ones made (a retake makes none).
  const cardsOf = async () =>
    trx
      .selectFrom('review_cards')
      .selectAll()
      .where('user_id', '=', userId)
      .where('quiz_id', '=', quiz.id)
      .execute();
  const cards = new Map((await cardsOf()).map((r) => [r.question_id, r]));
  const missing = answered.filter(({ question }) => !cards.has(question.id));
  for (const part of chunks(missing)) {
    const made = await trx
      .insertInto('review_cards')
      .values(part.map(({ question }) => newCardRow(userId, quiz, question, now)))
      .onConflict((oc) => oc.columns(['user_id', 'quiz_id', 'question_id']).doNothing())
      .returningAll()
      .execute();
    for (const r of made) cards.set(r.question_id, r);
  }
  // One a parallel submission made meanwhile (it won the unique index): read as it is now.
  if (missing.some(({ question }) => !cards.has(question.id))) {
    for (const r of await cardsOf()) if (!cards.has(r.question_id)) cards.set(r.question_id, r);
  }

  const planned: PlannedReview[] = answered.map(({ question, detail }) => {
    const row = cards.get(question.id);
    if (!row) throw new Error(`no review card for question ${question.id} of quiz ${quiz.id}`);
    const timing = timings.get(question.id);
    const rating = quizRating(question, detail, timing);
    return {
      row,
      rating,
      correct: detail.answered && detail.isCorrect,
      timing,
      ...rate(row, rating, now),
    };
  });

  const updated = new Set<string>();
  for (const part of chunks(planned)) {
    for (const id of await updateCards(trx, part, stamp)) updated.add(id);
  }
  // Changed by another review since the read (a review answer committed in between): redo
  // those one by one on their newer state, so neither review is lost.
  for (const p of planned) {
    if (updated.has(p.row.id)) continue;
    const redone = await applyRating(trx, p.row.id, p.rating, () => now, now);
    p.card = redone.card;
    p.log = redone.log;
  }

  for (const part of chunks(planned)) {
    await trx
      .insertInto('review_logs')
      .values(
        part.map((p) => ({
          id: randomUUID(),
          card_id: p.row.id,
          user_id: userId,
          source: 'quiz' as const,
          attempt_id: input.attemptId,
          client_review_id: null,
          correct: p.correct ? 1 : 0,
          first_try: p.timing?.firstTry === false ? 0 : 1,
          elapsed_ms: p.timing?.elapsedMs ?? null,
          ...p.log,
          result: null,
          created_at: stamp,
        })),
      )
      .execute();
  }
}
