import { fsrs, generatorParameters, Rating, State, type Card, type Grade } from 'ts-fsrs';
import type { ReviewCard } from '../api/types';

/**
 * The server's FSRS settings (api/review/scheduler.ts FSRS_PARAMS; the web app imports only
 * types from api/, so they are repeated here and tests/unit/review-intervals.test.ts keeps the
 * two equal): the preview must give the date the server will store.
 */
export const FSRS_SETTINGS = {
  request_retention: 0.9,
  maximum_interval: 36500,
  enable_fuzz: true,
  enable_short_term: true,
  learning_steps: ['10m'],
  relearning_steps: ['10m'],
} as const;

const scheduler = fsrs(
  generatorParameters({
    ...FSRS_SETTINGS,
    learning_steps: [...FSRS_SETTINGS.learning_steps],
    relearning_steps: [...FSRS_SETTINGS.relearning_steps],
  }),
);

export const RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type RatingName = (typeof RATINGS)[number];
const GRADES: Record<RatingName, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};
const STATES = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

/** The card as ts-fsrs sees it, or null when the device's copy has no scheduling state. */
export function fsrsCard(card: ReviewCard): Card | null {
  const f = card.fsrs;
  if (!f) return null;
  return {
    due: new Date(card.due),
    stability: f.stability,
    difficulty: f.difficulty,
    elapsed_days: f.elapsedDays,
    scheduled_days: f.scheduledDays,
    learning_steps: f.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATES[card.state],
    last_review: card.lastReview ? new Date(card.lastReview) : undefined,
  };
}

/**
 * The next due date each rating would give a review of `card` at `at` (ms), as ISO strings;
 * null when the card's state is not known on the device.
 */
export function previewRatings(card: ReviewCard, at: number): Record<RatingName, string> | null {
  const state = fsrsCard(card);
  if (!state) return null;
  const next = scheduler.repeat(state, new Date(at));
  return Object.fromEntries(
    RATINGS.map((name) => [name, next[GRADES[name]].card.due.toISOString()]),
  ) as Record<RatingName, string>;
}
