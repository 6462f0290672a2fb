import type { DocAnalysis } from './analysis.js';
import { definitionCandidates } from './candidates/definition.js';

/*
 * English round 6 (decision 0049): whether a blank's key is a term worth knowing, judged from
 * the document itself. A term the material comes back to (two sentences or more), puts in a
 * heading, or defines ("X is a …", "called X") is; a phrase said once in passing ("the
 * presentation clicker", "a statistics course", a lab named once) is trivia.
 */

const known = new WeakMap<DocAnalysis, Set<string>>();

/** Keys of the terms an English material names in its headings or defines. */
function headlinedOrDefined(a: DocAnalysis): Set<string> {
  let keys = known.get(a);
  if (keys) return keys;
  keys = new Set<string>();
  const headings = new Set<string>();
  for (const s of a.sentences)
    if (s.location.kind === 'paragraph')
      for (const h of s.location.headingPath ?? []) headings.add(h.toLowerCase());
  const headingText = [...headings].join('\n');
  for (const term of a.terms.values()) {
    const text = term.text.toLowerCase();
    if (text.length >= 3 && new RegExp(`(?<![\\p{L}\\d])${escape(text)}`, 'u').test(headingText))
      keys.add(term.key);
  }
  for (const d of definitionCandidates(a, true)) keys.add(d.answer.term.key);
  known.set(a, keys);
  return keys;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether an English term is worth a blank: recurring, in a heading, or defined. */
export function englishTermWorthAsking(
  a: DocAnalysis,
  term: { key: string; text: string; sentenceIds: readonly number[] },
): boolean {
  if (new Set(term.sentenceIds).size >= 2) return true;
  let seen = worth.get(a);
  if (!seen) worth.set(a, (seen = new Map()));
  let known = seen.get(term.key);
  if (known === undefined) seen.set(term.key, (known = writtenAgain(a, term)));
  return known;
}

const worth = new WeakMap<DocAnalysis, Map<string, boolean>>();

function writtenAgain(a: DocAnalysis, term: { key: string; text: string }): boolean {
  if (headlinedOrDefined(a).has(term.key)) return true;
  // The term's words written again elsewhere (also where the term finder cut it otherwise,
  // "null hypothesis states"), or its plural/singular.
  const text = term.text.toLowerCase().replace(/(?:es|s)$/, '');
  if (text.length < 3) return false;
  const lower = lowerText(a);
  const found = lower.match(
    new RegExp(`(?<![\\p{L}\\d])${escape(text)}(?:s|es)?(?![\\p{L}\\d])`, 'gu'),
  );
  return (found?.length ?? 0) >= 2;
}

const lowered = new WeakMap<DocAnalysis, string>();
function lowerText(a: DocAnalysis): string {
  let text = lowered.get(a);
  if (text === undefined) lowered.set(a, (text = a.fullText.toLowerCase()));
  return text;
}
