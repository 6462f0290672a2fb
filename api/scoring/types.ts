import type { Citation, ExamSource, Option, QuestionType } from '../quizgen/types.js';

/**
 * One submitted answer, in the spec's per-type shapes (§3 "Submitted answer"):
 * multiple_choice → optionId; true_false → answer as text ('true'/'false'; textAnswer or
 * optionId are accepted too); dropdown_fill_in_blank → blankAnswers; short_answer → textAnswer.
 */
export interface SubmittedAnswer {
  questionId: string;
  optionId?: string;
  /**
   * A multiple-select question (multiSelect, decision 0021): every chosen option id. A client
   * that knows only optionId may send the ids joined by commas ("a,b,d") there instead.
   */
  optionIds?: string[];
  answer?: string;
  blankAnswers?: Array<{ blankId: string; selectedOptionId?: string }>;
  textAnswer?: string;
}

/** What the learner answered, kept structured so a report can show it in any language. */
export interface AnswerSelection {
  optionId?: string;
  /**
   * An exam key accepting several options (optionId is the first of them); for a
   * multiple-select question, the options chosen (userSelection) or of the key.
   */
  optionIds?: string[];
  /** A multiple-select key accepting several sets (「答ABD或AB者均給分」): every set. */
  optionSets?: string[][];
  /** An exam key where every answer scores (「一律給分」). */
  anyAnswer?: boolean;
  /** true_false after normalising the learner's text. */
  value?: boolean;
  blanks?: Array<{ blankId: string; optionId?: string }>;
  text?: string;
}

/** One question of a scored attempt (spec §3 "Answer detail entry", plus what a report shows). */
export interface AnswerDetail {
  questionId: string;
  type: QuestionType;
  question: string;
  /** An exam item's paper and question number (issue 17). */
  exam?: ExamSource;
  /** Unscored practice of a paper without key: no key, neither right nor wrong. */
  unscored?: boolean;
  /** A multiple-select question (複選題): the answer is a set of options. */
  multiSelect?: boolean;
  options?: Option[];
  blanks?: Array<{ id: string; options: Option[] }>;
  isCorrect: boolean;
  answered: boolean;
  /** Display text of the learner's answer ('' when unanswered); blanks joined with '、' / ', '. */
  userAnswer: string;
  /** Display text of the key; blanks joined the same way. */
  correctAnswer: string;
  userSelection: AnswerSelection | null;
  /** The key in structured form: optionId (mc), value (tf), blanks (fill), text (short). */
  correctSelection: AnswerSelection;
  /** Premium-only: withheld (absent) for a free account. */
  explanation?: string;
  relatedConcepts?: string[];
  citation?: Citation;
}

export interface TypeStats {
  total: number;
  correct: number;
}

/** The result of scoring one attempt: a pure function of the questions and the answers. */
export interface ScoreResult {
  /** round(correct / total × 100); 0 for an empty quiz. */
  score: number;
  correctAnswers: number;
  totalQuestions: number;
  answeredCount: number;
  typeAnalysis: Partial<Record<QuestionType, TypeStats>>;
  answersDetail: AnswerDetail[];
  /** Unscored practice (an exam paper without key): no question is scored, `score` means nothing. */
  unscored?: boolean;
}

/** A scored attempt as the API answers it (GET /quiz/{id}/report, POST /quiz/{id}/submit). */
export interface QuizReport {
  quizId: string;
  attemptId: string;
  materialId: string;
  quizTitle: string;
  quizDescription: string;
  language: string;
  difficulty: string;
  score: number;
  correctAnswers: number;
  totalQuestions: number;
  typeAnalysis: ScoreResult['typeAnalysis'];
  answersDetail: AnswerDetail[];
  submittedAt: string;
  /** True when explanation, relatedConcepts and citation are included (premium account). */
  premium: boolean;
  /** True when premium content was withheld: the client shows the blurred teaser. */
  locked: boolean;
  /** Unscored practice of an exam paper without key (issue 17): no score, no review cards. */
  unscored?: boolean;
  lastScore: number;
  bestScore: number;
  attemptCount: number;
  /** Every submitted attempt of this quiz, newest first. */
  history: Array<{ attemptId: string; score: number; submittedAt: string }>;
}
