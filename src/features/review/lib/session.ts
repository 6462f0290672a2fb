import type { AnswerOutcome } from '../api/answer-card';
import type { ReviewCard, ReviewResult } from '../api/types';

/** One card answered in this session, as the page knows it right after answering. */
export interface AnsweredCard {
  cardId: string;
  clientReviewId: string;
  card: ReviewCard;
  outcome: AnswerOutcome;
  /** How the learner's answer reads (for an answer waiting to sync). */
  answerText: string;
  /** When it was answered (ms): the time the server reviews it at, and ratings preview from. */
  answeredAt: number;
}

/** The server's result of an answered card: given at once, or arrived after sync (`synced`). */
export function resultOf(
  entry: AnsweredCard,
  synced: ReadonlyMap<string, ReviewResult>,
): ReviewResult | null {
  if (entry.outcome.kind === 'result') return entry.outcome.result;
  return synced.get(entry.clientReviewId) ?? null;
}

export interface SessionSummary {
  reviewed: number;
  correct: number;
  /** Answered offline and not synced yet: right or wrong is not known on the device. */
  waiting: number;
}

/** Counts for the finished screen. Pure. */
export function summarize(
  answered: readonly AnsweredCard[],
  synced: ReadonlyMap<string, ReviewResult>,
): SessionSummary {
  let reviewed = 0;
  let correct = 0;
  let waiting = 0;
  for (const entry of answered) {
    if (entry.outcome.kind === 'gone') continue;
    reviewed++;
    const result = resultOf(entry, synced);
    if (!result) waiting++;
    else if (result.correct) correct++;
  }
  return { reviewed, correct, waiting };
}
