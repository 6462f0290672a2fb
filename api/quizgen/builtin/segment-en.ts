import { isSpokenFiller } from '../text/en-lexicon.js';
import { EN_STOPWORDS, EN_VERBS } from '../text/stopwords.js';
import type { Token } from './tokens.js';

// A word may hold hyphens of any kind, the non-breaking one (U+2011) and U+2010 too: transcripts
// write "multi‑stakeholder" with it, and a cut there left "multi" as a term (round 5).
const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}'’\-‐‑.]*[\p{L}\p{N}])?\.?|[^\s\p{L}\p{N}]/gu;
const ABBREVIATION = /^(?:\p{Lu}\.)+\p{Lu}?\.?$/u;

/**
 * Tokenises one English sentence with a coarse part of speech: 'stop' (function word), 'v'
 * (common verb or -ly adverb), 'm' (number), 'nz' (capitalised word not starting the sentence,
 * or an acronym), 'n' (any other word), 'x' (punctuation).
 */
export function segmentEnglish(sentence: string): Token[] {
  const tokens: Token[] = [];
  for (const m of sentence.matchAll(WORD)) {
    let text = m[0];
    // A trailing period belongs to the word only for abbreviations (U.S., e.g.).
    if (text.endsWith('.') && !ABBREVIATION.test(text)) text = text.slice(0, -1);
    const start = m.index;
    tokens.push({ text, start, end: start + text.length, pos: posOf(text, tokens.length === 0) });
  }
  return tokens;
}

function posOf(word: string, first: boolean): string {
  if (!/[\p{L}\p{N}]/u.test(word)) return 'x';
  const lower = word.toLowerCase().replace(/’/g, "'");
  if (/^[\d.,%]+$/.test(word) || /^\d/.test(word)) return 'm';
  if (EN_STOPWORDS.has(lower) || isSpokenFiller(lower)) return 'stop';
  if (EN_VERBS.has(lower) || /ly$/.test(lower)) return 'v';
  if (/^\p{Lu}{2,}/u.test(word) || ABBREVIATION.test(word)) return 'nz';
  if (/^\p{Lu}/u.test(word) && !first) return 'nz';
  return 'n';
}
