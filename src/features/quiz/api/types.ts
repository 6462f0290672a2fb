import type {
  AnswerDetail,
  QuizReport,
  SubmittedAnswer,
  TypeStats,
} from '../../../../api/scoring/types';
import type { QuestionType } from '../../../../api/quizgen/types';

export type { AnswerDetail, QuizReport, SubmittedAnswer, TypeStats, QuestionType };

export interface ClientOption {
  id: string;
  text: string;
}

/** A question as the API sends it for taking: never the key (docs/api/quiz.md). */
export interface ClientQuestion {
  id: string;
  questionId: string;
  type: QuestionType;
  question: string;
  options?: ClientOption[];
  blanks?: Array<{ id: string; blank_id: string; options: ClientOption[] }>;
  /** An exam item's paper and question number as printed (issue 17). */
  exam?: { paper: string; number: number };
  /** Unscored practice of a paper without answer key: no key, never scored. */
  unscored?: boolean;
  /** A multiple-select exam item (複選題): every option that applies is ticked. */
  multiSelect?: boolean;
}

export interface QuizNotice {
  code: string;
  params?: Record<string, string | number>;
}

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

export type GenerationStatus = 'running' | 'succeeded' | 'failed' | 'cancelled';
export type GenerationStage = 'queued' | 'reading' | 'concepts' | 'writing' | 'checking' | 'done';

/** GET /quiz/generations/{id} → data. */
export interface Generation {
  id: string;
  status: GenerationStatus;
  stage: GenerationStage;
  progress: number;
  quizId: string | null;
  errorCode: string | null;
  /** The server making it stopped; it is picked up again (or the learner cancels). */
  resuming?: boolean;
}

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
