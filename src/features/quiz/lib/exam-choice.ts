/**
 * What a material's exam paper (issue 17) makes of the settings form. Pure: the form and the
 * material's `exam` summary in, what the form offers and asks out.
 */
import {
  examChoiceOf,
  examCounts,
  examCountValue,
  formProblem,
  QUESTION_COUNTS,
  type ExamChoice,
  type SettingsForm,
} from './settings-form';

/** The parts of a material's exam summary the settings read. */
export interface PaperSummary {
  keyFound: boolean;
  usable: number;
  practice: number;
  otherText: boolean;
}

export interface ExamSetup {
  /** A paper without its key that has items to practise: the form offers unscored practice. */
  keyless: PaperSummary | null;
  /** What the quiz takes of the paper (its keyed items, or its items as unscored practice). */
  exam: ExamChoice | null;
  /** The paper alone: no other type, difficulty or language to choose. */
  paperOnly: boolean;
  /** A paper alone without key makes no scored quiz: unscored practice must be ticked. */
  needsPractice: boolean;
  /** The counts offered: the usual ones, or for a paper those it fills and 'all'. */
  counts: Array<number | 'all'>;
  /** The count the form stands for, one of `counts`. */
  count: number | 'all';
  /** What the learner must fix first (a paper alone asks its own multiple-choice items). */
  problem: ReturnType<typeof formProblem>;
}

/**
 * An exam paper with its key gives its own items, verbatim. Without a key, its items only as
 * unscored practice, and only when the learner ticks it.
 */
export function examSetup(paper: PaperSummary | null, form: SettingsForm): ExamSetup {
  const keyless = paper && !paper.keyFound && paper.practice > 0 ? paper : null;
  const exam = examChoiceOf(paper, form);
  const paperOnly = exam !== null && !exam.otherText;
  return {
    keyless,
    exam,
    paperOnly,
    needsPractice: keyless !== null && !keyless.otherText && !form.unscored,
    counts: exam ? [...examCounts(exam), 'all'] : [...QUESTION_COUNTS],
    count: exam ? examCountValue(form, exam) : form.questionCount,
    problem: formProblem(paperOnly ? { ...form, questionTypes: ['multiple_choice'] } : form),
  };
}

/** The form after a count was picked ('all': every item of the paper). */
export function chooseCount(form: SettingsForm, count: number | 'all'): SettingsForm {
  return count === 'all' ? { ...form, all: true } : { ...form, all: false, questionCount: count };
}
