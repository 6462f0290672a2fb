import type { ExtractedDocument, Location } from '../extract/types.js';

/** The four question types of the spec, by their API values. */
export const QUESTION_TYPES = [
  'multiple_choice',
  'true_false',
  'dropdown_fill_in_blank',
  'short_answer',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const DIFFICULTIES = ['beginner', 'basic', 'advanced', 'expert'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const QUIZ_LANGUAGES = ['zh-TW', 'en-US'] as const;
export type QuizLanguage = (typeof QUIZ_LANGUAGES)[number];

export const QUESTION_COUNTS = [5, 10, 15, 20] as const;

/** The learner's quiz settings (spec §3 and §5). */
export interface QuizSettings {
  questionCount: number;
  questionTypes: QuestionType[];
  difficulty: Difficulty;
  language: QuizLanguage;
  /** Trimmed, at most 500 characters; topic words in it steer the choice of sentences. */
  additionalInstructions?: string;
  /** Same seed, same document, same settings → the same quiz (built-in generator). */
  seed?: number;
  /**
   * Exam papers only (issue 17): the items in the paper's order or shuffled (default), and
   * every recognised item (questionCount is then the item count). `unscored`: the learner chose
   * to practise a paper that has no answer key, unscored (never against a guessed key).
   */
  exam?: { order: ExamOrder; all?: boolean; unscored?: boolean };
}

export const EXAM_ORDERS = ['random', 'paper'] as const;
export type ExamOrder = (typeof EXAM_ORDERS)[number];

/** Where a question taken verbatim from an exam paper stands in it. */
export interface ExamSource {
  paper: string;
  number: number;
}

export interface Option {
  id: string;
  text: string;
}

/** Where a question's answer stands in the material: the verbatim quote and its location. */
export interface Citation {
  fileId: string;
  quote: string;
  location: Location;
}

export interface Blank {
  id: string;
  options: Option[];
  correctOptionId: string;
}

/**
 * A generated question with its key. The key fields (correct*, acceptedAnswers, explanation,
 * relatedConcepts, citation) never go to a client taking the quiz.
 */
export interface GeneratedQuestion {
  id: string;
  type: QuestionType;
  /** The stem. For dropdown_fill_in_blank it holds one '_____' marker per blank, in order. */
  question: string;
  /** multiple_choice: exactly 4; true_false: [{id:'true'},{id:'false'}] with localized text. */
  options?: Option[];
  correctOptionId?: string;
  blanks?: Blank[];
  /** short_answer: every accepted answer (the first is the one shown as the key). */
  acceptedAnswers?: string[];
  explanation: string;
  relatedConcepts: string[];
  citation: Citation;
  /**
   * multiple_choice from an exam whose correction accepts several options (「答C或D者均給分」):
   * every accepted option id, correctOptionId being the first. Absent: correctOptionId alone.
   */
  acceptedOptionIds?: string[];
  /**
   * A multiple-select exam item (複選題, docs/decisions/0021): a `multiple_choice` question
   * whose answer is a set of options, scored all-or-nothing against `acceptedOptionSets`.
   */
  multiSelect?: boolean;
  /**
   * multiSelect only: every accepted set of option ids (one set; several when a correction
   * accepts several, 「答ABD或AB者均給分」). correctOptionId is the first set's first id.
   */
  acceptedOptionSets?: string[][];
  /** A correction gives every answer the mark (「一律給分」): any answer counts as correct. */
  anyAnswer?: boolean;
  /** A question taken verbatim from an exam paper: which paper and question number. */
  exam?: ExamSource;
  /**
   * Unscored practice of an exam item whose paper has no answer key: no key at all, never
   * counted in a score, never a review card.
   */
  unscored?: boolean;
}

/** Something the learner is told about the quiz as a whole. */
export interface QuizNotice {
  /** e.g. LANGUAGE_MISMATCH, NOT_ENOUGH_MATERIAL, LLM_FALLBACK, TYPE_UNAVAILABLE */
  code: string;
  params?: Record<string, string | number>;
}

export interface GenerateResult {
  questions: GeneratedQuestion[];
  notices: QuizNotice[];
  generator: 'builtin' | 'llm' | 'exam';
  /**
   * The language the quiz is written in when it is not the one asked for: the built-in
   * generator cannot translate and writes in the material's language; an exam paper keeps
   * its own. Absent: as asked.
   */
  language?: QuizLanguage;
}

export type GenerationStage = 'reading' | 'concepts' | 'writing' | 'checking';

export interface GenerateOptions {
  signal?: AbortSignal;
  onProgress?: (stage: GenerationStage, fraction: number) => void;
}

/** Both generators implement this. */
export interface QuizGenerator {
  generate(
    doc: ExtractedDocument,
    settings: QuizSettings,
    opts?: GenerateOptions,
  ): Promise<GenerateResult>;
}

export const BLANK_MARKER = '_____';
