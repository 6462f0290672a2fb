import type { AnswerDetail, SubmittedAnswer } from '../../../../api/scoring/types';
import type { QuestionType } from '../../../../api/quizgen/types';

export type { AnswerDetail, SubmittedAnswer, QuestionType };

/** A question as served for taking: never the key (docs/api/review.md "ClientQuestion"). */
export interface ClientQuestion {
  id: string;
  questionId: string;
  type: QuestionType;
  question: string;
  options?: Array<{ id: string; text: string }>;
  blanks?: Array<{ id: string; blank_id: string; options: Array<{ id: string; text: string }> }>;
  /** A multiple-select exam item (複選題): answered with checkboxes. */
  multiSelect?: boolean;
}

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
export interface Reminders {
  enabled: boolean;
  hour: number;
  utcOffset: number;
}
