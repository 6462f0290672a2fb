/**
 * The quiz settings form and its mapping to POST /quiz/generate (spec §3, §5 and §7 "UI label to
 * API value mapping"). Pure: the screen holds a SettingsForm, submitting turns it into the body.
 */
import type { QuestionType } from '../api/types';
import { defaultQuizTitle } from '../../../../api/rules/quiz-title';

// The client may import only types from api/, so the value lists are repeated here.
export const QUESTION_COUNTS = [5, 10, 15, 20] as const;
export const QUESTION_TYPE_VALUES = [
  'multiple_choice',
  'true_false',
  'dropdown_fill_in_blank',
  'short_answer',
] as const satisfies readonly QuestionType[];
export const DIFFICULTIES = ['beginner', 'basic', 'advanced', 'expert'] as const;
export const QUIZ_LANGUAGES = ['zh-TW', 'en-US'] as const;

export const EXAM_ORDERS = ['random', 'paper'] as const;
export type ExamOrder = (typeof EXAM_ORDERS)[number];

export type Difficulty = (typeof DIFFICULTIES)[number];
export type QuizLanguage = (typeof QUIZ_LANGUAGES)[number];

/** Spec §7: the set the server uses when no type is chosen. */
export const DEFAULT_QUESTION_TYPES: QuestionType[] = [
  'multiple_choice',
  'true_false',
  'dropdown_fill_in_blank',
];
export const MAX_INSTRUCTIONS = 500;
/** The server accepts titles up to 300 characters. */
export const MAX_TITLE = 300;

export interface SettingsForm {
  questionCount: number;
  questionTypes: QuestionType[];
  difficulty: Difficulty;
  language: QuizLanguage;
  instructions: string;
  title: string;
  /** Exam papers (issue 17): every recognised item instead of questionCount. */
  all?: boolean;
  /** Exam papers: shuffled (default) or in the paper's order. */
  order?: ExamOrder;
  /** An exam paper without answer key: the learner chose unscored practice. */
  unscored?: boolean;
}

/** What the settings need to know of a material's exam paper (its `exam` summary). */
export interface ExamChoice {
  /** Items a quiz can ask. */
  usable: number;
  /** The material has other text: the other types and settings apply to it. */
  otherText: boolean;
  /** Unscored practice of a paper without key (its items only, nothing generated). */
  unscored?: boolean;
}

/** The body of POST /api/v1/quiz/generate (docs/api/quiz.md). */
export interface GenerateQuizBody {
  materialId: string;
  generationId: string;
  title: string;
  /** The additional instructions (the API reads them from `description`). */
  description?: string;
  /** 5/10/15/20; for an exam paper also up to its item count, or 'all'. */
  questionCount: number | 'all';
  questionTypes: QuestionType[];
  difficulty: Difficulty;
  language: QuizLanguage;
  order?: ExamOrder;
  /** Unscored practice of an exam paper without key. */
  unscored?: true;
}

/**
 * Defaults of spec §5. The quiz language follows the material when it was detected as English:
 * a quiz in the material's own language quotes it directly, whereas a Chinese quiz of an English
 * handout has to be translated (the generator then adds a LANGUAGE_MISMATCH notice). Chinese or
 * undetected ('other') materials keep the spec's default, Traditional Chinese.
 */
export function defaultSettings(materialLanguage = ''): SettingsForm {
  return {
    questionCount: 10,
    questionTypes: ['multiple_choice'],
    difficulty: 'basic',
    language: materialLanguage.toLowerCase().startsWith('en') ? 'en-US' : 'zh-TW',
    instructions: '',
    title: '',
  };
}

/**
 * The material's language when the quiz is asked in the other one (the built-in generator
 * cannot translate, so the form says the questions keep it); null when they match or the
 * material's language is unknown.
 */
export function languageToKeep(
  materialLanguage: string,
  quizLanguage: QuizLanguage,
): QuizLanguage | null {
  const material =
    materialLanguage === 'zh-TW' ? 'zh-TW' : materialLanguage === 'en' ? 'en-US' : null;
  return material && material !== quizLanguage ? material : null;
}

/** Adds or removes one question type, keeping the canonical order. */
export function toggleType(types: readonly QuestionType[], type: QuestionType): QuestionType[] {
  const next = new Set(types);
  if (!next.delete(type)) next.add(type);
  return QUESTION_TYPE_VALUES.filter((t) => next.has(t));
}

/** What the learner must fix before the form can be sent (none: it can be sent). */
export function formProblem(form: SettingsForm): 'noTypes' | 'tooLong' | null {
  if (form.questionTypes.length === 0) return 'noTypes';
  if (form.instructions.trim().length > MAX_INSTRUCTIONS) return 'tooLong';
  return null;
}

/** Spec §7: the server's own default title, so the placeholder shows the real default. */
export { defaultQuizTitle };

/**
 * The counts offered for an exam paper besides "all": the usual ones it has more items than, or
 * every usual one when the material's other files can make up the rest.
 */
export function examCounts(exam: ExamChoice): number[] {
  return QUESTION_COUNTS.filter((n) => exam.otherText || n < exam.usable);
}

/**
 * What the settings offer for a material's exam paper: its keyed items, or — without a key,
 * when the learner ticked unscored practice — its items to practise unscored (a paper alone:
 * nothing is generated around them). Null: no exam paper, or keyless and not chosen.
 */
export function examChoiceOf(
  exam: { keyFound: boolean; usable: number; practice: number; otherText: boolean } | null,
  form: Pick<SettingsForm, 'unscored'>,
): ExamChoice | null {
  if (!exam) return null;
  if (exam.keyFound)
    return exam.usable > 0 ? { usable: exam.usable, otherText: exam.otherText } : null;
  return form.unscored && exam.practice > 0
    ? { usable: exam.practice, otherText: false, unscored: true }
    : null;
}

/** The count an exam paper's form stands for: one of examCounts, else every item. */
export function examCountValue(form: SettingsForm, exam: ExamChoice): number | 'all' {
  return form.all || !examCounts(exam).includes(form.questionCount) ? 'all' : form.questionCount;
}

/**
 * The request body: types deduplicated in the canonical order (none → the spec's default set),
 * instructions trimmed and left out when empty, the title trimmed or else the default title.
 */
export function toGenerateBody(
  form: SettingsForm,
  ctx: { materialId: string; generationId: string; materialName: string },
  exam: ExamChoice | null = null,
): GenerateQuizBody {
  // A paper alone offers only its own multiple-choice items.
  const types = exam && !exam.otherText ? ['multiple_choice'] : form.questionTypes;
  const chosen = QUESTION_TYPE_VALUES.filter((t) => types.includes(t));
  const instructions = form.instructions.trim().slice(0, MAX_INSTRUCTIONS);
  const usual = (QUESTION_COUNTS as readonly number[]).includes(form.questionCount);
  const count = exam ? examCountValue(form, exam) : usual ? form.questionCount : 10;
  return {
    materialId: ctx.materialId,
    generationId: ctx.generationId,
    title: (form.title.trim() || defaultQuizTitle(ctx.materialName, form.language)).slice(
      0,
      MAX_TITLE,
    ),
    ...(instructions ? { description: instructions } : {}),
    questionCount: count,
    questionTypes: chosen.length ? chosen : [...DEFAULT_QUESTION_TYPES],
    difficulty: form.difficulty,
    language: form.language,
    ...(exam && { order: form.order ?? 'random' }),
    ...(exam?.unscored && { unscored: true }),
  };
}
