import { toTraditional } from '../quizgen/text/chinese-script.js';

// Everything a learner does not mean as part of the answer goes: spaces, punctuation, symbols.
// Two marks are kept because they change a number's value: a decimal point between digits
// (3.14 is not 314) and a minus sign starting a number (-5 is not 5; COVID-19 still folds).
const FOLD = /(?<=\d)(\.)(?=\d)|(?<![\p{L}\p{N}])([-−])(?=\d)|[\s\p{P}\p{S}]+/gu;

/** The comparison form of a short answer: width-folded, Traditional, lower-case, unpunctuated. */
export function normalizeShortAnswer(text: string): string {
  const folded = toTraditional(text.normalize('NFKC')).toLowerCase();
  return folded.replace(FOLD, (_, dot?: string, minus?: string) => (dot ? '.' : minus ? '-' : ''));
}

/** True when the answer reads the same as one of the accepted answers; empty never matches. */
export function shortAnswerMatches(given: string, accepted: readonly string[]): boolean {
  const key = normalizeShortAnswer(given);
  // Exact comparison only: an edit distance would accept a different term that looks alike.
  return key !== '' && accepted.some((answer) => normalizeShortAnswer(answer) === key);
}
