import {
  createEmptyCard,
  fsrs,
  generatorParameters,
  State,
  type Card,
  type FSRSParameters,
  type Grade,
} from 'ts-fsrs';
import type { ReviewCard, ReviewLogsTable } from '../db/schema.js';
import { iso } from '../lib/clock.js';

/**
 * Mnemo's FSRS settings (docs/decisions/0014): the library's default weights and 90 % target
 * retention; one 10-minute (re)learning step, so a wrong answer comes back the same day and a
 * right one graduates to days; fuzz on (ts-fsrs seeds it from the card, so it is reproducible).
 */
export const FSRS_PARAMS: FSRSParameters = generatorParameters({
  request_retention: 0.9,
  maximum_interval: 36500,
  enable_fuzz: true,
  enable_short_term: true,
  learning_steps: ['10m'],
  relearning_steps: ['10m'],
});

const scheduler = fsrs(FSRS_PARAMS);

/** The card columns a review reads and writes. */
export type CardColumns = Pick<
  ReviewCard,
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'elapsed_days'
  | 'scheduled_days'
  | 'learning_steps'
  | 'reps'
  | 'lapses'
  | 'state'
  | 'last_review'
>;

/** The log columns that describe the card before the review. */
export type LogColumns = Pick<
  ReviewLogsTable,
  | 'rating'
  | 'state'
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'elapsed_days'
  | 'last_elapsed_days'
  | 'scheduled_days'
  | 'learning_steps'
  | 'reviewed_at'
>;

/** A card never reviewed, due at `now`. */
export function emptyCardColumns(now: Date): CardColumns {
  return columnsOf(createEmptyCard(now));
}

/** The stored row as a ts-fsrs Card. */
export function cardOf(row: CardColumns): Card {
  return {
    due: new Date(row.due),
    stability: Number(row.stability),
    difficulty: Number(row.difficulty),
    elapsed_days: row.elapsed_days,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    last_review: row.last_review ? new Date(row.last_review) : undefined,
  };
}

/** A ts-fsrs Card as the row's columns. */
export function columnsOf(card: Card): CardColumns {
  return {
    due: iso(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review ? iso(card.last_review) : null,
  };
}

/** Applies one rated review at `at` with ts-fsrs: the card after it and the log of it. */
export function review(row: CardColumns, rating: Grade, at: Date) {
  const { card, log } = scheduler.next(cardOf(row), at, rating);
  const logColumns: LogColumns = {
    rating: log.rating,
    state: log.state,
    due: iso(log.due),
    stability: log.stability,
    difficulty: log.difficulty,
    elapsed_days: log.elapsed_days,
    last_elapsed_days: log.last_elapsed_days,
    scheduled_days: log.scheduled_days,
    learning_steps: log.learning_steps,
    reviewed_at: iso(log.review),
  };
  return { card: columnsOf(card), log: logColumns };
}

/**
 * The same review given another rating: the card is taken back to before the review the log
 * records (ts-fsrs rollback) and reviewed again at the same time with `rating`. Used when the
 * learner rates a revealed answer themselves (docs/decisions/0024-study-modes.md).
 */
export function rereview(row: CardColumns, log: LogColumns, rating: Grade) {
  const before = scheduler.rollback(cardOf(row), {
    rating: log.rating as Grade,
    state: log.state as State,
    due: new Date(log.due),
    stability: Number(log.stability),
    difficulty: Number(log.difficulty),
    elapsed_days: log.elapsed_days,
    last_elapsed_days: log.last_elapsed_days,
    scheduled_days: log.scheduled_days,
    learning_steps: log.learning_steps,
    review: new Date(log.reviewed_at),
  });
  return review(columnsOf(before), rating, new Date(log.reviewed_at));
}

export const STATE_NAMES = ['new', 'learning', 'review', 'relearning'] as const;
export type CardStateName = (typeof STATE_NAMES)[number];

/** The API's name of a stored state. */
export const stateName = (state: number): CardStateName => STATE_NAMES[state] ?? 'new';

const round4 = (n: number) => Math.round(Number(n) * 10_000) / 10_000;

/** A card's scheduling numbers as the API shows them (CardStats in docs/api/review.md). */
export function presentCardStats(row: CardColumns) {
  return {
    state: stateName(row.state),
    due: row.due,
    stability: round4(row.stability),
    difficulty: round4(row.difficulty),
    reps: row.reps,
    lapses: row.lapses,
    scheduledDays: row.scheduled_days,
    lastReview: row.last_review,
  };
}

export type CardStats = ReturnType<typeof presentCardStats>;
