import type { AnalysedSentence, DocAnalysis } from './analysis.js';
import type { Term } from './keyphrases.js';
import type { NumberMention } from './numbers.js';
import type { Field, Table } from './records.js';
import type { TermMention } from './terms.js';

/** What a question tests: a keyphrase, a number or a table cell, at its place in the sentence. */
export type Answer =
  | { kind: 'term'; text: string; start: number; end: number; mention: TermMention; term: Term }
  | { kind: 'number'; text: string; start: number; end: number; number: NumberMention }
  | { kind: 'field'; text: string; start: number; end: number; field: Field; table: Table };

/** The few characters (zh) or words (en) around an answer, to test a substitute in context. */
export function contextOf(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  answer: { start: number; end: number },
): { left: string; right: string } {
  const text = sentence.text;
  if (a.language === 'zh') {
    return {
      left: text.slice(Math.max(0, answer.start - 4), answer.start),
      right: text.slice(answer.end, answer.end + 4),
    };
  }
  const left = /(?:\S+\s+){0,2}$/.exec(text.slice(0, answer.start))?.[0] ?? '';
  const right = /^(?:\s*\S+){0,2}/.exec(text.slice(answer.end))?.[0] ?? '';
  return { left, right };
}

/**
 * True when the document states the substitute in the answer's place: the sentence with the
 * substitute, or the substitute with the same words right before or after it, is in the text.
 * Such a substitute would also be a correct answer, so it can be neither a distractor nor the
 * change that makes a statement false.
 */
export function statedInContext(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  answer: { start: number; end: number },
  substitute: string,
): boolean {
  const { left, right } = contextOf(a, sentence, answer);
  const minimum = a.language === 'zh' ? 2 : 3;
  if (left.trim().length >= minimum && a.fullText.includes(left + substitute)) return true;
  if (right.trim().length >= minimum && a.fullText.includes(substitute + right)) return true;
  const whole = sentence.text.slice(0, answer.start) + substitute + sentence.text.slice(answer.end);
  return a.fullText.includes(whole);
}
