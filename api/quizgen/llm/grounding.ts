import { toSimplifiedSameLength } from '../text/chinese-script.js';

/** Text reduced for comparison, with where each of its characters came from. */
export interface Folded {
  text: string;
  /** For each character of `text`: start and end offsets in the original string. */
  starts: number[];
  ends: number[];
}

const SKIP = /[\s\p{P}\p{S}]/u;

/**
 * The comparison form of a text: NFKC, lower case, no whitespace, punctuation or symbols, and
 * every Traditional character folded to its Simplified form, so that 臺/台, 裡/里 or a quote
 * the model wrote in Simplified still match the material.
 */
export function fold(source: string): Folded {
  const out: Folded = { text: '', starts: [], ends: [] };
  let offset = 0;
  for (const cp of source) {
    const end = offset + cp.length;
    for (const ch of cp.normalize('NFKC').toLowerCase()) {
      if (SKIP.test(ch)) continue;
      out.text += toSimplifiedSameLength(ch);
      out.starts.push(offset);
      out.ends.push(end);
    }
    offset = end;
  }
  return out;
}

/** Characters a quote must keep after folding: short quotes prove nothing. */
export function quoteIsLongEnough(quote: string): boolean {
  const text = fold(quote).text;
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  return han >= 6 || text.length >= 20;
}

// Marks that end a quoted sentence: the citation keeps them although the comparison skips them.
const CLOSING = /[.。．!?！？…」』”’）)\]]/u;

/**
 * Where `quote` stands in `source` once both are folded, as offsets into `source` — so the
 * citation shows the material's own characters — or undefined when it is not there.
 */
export function locateQuote(
  quote: string,
  source: string,
  folded: Folded = fold(source),
): { start: number; end: number } | undefined {
  const needle = fold(quote.replace(/\[b\d+\.s\d+\]/g, '')).text;
  if (!needle) return undefined;
  const at = folded.text.indexOf(needle);
  if (at < 0) return undefined;
  let end = folded.ends[at + needle.length - 1] as number;
  while (end < source.length && CLOSING.test(source[end] as string)) end++;
  return { start: folded.starts[at] as number, end };
}
