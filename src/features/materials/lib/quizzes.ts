import { timeOf } from './format';
import type { QuizSummary } from './material';

export type QuizSort = 'latest' | 'score';
export const QUIZ_SORTS: readonly QuizSort[] = ['latest', 'score'];

export const DIFFICULTIES = ['beginner', 'basic', 'advanced', 'expert'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** A known difficulty, or the spec's default (basic) for anything else. */
export const difficultyOf = (value: string): Difficulty =>
  (DIFFICULTIES as readonly string[]).includes(value) ? (value as Difficulty) : 'basic';

const latestFirst = (a: QuizSummary, b: QuizSummary) =>
  timeOf(b.lastTakenAt || b.createdAt) - timeOf(a.lastTakenAt || a.createdAt) ||
  timeOf(b.createdAt) - timeOf(a.createdAt);

/**
 * Quiz history by latest date (last attempt, else creation) or by highest score (unscored
 * quizzes last, ties newest first). Returns a new array.
 */
export function sortQuizzes(quizzes: readonly QuizSummary[], sort: QuizSort): QuizSummary[] {
  const copy = [...quizzes];
  if (sort === 'latest') return copy.sort(latestFirst);
  return copy.sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || latestFirst(a, b));
}
