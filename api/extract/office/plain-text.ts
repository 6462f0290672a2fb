import type { FileExtraction } from '../types.js';

type OutBlock = FileExtraction['blocks'][number];

/** Paragraphs longer than this are cut at line (or sentence) ends, so a block stays citable. */
const MAX_PARAGRAPH = 2000;
const CHUNK = 1500;

function splitLong(paragraph: string): string[] {
  if (paragraph.length <= MAX_PARAGRAPH) return [paragraph];
  const pieces = paragraph.includes('\n')
    ? paragraph.split('\n')
    : paragraph.split(/(?<=[。！？!?]|[.;]\s)/u);
  const out: string[] = [];
  let current = '';
  for (const piece of pieces) {
    const joined = current ? `${current}${paragraph.includes('\n') ? '\n' : ''}${piece}` : piece;
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

/** Text split into paragraphs at blank lines; lines inside a paragraph keep their breaks. */
export function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u3000]*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((line) => line.replace(/[ \t\u00a0]+$/g, ''))
        .join('\n')
        .replace(/^\n+|\n+$/g, ''),
    )
    .filter((p) => p.trim())
    .flatMap(splitLong);
}

/** Blocks numbered from 1, each with the headings above it when there are any. */
export function paragraphBlocks(
  items: Array<{ text: string; headingPath?: string[] }>,
): OutBlock[] {
  return items.map(({ text, headingPath }, i) => ({
    text,
    location: headingPath?.length
      ? { kind: 'paragraph', index: i + 1, headingPath }
      : { kind: 'paragraph', index: i + 1 },
  }));
}
