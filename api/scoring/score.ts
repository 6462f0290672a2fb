import type { GeneratedQuestion, Option, QuizLanguage } from '../quizgen/types.js';
import {
  answersById,
  answerText,
  chosenIds,
  isAnswered,
  resolveOption,
  selectedByBlank,
} from './answers.js';
import { shortAnswerMatches } from './short-answer.js';
import { parseTrueFalse } from './true-false.js';
import type { AnswerDetail, AnswerSelection, ScoreResult, SubmittedAnswer } from './types.js';

const BLANK_JOIN: Record<QuizLanguage, string> = { 'zh-TW': '、', 'en-US': ', ' };
// Only for a stored question that lost its options: both generators always write them.
const TRUE_FALSE_LABELS: Record<QuizLanguage, [string, string]> = {
  'zh-TW': ['正確', '錯誤'],
  'en-US': ['True', 'False'],
};

/** What one question's answer comes to, before the shared fields are added. */
interface Marking {
  isCorrect: boolean;
  userAnswer: string;
  correctAnswer: string;
  userSelection: AnswerSelection | null;
  correctSelection: AnswerSelection;
}

/**
 * Scores an attempt: every question of the quiz counts (unanswered is wrong), answers to
 * questions not in the quiz are ignored, and each detail carries display text and structure.
 */
export function scoreAttempt(
  questions: readonly GeneratedQuestion[],
  answers: readonly SubmittedAnswer[],
  language: QuizLanguage,
): ScoreResult {
  const byId = answersById(answers);
  const typeAnalysis: ScoreResult['typeAnalysis'] = {};
  const answersDetail = questions.map((question) => {
    const detail = describe(question, byId.get(question.id), language);
    // Unscored practice (an exam paper without key) counts in no score and no type's figures.
    if (detail.unscored) return detail;
    const stats = (typeAnalysis[question.type] ??= { total: 0, correct: 0 });
    stats.total += 1;
    if (detail.isCorrect) stats.correct += 1;
    return detail;
  });
  const correctAnswers = answersDetail.filter((d) => d.isCorrect).length;
  const totalQuestions = questions.length;
  const scored = answersDetail.filter((d) => !d.unscored).length;
  return {
    score: scored === 0 ? 0 : Math.round((correctAnswers / scored) * 100),
    correctAnswers,
    totalQuestions,
    answeredCount: answersDetail.filter((d) => d.answered).length,
    typeAnalysis,
    answersDetail,
    // Every question unscored: the attempt has no score at all (not a score of 0).
    ...(totalQuestions > 0 && scored === 0 && { unscored: true }),
  };
}

function describe(
  question: GeneratedQuestion,
  submitted: SubmittedAnswer | undefined,
  language: QuizLanguage,
): AnswerDetail {
  const answered = isAnswered(question, submitted);
  // An unanswered question (a partly filled fill-in included) shows no answer at all.
  const answer = answered ? submitted : undefined;
  const marking = question.unscored
    ? markUnscored(question, answer, language)
    : mark(question, answer, language);
  return {
    questionId: question.id,
    type: question.type,
    question: question.question,
    ...(question.exam && { exam: { ...question.exam } }),
    ...(question.unscored && { unscored: true }),
    ...(question.multiSelect && { multiSelect: true }),
    ...(question.options && { options: question.options.map(copyOption) }),
    ...(question.blanks && {
      blanks: question.blanks.map((b) => ({ id: b.id, options: b.options.map(copyOption) })),
    }),
    answered,
    ...marking,
    explanation: question.explanation,
    relatedConcepts: [...question.relatedConcepts],
    citation: { ...question.citation, location: { ...question.citation.location } },
  };
}

function mark(
  question: GeneratedQuestion,
  answer: SubmittedAnswer | undefined,
  language: QuizLanguage,
): Marking {
  switch (question.type) {
    case 'multiple_choice':
      return markChoice(question, answer, language);
    case 'true_false':
      return markTrueFalse(question, answer, language);
    case 'dropdown_fill_in_blank':
      return markBlanks(question, answer, language);
    case 'short_answer':
      return markShort(question, answer);
  }
}

/**
 * Unscored practice of an exam item without key: what the learner chose, shown as chosen, and
 * no key, no right or wrong.
 */
function markUnscored(
  question: GeneratedQuestion,
  answer: SubmittedAnswer | undefined,
  language: QuizLanguage,
): Marking {
  const none = { isCorrect: false, correctAnswer: '', correctSelection: {} };
  if (!answer) return { userAnswer: '', userSelection: null, ...none };
  if (question.multiSelect) {
    const picked = pickedOptions(question, answer);
    return { userAnswer: picked.text(language), userSelection: picked.selection, ...none };
  }
  const raw = answerText(question, answer);
  const chosen = resolveOption(question.options, raw);
  return {
    userAnswer: chosen?.text ?? raw,
    userSelection: chosen ? { optionId: chosen.id } : { text: raw },
    ...none,
  };
}

/** An exam correction's marks: several accepted options, or every answer scores. */
const ACCEPTED_JOIN: Record<QuizLanguage, string> = { 'zh-TW': ' 或 ', 'en-US': ' or ' };
const ANY_ANSWER_LABEL: Record<QuizLanguage, string> = {
  'zh-TW': '一律給分（任何答案皆算正確）',
  'en-US': 'Every answer scores (corrected key)',
};

/** The option ids a choice question accepts: the corrected set, else its one key. */
export function acceptedOptionIds(question: GeneratedQuestion): string[] {
  if (question.acceptedOptionIds?.length) return [...question.acceptedOptionIds];
  return question.correctOptionId === undefined ? [] : [question.correctOptionId];
}

/** The options a multiple-select answer names, in the options' order; unknown values kept as text. */
function pickedOptions(question: GeneratedQuestion, answer: SubmittedAnswer) {
  const values = chosenIds(question, answer);
  const ids = new Set<string>();
  const unknown: string[] = [];
  for (const value of values) {
    const option = resolveOption(question.options, value);
    if (option) ids.add(option.id);
    else unknown.push(value);
  }
  const options = (question.options ?? []).filter((o) => ids.has(o.id));
  return {
    ids: options.map((o) => o.id),
    unknown,
    text: (language: QuizLanguage) =>
      [...options.map((o) => o.text), ...unknown].join(BLANK_JOIN[language]),
    selection: {
      optionIds: options.map((o) => o.id),
      ...(unknown.length > 0 && { text: unknown.join(', ') }),
    } as AnswerSelection,
  };
}

/**
 * A multiple-select question (複選題): right only when the options chosen are exactly one of
 * the accepted sets — all or nothing, as the national papers score unless they say otherwise
 * (docs/decisions/0021). 「一律給分」: any answer scores.
 */
function markMulti(
  question: GeneratedQuestion,
  answer: SubmittedAnswer | undefined,
  language: QuizLanguage,
): Marking {
  const options = question.options ?? [];
  const sets = (
    question.acceptedOptionSets ?? [question.correctOptionId ? [question.correctOptionId] : []]
  )
    .map((set) => options.filter((o) => set.includes(o.id)))
    .filter((set) => set.length > 0);
  const join = (set: Option[]) => set.map((o) => o.text).join(BLANK_JOIN[language]);
  const correct = {
    correctAnswer: question.anyAnswer
      ? ANY_ANSWER_LABEL[language]
      : sets.map(join).join(ACCEPTED_JOIN[language]),
    correctSelection: {
      ...selection(sets[0]?.[0]?.id),
      ...(sets[0] && { optionIds: sets[0].map((o) => o.id) }),
      ...(sets.length > 1 && { optionSets: sets.map((set) => set.map((o) => o.id)) }),
      ...(question.anyAnswer && { anyAnswer: true }),
    },
  };
  if (!answer) return { isCorrect: false, userAnswer: '', userSelection: null, ...correct };
  const picked = pickedOptions(question, answer);
  const chosen = picked.ids.join(',');
  return {
    isCorrect:
      question.anyAnswer === true ||
      (picked.unknown.length === 0 &&
        sets.some((set) => set.map((o) => o.id).join(',') === chosen)),
    userAnswer: picked.text(language),
    userSelection: picked.selection,
    ...correct,
  };
}

function markChoice(
  question: GeneratedQuestion,
  answer: SubmittedAnswer | undefined,
  language: QuizLanguage,
): Marking {
  if (question.multiSelect) return markMulti(question, answer, language);
  const accepted = acceptedOptionIds(question);
  const keys = (question.options ?? []).filter((o) => accepted.includes(o.id));
  const key = keys[0];
  const correct = {
    correctAnswer: question.anyAnswer
      ? ANY_ANSWER_LABEL[language]
      : keys.map((k) => k.text).join(ACCEPTED_JOIN[language]),
    correctSelection: {
      ...selection(key?.id),
      ...(keys.length > 1 && { optionIds: keys.map((k) => k.id) }),
      ...(question.anyAnswer && { anyAnswer: true }),
    },
  };
  if (!answer) return { isCorrect: false, userAnswer: '', userSelection: null, ...correct };
  const raw = answerText(question, answer);
  const chosen = resolveOption(question.options, raw);
  return {
    // 「一律給分」: whatever was answered scores; otherwise any accepted option does.
    isCorrect:
      question.anyAnswer === true || (chosen !== undefined && accepted.includes(chosen.id)),
    // A value naming no option is still what the learner sent: show it, mark it wrong.
    userAnswer: chosen?.text ?? raw,
    userSelection: chosen ? { optionId: chosen.id } : { text: raw },
    ...correct,
  };
}

function markTrueFalse(
  question: GeneratedQuestion,
  answer: SubmittedAnswer | undefined,
  language: QuizLanguage,
): Marking {
  const key = parseTrueFalse(question.correctOptionId);
  const label = (value: boolean | undefined) =>
    value === undefined
      ? ''
      : (question.options?.find((o) => parseTrueFalse(o.id) === value)?.text ??
        TRUE_FALSE_LABELS[language][value ? 0 : 1]);
  const correct = {
    correctAnswer: label(key),
    correctSelection: key === undefined ? {} : { value: key },
  };
  if (!answer) return { isCorrect: false, userAnswer: '', userSelection: null, ...correct };
  const raw = answerText(question, answer);
  // The question's own option (by id or its localized text) first, then any accepted spelling.
  const option = resolveOption(question.options, raw);
  const value = parseTrueFalse(option?.id) ?? parseTrueFalse(raw);
  return {
    isCorrect: value !== undefined && value === key,
    userAnswer: value === undefined ? raw : label(value),
    userSelection: value === undefined ? { text: raw } : { value },
    ...correct,
  };
}

function markBlanks(
  question: GeneratedQuestion,
  answer: SubmittedAnswer | undefined,
  language: QuizLanguage,
): Marking {
  const blanks = question.blanks ?? [];
  const join = (texts: string[]) => texts.join(BLANK_JOIN[language]);
  const keys = blanks.map((b) => b.options.find((o) => o.id === b.correctOptionId));
  const correct = {
    correctAnswer: join(keys.map((k) => k?.text ?? '')),
    correctSelection: {
      blanks: blanks.map((b) => ({ blankId: b.id, optionId: b.correctOptionId })),
    },
  };
  if (!answer) return { isCorrect: false, userAnswer: '', userSelection: null, ...correct };
  const selected = selectedByBlank(answer);
  const chosen = blanks.map((b) => {
    const raw = selected.get(b.id) ?? '';
    return { raw, option: resolveOption(b.options, raw) };
  });
  return {
    isCorrect: chosen.every((c, i) => c.option !== undefined && c.option.id === keys[i]?.id),
    userAnswer: join(chosen.map((c) => c.option?.text ?? c.raw)),
    userSelection: {
      blanks: blanks.map((b, i) => {
        const c = chosen[i]!;
        return { blankId: b.id, optionId: c.option?.id ?? c.raw };
      }),
    },
    ...correct,
  };
}

function markShort(question: GeneratedQuestion, answer: SubmittedAnswer | undefined): Marking {
  const accepted = question.acceptedAnswers ?? [];
  const key = accepted[0];
  const correct = {
    correctAnswer: key ?? '',
    correctSelection: key === undefined ? {} : { text: key },
  };
  if (!answer) return { isCorrect: false, userAnswer: '', userSelection: null, ...correct };
  const text = answerText(question, answer);
  return {
    isCorrect: shortAnswerMatches(text, accepted),
    userAnswer: text,
    userSelection: { text },
    ...correct,
  };
}

function selection(optionId: string | undefined): AnswerSelection {
  return optionId === undefined ? {} : { optionId };
}

function copyOption(option: Option): Option {
  return { id: option.id, text: option.text };
}
