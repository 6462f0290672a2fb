import type { ExtractedDocument } from '../../extract/types.js';

/** One sentence of a block, with the id the prompt shows the model (e.g. "b12.s3"). */
export interface Sentence {
  id: string;
  blockIndex: number;
  /** Offsets into the block's text. */
  start: number;
  end: number;
  text: string;
}

const CLOSERS = '"\'”’」』）)]】';
const CJK_END = '。！？';
const LATIN_END = '.!?';
// Words after which a period does not end the sentence ("the U.S. Senate", "Dr. Tang").
const ABBREVIATIONS = new Set(
  'mr mrs ms dr prof sr jr st vs etc al fig no vol pp ch sec inc ltd co corp dept e.g i.e u.s u.k u.n a.m p.m'.split(
    ' ',
  ),
);

function abbreviationBefore(text: string, dot: number): boolean {
  const word = text.slice(0, dot).match(/([\p{L}.]+)$/u)?.[1] ?? '';
  // An initial ("J. Smith") or a listed abbreviation.
  return /^\p{Lu}$/u.test(word) || ABBREVIATIONS.has(word.toLowerCase());
}

/**
 * Sentence spans of a text: after 。！？ always, after . ! ? when a space and a capital (or a
 * non-Latin character) follow, so "U.S. teenagers" stays one sentence; and at line breaks.
 */
export function splitSentences(text: string): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    const last = spans[spans.length - 1];
    // A stray mark ("]*" after a bracketed clause) belongs to the sentence before it.
    if (last && trimmed && !/[\p{L}\p{N}]/u.test(trimmed)) last.end = start + lead + trimmed.length;
    else if (trimmed) spans.push({ start: start + lead, end: start + lead + trimmed.length });
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\n') {
      push(i + 1);
      continue;
    }
    const cjk = CJK_END.includes(ch);
    if (!cjk && !LATIN_END.includes(ch)) continue;
    let j = i + 1;
    while (
      j < text.length &&
      (CJK_END.includes(text[j] as string) || CLOSERS.includes(text[j] as string))
    )
      j++;
    if (cjk) {
      push(j);
      i = j - 1;
      continue;
    }
    const next = text.slice(j).match(/^\s+(\S)/u);
    if (ch === '.' && abbreviationBefore(text, i)) continue;
    if (j >= text.length || (next && !/[\p{Ll}\d,;:]/u.test(next[1] as string))) {
      push(j);
      i = j - 1;
    }
  }
  push(text.length);
  return spans;
}

/** Every sentence of the document, block by block, with stable ids. */
export function sentencesOf(doc: ExtractedDocument): Sentence[][] {
  return doc.blocks.map((block, b) =>
    splitSentences(block.text).map((span, s) => ({
      id: `b${b + 1}.s${s + 1}`,
      blockIndex: b,
      start: span.start,
      end: span.end,
      text: block.text.slice(span.start, span.end),
    })),
  );
}
