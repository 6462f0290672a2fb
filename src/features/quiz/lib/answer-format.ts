/**
 * Turning what the learner picked into the answers the API takes (spec §5 "Answer formatting",
 * docs/api/quiz.md). Pure: no React, no i18n, no network.
 */
import type { QuestionType, SubmittedAnswer } from '../api/types';

/** The blank marker of a fill-in stem: five underscores (longer runs count as one). */
export const BLANK_MARKER = '_____';
const MARKER_RUN = /_{5,}/g;

/** A question as it may arrive: the API's shape, read leniently (ids may be numbers). */
export interface LooseQuestion {
  id?: string | number;
  questionId?: string | number;
  type: QuestionType | string;
  question?: string;
  options?: ReadonlyArray<{ id?: string | number | null; text?: string }>;
  blanks?: unknown;
  /** A multiple-select exam item (複選題): the answer is every option that applies. */
  multiSelect?: boolean;
}

export interface ChoiceOption {
  /** What the radio or select carries: the option's id, or its text when it has none. */
  value: string;
  text: string;
  /** True when the API gave the option an id (else `value` is its raw text). */
  hasId: boolean;
}

export interface FillBlank {
  /** Always a string: numeric ids are converted, a missing one is generated. */
  id: string;
  options: ChoiceOption[];
}

/** What the learner has picked so far for one question (UI state, kept per question id). */
export interface Draft {
  /** multiple_choice / true_false: the chosen option's value. */
  choice?: string;
  /** A multiple-select question: the values of every option ticked, in the options' order. */
  choices?: string[];
  /** dropdown_fill_in_blank: chosen option value by blank id (partial while filling in). */
  blanks?: Record<string, string>;
  /** short_answer. */
  text?: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The question's id as the API wants it (questionId, else id), always a string. */
export function questionIdOf(q: LooseQuestion): string {
  return (str(q.questionId) || str(q.id)).trim();
}

/** The options of a choice question (or of one blank), each with a usable value. */
export function choiceOptions(options: unknown): ChoiceOption[] {
  if (!Array.isArray(options)) return [];
  return options.flatMap((o: unknown) => {
    if (typeof o === 'string') return o ? [{ value: o, text: o, hasId: false }] : [];
    if (!o || typeof o !== 'object') return [];
    const rec = o as Record<string, unknown>;
    const id = str(rec.id);
    const text = str(rec.text) || id;
    if (!id && !text) return [];
    return [{ value: id || text, text, hasId: Boolean(id) }];
  });
}

/**
 * A fill-in question ready to show: the stem with one marker per blank (the marker is
 * appended when the stem lacks it), blanks as a list (anything else becomes []), every blank
 * with a string id (numbers converted; a blank without one gets `{questionId}-blank-{n}`).
 */
export function normalizeFill(q: LooseQuestion): { stem: string; blanks: FillBlank[] } {
  const list: unknown[] = Array.isArray(q.blanks) ? q.blanks : [];
  const qid = questionIdOf(q);
  const blanks = list.map((raw, i): FillBlank => {
    const rec = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    const id = (str(rec.blank_id) || str(rec.blankId) || str(rec.id)).trim();
    return { id: id || `${qid}-blank-${i + 1}`, options: choiceOptions(rec.options) };
  });
  let stem = q.question ?? '';
  const markers = stem.match(MARKER_RUN)?.length ?? 0;
  if (markers === 0) {
    stem = `${stem.trimEnd()} ${Array(Math.max(1, blanks.length)).fill(BLANK_MARKER).join(' ')}`;
  } else if (markers < blanks.length) {
    stem = `${stem.trimEnd()} ${Array(blanks.length - markers)
      .fill(BLANK_MARKER)
      .join(' ')}`;
  }
  return { stem: stem.trimStart(), blanks };
}

/** The stem cut at each blank marker: n markers give n + 1 text parts. */
export function splitStem(stem: string): string[] {
  return stem.split(MARKER_RUN);
}

/**
 * The answer to send for one question, or null when there is none yet: multiple choice by
 * option id (the raw text when the option has no id), true/false as 'true'/'false' text,
 * fill-in only when every blank is filled, short answer as trimmed text.
 */
export function formatAnswer(q: LooseQuestion, draft: Draft | undefined): SubmittedAnswer | null {
  const questionId = questionIdOf(q);
  if (!questionId || !draft) return null;
  if (q.type === 'multiple_choice' && q.multiSelect) {
    const options = choiceOptions(q.options);
    const picked = new Set((draft.choices ?? []).map((c) => c.trim()).filter(Boolean));
    if (picked.size === 0) return null;
    // In the options' order; the server matches a value without an id by its text.
    const ordered = options.filter((o) => picked.has(o.value)).map((o) => o.value);
    const unknown = [...picked].filter((v) => !ordered.includes(v));
    return { questionId, optionIds: [...ordered, ...unknown] };
  }
  switch (q.type) {
    case 'multiple_choice': {
      const choice = draft.choice?.trim();
      if (!choice) return null;
      const option = choiceOptions(q.options).find((o) => o.value === choice);
      // No id to send: the server matches the option by its text (spec §5).
      return { questionId, optionId: option ? option.value : choice };
    }
    case 'true_false': {
      const value = draft.choice?.trim();
      if (!value) return null;
      return { questionId, answer: String(value) };
    }
    case 'dropdown_fill_in_blank': {
      const { blanks } = normalizeFill(q);
      const picked = draft.blanks ?? {};
      if (blanks.length === 0 || blanks.some((b) => !picked[b.id]?.trim())) return null;
      return {
        questionId,
        blankAnswers: blanks.map((b) => ({ blankId: b.id, selectedOptionId: picked[b.id]! })),
      };
    }
    case 'short_answer': {
      const text = draft.text?.trim();
      return text ? { questionId, textAnswer: text } : null;
    }
    default: {
      // An unknown type: send whatever single answer the learner gave as text.
      const text = (draft.text ?? draft.choice)?.trim();
      return text ? { questionId, textAnswer: text } : null;
    }
  }
}

/** Every answer there is to send, in question order. */
export function formatAnswers(
  questions: readonly LooseQuestion[],
  drafts: Readonly<Record<string, Draft>>,
): SubmittedAnswer[] {
  return questions.flatMap((q) => {
    const answer = formatAnswer(q, drafts[questionIdOf(q)]);
    return answer ? [answer] : [];
  });
}

/** True when the question has an answer that would be sent. */
export const isAnswered = (q: LooseQuestion, draft: Draft | undefined) =>
  formatAnswer(q, draft) !== null;

/** A saved answer (GET /quiz/{id} savedAnswers) back into a draft, to resume an attempt. */
export function draftFromSaved(q: LooseQuestion, saved: SubmittedAnswer): Draft {
  if (q.type === 'multiple_choice' && q.multiSelect) {
    const ids = Array.isArray(saved.optionIds)
      ? saved.optionIds
      : (saved.optionId ?? '').split(',').filter(Boolean);
    return { choices: ids.map(String) };
  }
  switch (q.type) {
    case 'multiple_choice':
      return { choice: saved.optionId ?? saved.answer ?? saved.textAnswer ?? '' };
    case 'true_false': {
      const raw = saved.answer ?? saved.textAnswer ?? saved.optionId ?? '';
      const option = choiceOptions(q.options).find(
        (o) => o.value.toLowerCase() === raw.toLowerCase(),
      );
      return { choice: option?.value ?? raw };
    }
    case 'dropdown_fill_in_blank': {
      const list = Array.isArray(saved.blankAnswers) ? saved.blankAnswers : [];
      const blanks: Record<string, string> = {};
      for (const b of list) if (b.selectedOptionId) blanks[String(b.blankId)] = b.selectedOptionId;
      return { blanks };
    }
    default:
      return { text: saved.textAnswer ?? saved.answer ?? '' };
  }
}

/** Drafts of every question that has a saved answer, by question id. */
export function draftsFromSaved(
  questions: readonly LooseQuestion[],
  saved: readonly SubmittedAnswer[],
): Record<string, Draft> {
  const byId = new Map(saved.map((a) => [String(a.questionId), a]));
  const drafts: Record<string, Draft> = {};
  for (const q of questions) {
    const id = questionIdOf(q);
    const answer = byId.get(id);
    if (answer) drafts[id] = draftFromSaved(q, answer);
  }
  return drafts;
}
