import type { SubmittedAnswer } from '../../../../api/scoring/types';
import type { QuestionType } from '../../../../api/quizgen/types';
import type {
  AnswerDetail,
  ClientQuestion as ServedQuestion,
  GeneratedQuiz,
  Generation as Served,
  QuizForTaking,
  QuizNotice,
  QuizReport,
  TypeStats,
} from '../../../../api/contract/quiz';

export type { AnswerDetail, QuizReport, SubmittedAnswer, TypeStats, QuestionType };

export type ClientOption = NonNullable<ServedQuestion['options']>[number];

/**
 * A question as the API sends it for taking (never the key: docs/api/quiz.md), with the
 * `questionId` the reader fills in (the spec's clients read "id or questionId").
 */
export type ClientQuestion = ServedQuestion & { questionId: string };

export type { QuizNotice };

/** POST /quiz/generate → data. */
export type { GeneratedQuiz };

export type GenerationStatus = Served['status'];
export type GenerationStage = Served['stage'];

/**
 * GET /quiz/generations/{id} → data, the fields the web reads (`resuming` may be absent in an
 * answer stored by an older server).
 */
export type Generation = Pick<
  Served,
  'id' | 'status' | 'stage' | 'progress' | 'quizId' | 'errorCode'
> &
  Partial<Pick<Served, 'resuming'>>;

/**
 * GET /quiz/{quizId} → data as the reader gives it (get-quiz.ts parseQuiz): the spec's `testId`
 * and `id` beside `quizId`, questions with `questionId`, and `notices` possibly absent in a copy
 * stored on the device before they were sent.
 */
export type QuizDetails = Omit<QuizForTaking, 'questions' | 'savedAnswers' | 'notices'> & {
  testId: string;
  id: string;
  questions: ClientQuestion[];
  savedAnswers: SubmittedAnswer[];
  notices?: QuizNotice[];
};
