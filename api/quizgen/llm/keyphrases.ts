import { EN_STOPWORDS, ZH_STOPWORDS } from '../text/stopwords.js';

/*
 * Key phrases for choosing which parts of a document to ask about: repeated content words and
 * word pairs in English, repeated 2–4 character runs in Chinese. Crude next to a real keyword
 * extractor, but all the chunk choice needs is "which chunks mention the document's main terms".
 */

// Single characters that rarely start or end a Chinese term.
const ZH_EDGE_STOP = new Set([...ZH_STOPWORDS].filter((w) => [...w].length === 1));

function englishTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z][a-z0-9'’-]*/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (EN_STOPWORDS.has(w)) continue;
    if (w.length >= 4) out.push(w);
    const next = words[i + 1];
    if (next && !EN_STOPWORDS.has(next)) out.push(`${w} ${next}`);
  }
  return out;
}

function chineseTerms(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(/\p{Script=Han}+/gu) ?? []) {
    const chars = [...run];
    for (let n = 2; n <= 4; n++) {
      for (let i = 0; i + n <= chars.length; i++) {
        const first = chars[i] as string;
        const last = chars[i + n - 1] as string;
        if (ZH_EDGE_STOP.has(first) || ZH_EDGE_STOP.has(last)) continue;
        out.push(chars.slice(i, i + n).join(''));
      }
    }
  }
  return out;
}

/** Candidate terms of a text (with repeats), lower-cased. */
export function termsOf(text: string): string[] {
  return [...englishTerms(text), ...chineseTerms(text)];
}

/**
 * The document's top key phrases with weights, from the texts of its parts: terms repeated
 * across the document score by count and length; a term inside a longer one that is nearly as
 * frequent is dropped for it.
 */
export function keyPhrases(parts: string[], limit = 40): Map<string, number> {
  const count = new Map<string, number>();
  for (const part of parts) for (const t of termsOf(part)) count.set(t, (count.get(t) ?? 0) + 1);
  const score = (term: string, c: number) => c * Math.sqrt([...term].length);
  const top = [...count]
    .filter(([, c]) => c >= 2)
    .sort((a, b) => score(...b) - score(...a) || a[0].localeCompare(b[0]))
    .slice(0, limit * 8);
  const kept = top.filter(
    ([term, c]) =>
      !top.some(
        ([longer, lc]) => longer.length > term.length && longer.includes(term) && lc >= 0.8 * c,
      ),
  );
  return new Map(kept.slice(0, limit).map(([term, c]) => [term, score(term, c)]));
}
