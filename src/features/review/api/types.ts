import type { AnswerDetail, SubmittedAnswer } from '../../../../api/scoring/types';
import type { QuestionType } from '../../../../api/quizgen/types';
import type { ClientQuestion as ServedQuestion } from '../../../../api/contract/quiz';
import type {
  DueCard,
  DueList as ServedDueList,
  ReviewStats,
} from '../../../../api/contract/review';

export type { AnswerDetail, SubmittedAnswer, QuestionType };

/**
 * A question as served for taking: never the key (api/contract/quiz.ts, docs/api/review.md),
 * with the `questionId` the reader fills in.
 */
export type ClientQuestion = ServedQuestion & { questionId: string };

export type CardState = DueCard['state'];

/**
 * One card of the due list (GET /review/due → cards: api/contract/review.ts), its question with
 * `questionId`; `fsrs` and `isDue` may be absent in copies stored before they were sent.
 */
export type ReviewCard = Omit<DueCard, 'question' | 'fsrs' | 'isDue'> & {
  question: ClientQuestion;
  fsrs?: DueCard['fsrs'];
  isDue?: boolean;
};

/** GET /review/due → data. */
export type DueList = Omit<ServedDueList, 'cards'> & { cards: ReviewCard[] };

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
export type { ReviewStats };

/** GET/PUT /review/reminders → data. */
export type { ReminderSettings as Reminders } from '../../../../api/contract/review';
