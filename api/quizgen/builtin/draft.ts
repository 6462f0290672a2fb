import { comparisonKey } from '../text/normalize.js';
import type { Citation, QuestionType } from '../types.js';
import type { AnalysedSentence, DocAnalysis } from './analysis.js';
import type { Distractor } from './distractors.js';
import type { QuizTemplates } from './templates/index.js';

/** A question before its options are ordered and its ids given. The key is always first. */
export interface Draft {
  type: QuestionType;
  question: string;
  /** multiple_choice: the key then the distractors. */
  choices?: string[];
  /** dropdown_fill_in_blank: per blank, the key then the distractors. */
  blanks?: string[][];
  truth?: boolean;
  acceptedAnswers?: string[];
  explanation: string;
  relatedConcepts: string[];
  citation: Citation;
  /** The tested answers (for true/false, the term the statement turns on). */
  keys: string[];
  /** The candidate a true/false item came from, to rebuild it with the other truth value. */
  source?: import('./candidates/cloze.js').ClozeCandidate;
  /** The statement the question tests, to keep two questions off the same fact. */
  fact: string;
  sentence: AnalysedSentence;
}

/** How many keys may still be the longest option (≤ ~35% of the quiz's choice items). */
export interface LongestBudget {
  used: number;
  max: number;
}

export interface BuildContext {
  a: DocAnalysis;
  t: QuizTemplates;
  /** 0 (beginner: distant distractors) … 1 (expert: near neighbours). */
  closeness: number;
  /** Options per dropdown blank (3 or 4) and blanks per dropdown item (1 or 2). */
  blankOptions: 3 | 4;
  maxBlanks: 1 | 2;
  mcqLongest: LongestBudget;
  blankLongest: LongestBudget;
  /** Comparison keys of answers already tested: a quiz asks about each term once. */
  usedKeys: Set<string>;
  allowReuse: boolean;
  /** How often each distractor (comparison key) is already shown in the quiz (round 5b). */
  shownDistractors?: Map<string, number>;
  /**
   * A true statement must be one the material could also have made false (a checkable
   * point with a clean swap): true and false statements then come from the same kind of
   * sentence. Set while selecting, for a first pass.
   */
  checkableTruths?: boolean;
}

/** The answers of a candidate the quiz has not tested yet (all of them once reuse is allowed). */
export function freshAnswers<T extends { text: string }>(ctx: BuildContext, answers: T[]): T[] {
  return ctx.allowReuse ? answers : answers.filter((x) => !ctx.usedKeys.has(comparisonKey(x.text)));
}

/** The location to name in a stem: only for table rows, which repeat across sheets. */
export function stemWhere(ctx: BuildContext, sentence: AnalysedSentence): string | undefined {
  return sentence.record ? ctx.t.location(sentence.location) : undefined;
}

export function citationOf(sentence: AnalysedSentence): Citation {
  return { fileId: sentence.fileId, quote: sentence.text, location: sentence.location };
}

const length = (text: string) => [...text].length;

/** How often one distractor text may be shown in a quiz. */
export const MAX_DISTRACTOR_SHOWS = 2;

/**
 * Picks `count` distractors from a ranked list. When the key would be the longest option and
 * the quiz has used its share of such items, one distractor is swapped for a longer one.
 */
export function pickDistractors(
  key: string,
  ranked: Distractor[],
  count: number,
  budget: LongestBudget,
  shown?: Map<string, number>,
): Distractor[] | undefined {
  // A distractor the quiz already shows twice gives way to the next of its rank, when there
  // are enough others ("convergent boundary" under every question).
  const fresh = shown
    ? ranked.filter((d) => (shown.get(comparisonKey(d.text)) ?? 0) < MAX_DISTRACTOR_SHOWS)
    : ranked;
  if (fresh.length >= count) ranked = fresh;
  if (ranked.length < count) return undefined;
  let pick = ranked.slice(0, count);
  const keyLongest = pick.every((d) => length(d.text) < length(key));
  if (keyLongest && budget.used >= budget.max) {
    const longer = ranked.slice(count).find((d) => length(d.text) >= length(key));
    if (!longer) return undefined;
    pick = [...pick.slice(0, count - 1), longer];
  } else if (keyLongest) budget.used++;
  return pick;
}

/** The sentence with each answer span replaced by the blank marker. */
export function blankOut(
  text: string,
  spans: Array<{ start: number; end: number }>,
  marker: string,
): string {
  let out = '';
  let cursor = 0;
  for (const span of [...spans].sort((x, y) => x.start - y.start)) {
    out += text.slice(cursor, span.start) + marker;
    cursor = span.end;
  }
  return out + text.slice(cursor);
}

export type { DocAnalysis };
