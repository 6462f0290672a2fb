import type { SubmittedAnswer } from '../../../../api/scoring/types';
import type { QuestionType } from '../../../../api/quizgen/types';
import type { AnswerDetail, ClientQuestion as ServedQuestion } from '../../../../api/contract/quiz';
import type {
  DueCard,
  DueList as ServedDueList,
  ReviewResult as ServedResult,
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

export type Rating = ServedResult['rating'];

/**
 * POST /review/{cardId}/answer → data (api/contract/review.ts), the fields the web reads; the
 * detail may be partial in a result scored on the device.
 */
export type ReviewResult = Omit<ServedResult, 'detail' | 'reviewId' | 'card'> & {
  detail: Partial<AnswerDetail>;
};

/** GET /review/stats → data. */
export type { ReviewStats };

/** GET/PUT /review/reminders → data. */
export type { ReminderSettings as Reminders } from '../../../../api/contract/review';
