import type {
  AnswerDetail,
  QuizReport,
  SubmittedAnswer,
  TypeStats,
} from '../../../../api/scoring/types';
import type { QuestionType } from '../../../../api/quizgen/types';
import type {
  ClientQuestion as ServedQuestion,
  Generation as Served,
  QuizNotice,
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
export interface GeneratedQuiz {
  quizId: string;
  testId: string;
  id: string;
  materialId: string;
  title: string;
  description: string;
  difficulty: string;
  language: string;
  questionTypes: QuestionType[];
  questionCount: number;
  questions: ClientQuestion[];
  notices: QuizNotice[];
  generator: 'builtin' | 'llm';
}

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

/** GET /quiz/{quizId} → data. */
export interface QuizDetails {
  quizId: string;
  testId: string;
  id: string;
  materialId: string;
  title: string;
  description: string;
  difficulty: string;
  language: string;
  questionTypes: QuestionType[];
  questionCount: number;
  questions: ClientQuestion[];
  completed: boolean;
  score: number | null;
  lastScore: number | null;
  bestScore: number | null;
  lastTakenAt: string | null;
  attemptCount: number;
  savedAnswers: SubmittedAnswer[];
  currentIndex: number;
  /** What the learner should know about how it was made (absent in copies stored before). */
  notices?: QuizNotice[];
}
