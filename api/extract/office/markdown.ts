import { decodeEntities } from './html-dom.js';
import { tableRowTexts } from './item-blocks.js';
import {
  chunkInfo,
  chunkText,
  decodeEscapes,
  outsideMath,
  isDivFence,
  isLatexOnlyLine,
  openComment,
  stripComments,
  stripSourceSyntax,
} from './markdown-clean.js';
import { LineSplitter, ParagraphSplitter } from './plain-text.js';

export interface TextItem {
  text: string;
  headingPath?: string[];
}

const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** "[^note-1]: " opening a footnote's text: the text reads, the marker does not. */
const FOOTNOTE_DEFINITION = /^ {0,3}\[\^[^\]]+\]:\s*/;
/** Lines read ahead for the end of an HTML comment before it is taken for plain text. */
const MAX_COMMENT_LINES = 2000;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

/** Markdown inline syntax removed: what a reader sees of a line. */
export function inlineText(line: string): string {
  return decodeEntities(
    outsideMath(stripSourceSyntax(line), (part) =>
      decodeEscapes(
        part
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
      ),
    ),
  );
}

const splitRow = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => inlineText(c.trim()));

/** Lines read one at a time, with a look at the next one and lines put back to read again. */
class LineReader {
  /** Lines put back, the next one last. */
  private readonly back: string[] = [];

  constructor(private readonly source: AsyncIterator<string>) {}

  async next(): Promise<string | undefined> {
    if (this.back.length > 0) return this.back.pop();
    const step = await this.source.next();
    return step.done ? undefined : step.value;
  }

  async peek(): Promise<string | undefined> {
    const line = await this.next();
    if (line !== undefined) this.back.push(line);
    return line;
  }

  unread(lines: string[]): void {
    for (let i = lines.length - 1; i >= 0; i--) this.back.push(lines[i]!);
  }
}

const isFrontMatterEnd = (line: string) => line.trim() === '---' || line.trim() === '...';

/**
 * Markdown as paragraphs under their headings (ATX "#" and setext underlines), front matter
 * skipped, links/emphasis/HTML tags reduced to their text, fenced code kept as it is, pipe
 * tables read as rows with "header: value". Reads the lines as they come (split at \n, \r\n
 * or \r) and gives each item out as soon as it is complete; what it holds is one paragraph,
 * table or code block (and, for a file that opens with "---", lines until the front matter
 * closes — the whole file when it never does).
 */
export async function* markdownItems(source: AsyncIterable<string>): AsyncGenerator<TextItem> {
  const reader = new LineReader(source[Symbol.asyncIterator]());
  const headings: Array<{ level: number; text: string }> = [];
  let ready: TextItem[] = [];
  const path = () => headings.map((h) => h.text);
  const take = () => {
    const out = ready;
    ready = [];
    return out;
  };

  // Paragraph lines between structure lines, cut into paragraphs as they arrive: the same
  // paragraphs as paragraphs(lines.join('\n')).
  let buffered = 0;
  let splitter = new ParagraphSplitter(() => {});
  let lines = new LineSplitter(() => {});
  const buffer = (line: string) => {
    if (buffered === 0) {
      splitter = new ParagraphSplitter((text) => ready.push({ text, headingPath: path() }));
      lines = new LineSplitter((l, terminated) => splitter.line(l, terminated));
    } else lines.push('\n');
    lines.push(line);
    buffered++;
  };
  const flush = () => {
    if (buffered === 0) return;
    lines.end();
    splitter.end();
    buffered = 0;
  };
  const heading = (level: number, raw: string) => {
    flush();
    const text = inlineText(raw).trim();
    if (!text) return;
    while (headings.length && headings[headings.length - 1]!.level >= level) headings.pop();
    headings.push({ level, text });
    ready.push({ text, headingPath: path() });
  };

  const first = await reader.next();
  if (first !== undefined && first.trim() === '---') {
    const held: string[] = [];
    let closed = false;
    for (let line = await reader.next(); line !== undefined; line = await reader.next()) {
      held.push(line);
      if (isFrontMatterEnd(line)) {
        closed = true;
        break;
      }
    }
    if (!closed) reader.unread([first, ...held]);
  } else if (first !== undefined) reader.unread([first]);

  for (let line = await reader.next(); line !== undefined; line = await reader.next()) {
    yield* take();
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      let l = await reader.next();
      for (; l !== undefined && !l.trim().startsWith(fence[1]!); l = await reader.next())
        code.push(l);
      const info = line.trim().slice(fence[1]!.length);
      const chunk = chunkInfo(info);
      if (chunk) {
        // Quarto / R Markdown: the chunk's captions, and its code only when it is shown.
        if (chunk === 'raw') continue;
        const shown = chunkText(info, code);
        if (shown.code) ready.push({ text: shown.code, headingPath: path() });
        for (const caption of shown.captions)
          ready.push({ text: inlineText(caption), headingPath: path() });
        continue;
      }
      if (code.join('').trim()) ready.push({ text: code.join('\n').trim(), headingPath: path() });
      continue;
    }
    if (line.includes('<!--')) {
      // An HTML comment (a licence or editor's note) is not shown: read on to its end.
      const held = [line];
      while (openComment(held.join('\n')) && held.length < MAX_COMMENT_LINES) {
        const more = await reader.next();
        if (more === undefined) break;
        held.push(more);
      }
      if (openComment(held.join('\n')) && held.length >= MAX_COMMENT_LINES) {
        // Never closed: not a comment after all.
        reader.unread(held.slice(1));
      } else {
        const rest = stripComments(held.join('\n'));
        if (rest.trim()) reader.unread(rest.split('\n'));
        continue;
      }
    }
    if (isDivFence(line) || isLatexOnlyLine(line)) {
      // ::: {.callout-note} and \clearpage shape the page; the text inside still reads.
      flush();
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      heading(atx[1]!.length, atx[2]!);
      continue;
    }
    const next = await reader.peek();
    if (line.trim() && buffered === 0 && next !== undefined && /^ {0,3}(=+|-+)\s*$/.test(next)) {
      heading(next.trim().startsWith('=') ? 1 : 2, line.trim());
      await reader.next();
      continue;
    }
    if (line.includes('|') && next !== undefined && TABLE_SEPARATOR.test(next)) {
      flush();
      await reader.next();
      const rows = [splitRow(line)];
      for (
        let row = await reader.peek();
        row?.includes('|') && row.trim();
        row = await reader.peek()
      ) {
        rows.push(splitRow(row));
        await reader.next();
      }
      for (const text of tableRowTexts(rows, true)) ready.push({ text, headingPath: path() });
      continue;
    }
    if (/^ {0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      continue;
    }
    buffer(inlineText(line.replace(/^ {0,3}(>\s?)+/, '').replace(FOOTNOTE_DEFINITION, '')));
  }
  flush();
  yield* take();
}
