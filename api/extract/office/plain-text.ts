import type { FileExtraction } from '../types.js';

type OutBlock = FileExtraction['blocks'][number];

/** Paragraphs longer than this are cut at line (or sentence) ends, so a block stays citable. */
const MAX_PARAGRAPH = 2000;
const CHUNK = 1500;

/** A line that separates paragraphs: nothing but spaces, tabs and ideographic spaces. */
const BLANK_LINE = /^[ \t\u3000]*$/;
const TRAILING_SPACE = /[ \t\u00a0]+$/g;

/**
 * A paragraph's lines (no line breaks in them) cut into pieces of at most MAX_PARAGRAPH
 * characters at line ends, or at sentence ends when it is one long line.
 */
function splitLong(lines: string[]): string[] {
  const length = lines.reduce((sum, line) => sum + line.length, lines.length - 1);
  if (length <= MAX_PARAGRAPH) return [lines.join('\n')];
  const multiLine = lines.length > 1;
  const pieces = multiLine ? lines : lines[0]!.split(/(?<=[。！？!?]|[.;]\s)/u);
  const out: string[] = [];
  let current = '';
  for (const piece of pieces) {
    const joined = current ? `${current}${multiLine ? '\n' : ''}${piece}` : piece;
    if (joined.length > CHUNK && current) {
      out.push(current);
      current = piece;
    } else current = joined;
    while (current.length > MAX_PARAGRAPH) {
      out.push(current.slice(0, CHUNK));
      current = current.slice(CHUNK);
    }
  }
  if (current.trim()) out.push(current);
  return out.map((p) => p.trim()).filter(Boolean);
}

/** The pieces of one paragraph's lines, or none: edge empty lines dropped, blank ones skipped. */
function finish(lines: string[]): string[] {
  let first = 0;
  let last = lines.length;
  while (first < last && lines[first] === '') first++;
  while (last > first && lines[last - 1] === '') last--;
  const kept = lines.slice(first, last);
  return kept.some((line) => line.trim()) ? splitLong(kept) : [];
}

/**
 * Text split into paragraphs at blank lines, one paragraph at a time; lines inside a paragraph
 * keep their breaks. Reads the text line by line (\n, \r\n or \r) without copying all of it, so
 * a large file costs little more than its blocks. A blank line separates paragraphs only when a
 * line break follows it and the line before it was not itself a separator.
 */
export function* eachParagraph(text: string): Generator<string> {
  let lines: string[] = [];
  let lastSeparator = -2;
  let nl = text.indexOf('\n');
  let cr = text.indexOf('\r');
  let start = 0;
  for (let k = 0; ; k++) {
    if (nl !== -1 && nl < start) nl = text.indexOf('\n', start);
    if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
    const end = nl === -1 ? cr : cr === -1 ? nl : Math.min(nl, cr);
    const line = end === -1 ? text.slice(start) : text.slice(start, end);
    if (end !== -1 && k > 0 && k >= lastSeparator + 2 && BLANK_LINE.test(line)) {
      yield* finish(lines);
      lines = [];
      lastSeparator = k;
    } else lines.push(line.replace(TRAILING_SPACE, ''));
    if (end === -1) break;
    start = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
  }
  yield* finish(lines);
}

/** Text split into paragraphs at blank lines; lines inside a paragraph keep their breaks. */
export function paragraphs(text: string): string[] {
  return [...eachParagraph(text)];
}

/** Blocks numbered from 1, each with the headings above it when there are any. */
export function paragraphBlocks(
  items: Iterable<{ text: string; headingPath?: string[] }>,
): OutBlock[] {
  const blocks: OutBlock[] = [];
  for (const { text, headingPath } of items) {
    const index = blocks.length + 1;
    blocks.push({
      text,
      location: headingPath?.length
        ? { kind: 'paragraph', index, headingPath }
        : { kind: 'paragraph', index },
    });
  }
  return blocks;
}
