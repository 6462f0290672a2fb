import type { AnswerDetail, SubmittedAnswer } from '../../../../api/scoring/types';
import type { QuestionType } from '../../../../api/quizgen/types';
import type { ClientQuestion as ServedQuestion } from '../../../../api/contract/quiz';

export type { AnswerDetail, SubmittedAnswer, QuestionType };

/**
 * A question as served for taking: never the key (api/contract/quiz.ts, docs/api/review.md),
 * with the `questionId` the reader fills in.
 */
export type ClientQuestion = ServedQuestion & { questionId: string };

export type CardState = 'new' | 'learning' | 'review' | 'relearning';

/** One card of the due list (GET /review/due → cards). */
export interface ReviewCard {
  cardId: string;
  quizId: string;
  materialId: string;
  materialTitle: string;
  quizTitle: string;
  language: string;
  question: ClientQuestion;
  due: string;
  state: CardState;
  reps: number;
  lapses: number;
  lastReview: string | null;
  /** The exact scheduling state (absent in copies stored before it was sent). */
  fsrs?: {
    stability: number;
    difficulty: number;
    elapsedDays: number;
    scheduledDays: number;
    learningSteps: number;
  };
}

/** GET /review/due → data. */
export interface DueList {
  count: number;
  total: number;
  today: string;
  dayEnd: string;
  cards: ReviewCard[];
}

export type Rating = 'again' | 'hard' | 'good' | 'easy';

/** POST /review/{cardId}/answer → data. */
export interface ReviewResult {
  cardId: string;
  clientReviewId: string;
  correct: boolean;
  rating: Rating;
  userAnswer: string;
  correctAnswer: string;
  detail: Partial<AnswerDetail>;
  premium: boolean;
  locked: boolean;
  reviewedAt: string;
  nextDue: string;
  replayed: boolean;
}

/** GET /review/stats → data. */
export interface ReviewStats {
  today: string;
  dueToday: number;
  dueThisWeek: number;
  reviewedToday: number;
  correctToday: number;
  totalCards: number;
  streakDays: number;
  studiedToday: boolean;
  retention: number | null;
  retentionSample: number;
}

/** GET/PUT /review/reminders → data. */
export type { ReminderSettings as Reminders } from '../../../../api/contract/review';
