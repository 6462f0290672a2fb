import type { Citation, GeneratedQuestion, Option, QuizLanguage } from '../quizgen/types.js';
import { scoreAttempt } from '../scoring/index.js';
import { formatLocation, labelsFor, type ExportLocale } from './labels.js';
import { slugOf } from './slug.js';

/**
 * A question as the quiz exports write it: the key always, and explanation, related concepts
 * and citation only when the account is premium (absent otherwise, so no builder can leak them).
 */
export interface ExportQuestion {
  number: number;
  type: GeneratedQuestion['type'];
  question: string;
  options?: Option[];
  correctOptionId?: string;
  /** An exam correction: every accepted option id (several), or every answer scores. */
  acceptedOptionIds?: string[];
  anyAnswer?: boolean;
  /** A multiple-select exam item: every accepted set of option ids (usually one). */
  multiSelect?: boolean;
  acceptedOptionSets?: string[][];
  blanks?: Array<{ id: string; options: Option[]; correctOptionId: string }>;
  /** short_answer: every accepted answer, the shown key first. */
  acceptedAnswers?: string[];
  /** The key as the report shows it (option text, 正確/錯誤, blanks joined). */
  correctAnswer: string;
  explanation?: string;
  relatedConcepts?: string[];
  citation?: Citation;
}

export interface QuizExport {
  title: string;
  /** The quiz's language: the files' own words (labels, true/false) follow it. */
  locale: ExportLocale;
  premium: boolean;
  questions: ExportQuestion[];
}

/** The export locale of a quiz language. */
export const exportLocaleOf = (language: string): ExportLocale =>
  language.toLowerCase().startsWith('zh') ? 'zh-TW' : 'en';

/** The stored questions of a quiz as an export, premium content kept only for premium. */
export function quizExport(
  quiz: { title: string; language: string },
  questions: readonly GeneratedQuestion[],
  premium: boolean,
): QuizExport {
  const language: QuizLanguage = exportLocaleOf(quiz.language) === 'zh-TW' ? 'zh-TW' : 'en-US';
  // Scoring no answers gives each key's display text exactly as the report shows it.
  const keys = scoreAttempt(questions, [], language).answersDetail;
  return {
    title: quiz.title,
    locale: exportLocaleOf(quiz.language),
    premium,
    questions: questions.map((q, i) => ({
      number: i + 1,
      type: q.type,
      question: q.question,
      ...(q.options && { options: q.options.map((o) => ({ id: o.id, text: o.text })) }),
      ...(q.correctOptionId !== undefined && { correctOptionId: q.correctOptionId }),
      ...(q.acceptedOptionIds && { acceptedOptionIds: [...q.acceptedOptionIds] }),
      ...(q.anyAnswer && { anyAnswer: true }),
      ...(q.multiSelect && { multiSelect: true }),
      ...(q.acceptedOptionSets && {
        acceptedOptionSets: q.acceptedOptionSets.map((set) => [...set]),
      }),
      ...(q.blanks && {
        blanks: q.blanks.map((b) => ({
          id: b.id,
          options: b.options.map((o) => ({ id: o.id, text: o.text })),
          correctOptionId: b.correctOptionId,
        })),
      }),
      ...(q.acceptedAnswers && { acceptedAnswers: [...q.acceptedAnswers] }),
      correctAnswer: keys[i]?.correctAnswer ?? '',
      ...(premium && {
        explanation: q.explanation,
        relatedConcepts: [...q.relatedConcepts],
        citation: q.citation,
      }),
    })),
  };
}

/** A, B, C … for option lists. */
export const optionLetter = (i: number) => String.fromCharCode(65 + (i % 26));

/** Where a citation stands and what it quotes, in one line ('' without a citation). */
export function citationLine(q: ExportQuestion, locale: ExportLocale): string {
  if (!q.citation) return '';
  const l = labelsFor(locale);
  return l.cite(formatLocation(q.citation.location, locale), q.citation.quote.trim());
}

/** The download name of a quiz export, e.g. `mnemo-光合作用-anki.txt`. */
export function quizExportFileName(title: string, format: 'anki' | 'gift' | 'csv'): string {
  const suffix = { anki: 'anki.txt', gift: 'moodle-gift.txt', csv: 'questions.csv' }[format];
  return ['mnemo', slugOf(title) || 'quiz', suffix].join('-');
}
