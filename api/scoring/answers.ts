import { AppError } from '../lib/errors.js';
import type { GeneratedQuestion, Option } from '../quizgen/types.js';
import type { SubmittedAnswer } from './types.js';

/** Caps on what a client may send; generous for a real answer, small enough to store. */
export const ANSWER_LIMITS = { id: 200, text: 2000, blanks: 50, options: 20 } as const;

/** Something odd in a submission that is tolerated (spec §5: these only raise a warning). */
export interface AnswerProblem {
  /** 1-based position of the answer in the submitted list. */
  position: number;
  code:
    | 'QUESTION_ID_NUMERIC'
    | 'DUPLICATE_QUESTION_ID'
    | 'BLANKS_NOT_A_LIST'
    | 'BLANK_ID_MISSING'
    | 'BLANK_OPTION_MISSING'
    | 'TEXT_TRUNCATED';
  questionId: string;
  blankId?: string;
}

type Field = 'id' | 'text';

/**
 * Turns submitted JSON into answers; throws ANSWER_QUESTION_ID_MISSING naming the position of
 * an answer without a question id, and reports the tolerated oddities as problems.
 */
export function sanitizeAnswers(raw: unknown[]): {
  answers: SubmittedAnswer[];
  problems: AnswerProblem[];
} {
  const byQuestion = new Map<string, SubmittedAnswer>();
  const problems: AnswerProblem[] = [];

  raw.forEach((item, index) => {
    const position = index + 1;
    const entry = isRecord(item) ? item : {};
    let truncated = false;
    const read = (value: unknown, field: Field) => {
      const result = readString(value, ANSWER_LIMITS[field]);
      truncated ||= result.truncated;
      return result.value;
    };

    const rawId = entry.questionId;
    const questionId = typeof rawId === 'boolean' ? undefined : read(rawId, 'id');
    if (!questionId) throw new AppError('ANSWER_QUESTION_ID_MISSING', { params: { position } });
    const note = (code: AnswerProblem['code'], blankId?: string) =>
      problems.push({ position, code, questionId, ...(blankId !== undefined && { blankId }) });

    // Ids are 'q1', 'q2': a bare number is usually a client sending the index by mistake.
    if (/^\d+$/.test(questionId)) note('QUESTION_ID_NUMERIC');
    if (byQuestion.has(questionId)) note('DUPLICATE_QUESTION_ID');

    const answer: SubmittedAnswer = { questionId };
    const optionId = read(entry.optionId, 'text');
    const value = read(entry.answer, 'text');
    const textAnswer = read(entry.textAnswer, 'text');
    if (optionId !== undefined) answer.optionId = optionId;
    if (Array.isArray(entry.optionIds)) {
      const ids = entry.optionIds
        .slice(0, ANSWER_LIMITS.options)
        .map((v: unknown) => read(v, 'id'))
        .filter((v): v is string => v !== undefined);
      answer.optionIds = [...new Set(ids)];
    }
    if (value !== undefined) answer.answer = value;
    if (textAnswer !== undefined) answer.textAnswer = textAnswer;

    if (entry.blankAnswers !== undefined) {
      if (!Array.isArray(entry.blankAnswers)) note('BLANKS_NOT_A_LIST');
      const blanks = new Map<string, { blankId: string; selectedOptionId?: string }>();
      const list: unknown[] = Array.isArray(entry.blankAnswers) ? entry.blankAnswers : [];
      for (const blank of list.slice(0, ANSWER_LIMITS.blanks)) {
        const fields = isRecord(blank) ? blank : {};
        const blankId = read(fields.blankId ?? fields.blank_id ?? fields.id, 'id');
        if (!blankId) {
          note('BLANK_ID_MISSING');
          continue;
        }
        const selected = read(fields.selectedOptionId, 'text');
        if (selected === undefined) note('BLANK_OPTION_MISSING', blankId);
        blanks.set(
          blankId,
          selected === undefined ? { blankId } : { blankId, selectedOptionId: selected },
        );
      }
      answer.blankAnswers = [...blanks.values()];
    }

    if (truncated) note('TEXT_TRUNCATED');
    byQuestion.set(questionId, answer);
  });

  return { answers: [...byQuestion.values()], problems };
}

/**
 * True when the question has an answer the learner meant to give. A fill-in question counts
 * only when every one of its blanks is filled (spec §5).
 */
export function isAnswered(question: GeneratedQuestion, answer: SubmittedAnswer | undefined) {
  if (!answer) return false;
  if (question.multiSelect) return chosenIds(question, answer).length > 0;
  switch (question.type) {
    case 'multiple_choice':
    case 'true_false':
    case 'short_answer':
      return answerText(question, answer) !== '';
    case 'dropdown_fill_in_blank': {
      const blanks = question.blanks ?? [];
      const filled = selectedByBlank(answer);
      return blanks.length > 0 && blanks.every((b) => filled.get(b.id));
    }
  }
}

/** How many questions of the quiz have a usable answer; answers to other questions are ignored. */
export function answeredCount(
  questions: readonly GeneratedQuestion[],
  answers: readonly SubmittedAnswer[],
): number {
  const byId = answersById(answers);
  return questions.filter((q) => isAnswered(q, byId.get(q.id))).length;
}

/** The answers keyed by question id; a later answer for the same question wins. */
export function answersById(answers: readonly SubmittedAnswer[]): Map<string, SubmittedAnswer> {
  return new Map(answers.map((a) => [String(a.questionId).trim(), a]));
}

/**
 * The one text a choice, true/false or short answer carries, read from the field its type
 * uses first: clients differ in which field they fill (spec §5, docs/api/quiz.md).
 */
export function answerText(question: GeneratedQuestion, answer: SubmittedAnswer): string {
  const order =
    question.type === 'true_false'
      ? [answer.answer, answer.textAnswer, answer.optionId]
      : question.type === 'short_answer'
        ? [answer.textAnswer, answer.answer]
        : [answer.optionId, answer.answer, answer.textAnswer];
  for (const value of order) {
    const text = typeof value === 'string' ? value.trim() : '';
    if (text) return text;
  }
  return '';
}

/**
 * The values a multiple-select answer names, in the order given, without repeats: optionIds,
 * else the single text field split at commas ("a,b,d", 「A、B」) for a client that knows only
 * optionId.
 */
export function chosenIds(question: GeneratedQuestion, answer: SubmittedAnswer): string[] {
  const listed = Array.isArray(answer.optionIds)
    ? answer.optionIds.map((v) => String(v).trim())
    : answerText(question, answer).split(/[,、，;；]/u);
  return [...new Set(listed.map((v) => v.trim()).filter((v) => v.length > 0))];
}

/** Each blank's selected option (trimmed, '' when unanswered), by blank id. */
export function selectedByBlank(answer: SubmittedAnswer | undefined): Map<string, string> {
  const list = Array.isArray(answer?.blankAnswers) ? answer.blankAnswers : [];
  return new Map(
    list.map((b) => [String(b.blankId).trim(), (b.selectedOptionId ?? '').trim()] as const),
  );
}

/**
 * The option a submitted value names: by id, else by its text, since a client without the
 * id sends the chosen option's raw text (spec §5).
 */
export function resolveOption(options: readonly Option[] | undefined, value: string) {
  if (!options || !value) return undefined;
  const key = displayKey(value);
  return options.find((o) => o.id === value) ?? options.find((o) => displayKey(o.text) === key);
}

function displayKey(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readString(value: unknown, max: number): { value?: string; truncated: boolean } {
  let text: string;
  if (typeof value === 'string') text = value.trim();
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else if (typeof value === 'boolean') text = String(value);
  else return { truncated: false };
  if (!text) return { truncated: false };
  if (text.length <= max) return { value: text, truncated: false };
  // Cut by code points so an emoji or a rare Han character is never split in half.
  return { value: [...text].slice(0, max).join('').trimEnd(), truncated: true };
}
