import { Rating, type Grade } from 'ts-fsrs';
import type { QuestionType } from '../quizgen/types.js';

/** What is known about one answer when it is turned into an FSRS rating. */
export interface AnswerFacts {
  correct: boolean;
  type: QuestionType;
  /** False when the learner changed their answer (or needed a second try) before settling. */
  firstTry?: boolean;
  /** Time spent on the question, as the client measured it; absent when unknown. */
  elapsedMs?: number | null;
}

/**
 * How long a right first-try answer may take, per question type: at most `fast` ms is an
 * effortless recall (Easy), more than `slow` ms a laboured one (Hard). A true/false statement
 * is read and judged quickest; a short answer has to be recalled and typed (docs/decisions/0014).
 */
export const ANSWER_TIME_MS: Record<QuestionType, { fast: number; slow: number }> = {
  true_false: { fast: 5_000, slow: 30_000 },
  multiple_choice: { fast: 8_000, slow: 45_000 },
  dropdown_fill_in_blank: { fast: 12_000, slow: 60_000 },
  short_answer: { fast: 15_000, slow: 90_000 },
};

/** Longer than this the question was most likely left open, not thought about: time unknown. */
export const MAX_MEANINGFUL_MS = 10 * 60_000;

/** Lowercase names of the grades, as the API reports them. */
export const RATING_NAMES: Record<Grade, 'again' | 'hard' | 'good' | 'easy'> = {
  [Rating.Again]: 'again',
  [Rating.Hard]: 'hard',
  [Rating.Good]: 'good',
  [Rating.Easy]: 'easy',
};

/**
 * The FSRS rating of an answer: wrong is a lapse (Again); right but not on the first try is
 * Hard; right on the first try is Easy when quick, Hard when slow, Good otherwise or when the
 * time is unknown.
 */
export function ratingFor(facts: AnswerFacts): Grade {
  if (!facts.correct) return Rating.Again;
  if (facts.firstTry === false) return Rating.Hard;
  const ms = facts.elapsedMs;
  if (ms === undefined || ms === null || !Number.isFinite(ms) || ms <= 0) return Rating.Good;
  if (ms > MAX_MEANINGFUL_MS) return Rating.Good;
  const limits = ANSWER_TIME_MS[facts.type];
  if (ms <= limits.fast) return Rating.Easy;
  if (ms > limits.slow) return Rating.Hard;
  return Rating.Good;
}
