import { decodeEntities } from './html-dom.js';
import { tableRowTexts } from './item-blocks.js';
import { paragraphs } from './plain-text.js';

export interface TextItem {
  text: string;
  headingPath?: string[];
}

const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

/** Markdown inline syntax removed: what a reader sees of a line. */
export function inlineText(line: string): string {
  return decodeEntities(
    line
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
      .replace(/<\/?[a-zA-Z][^>]*>/g, '')
      .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
      .replace(/(^|[^\w*])\*(?=\S)(.+?)(?<=\S)\*(?!\w)/g, '$1$2')
      .replace(/(^|[^\w])_(?=\S)(.+?)(?<=\S)_(?![\w])/g, '$1$2')
      .replace(/~~(.+?)~~/g, '$1')
      .replace(/`([^`]+)`/g, '$1'),
  );
}

const splitRow = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => inlineText(c.trim()));

/**
 * Markdown as paragraphs under their headings (ATX "#" and setext underlines), front matter
 * skipped, links/emphasis/HTML tags reduced to their text, fenced code kept as it is, pipe
 * tables read as rows with "header: value".
 */
export function markdownItems(source: string): TextItem[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const items: TextItem[] = [];
  const headings: Array<{ level: number; text: string }> = [];
  let buffer: string[] = [];
  const path = () => headings.map((h) => h.text);
  const flush = () => {
    const text = buffer.join('\n');
    buffer = [];
    for (const p of paragraphs(text)) items.push({ text: p, headingPath: path() });
  };
  const heading = (level: number, raw: string) => {
    flush();
    const text = inlineText(raw).trim();
    if (!text) return;
    while (headings.length && headings[headings.length - 1]!.level >= level) headings.pop();
    headings.push({ level, text });
    items.push({ text, headingPath: path() });
  };

  let i = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((l, n) => n > 0 && (l.trim() === '---' || l.trim() === '...'));
    if (end > 0) i = end + 1;
  }
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trim().startsWith(fence[1]!); i++)
        code.push(lines[i]!);
      if (code.join('').trim()) items.push({ text: code.join('\n').trim(), headingPath: path() });
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      heading(atx[1]!.length, atx[2]!);
      continue;
    }
    const next = lines[i + 1];
    if (
      line.trim() &&
      buffer.length === 0 &&
      next !== undefined &&
      /^ {0,3}(=+|-+)\s*$/.test(next)
    ) {
      heading(next.trim().startsWith('=') ? 1 : 2, line.trim());
      i++;
      continue;
    }
    if (line.includes('|') && next !== undefined && TABLE_SEPARATOR.test(next)) {
      flush();
      const rows = [splitRow(line)];
      for (i += 2; i < lines.length && lines[i]!.includes('|') && lines[i]!.trim(); i++)
        rows.push(splitRow(lines[i]!));
      i--;
      for (const text of tableRowTexts(rows, true)) items.push({ text, headingPath: path() });
      continue;
    }
    if (/^ {0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      continue;
    }
    buffer.push(inlineText(line.replace(/^ {0,3}(>\s?)+/, '')));
  }
  flush();
  return items;
}
