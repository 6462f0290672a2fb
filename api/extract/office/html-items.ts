import { textOf, type HtmlElement, type HtmlNode } from './html-dom.js';

/** A paragraph (or heading) or a table, in reading order, with the headings above it. */
export type DocItem =
  | { type: 'paragraph'; text: string; headingPath: string[]; heading?: 'real' | 'pseudo' }
  | { type: 'table'; rows: string[][]; headerMarked: boolean; headingPath: string[] };

export interface WalkOptions {
  /**
   * Treat short all-bold or ALL-CAPS paragraphs as headings. For Word files that set headings by
   * direct formatting instead of Heading styles; used only when the file has no real heading.
   */
  pseudoHeadings?: boolean;
  /** Drop mammoth's footnote/endnote reference markers and back-links. */
  dropNoteLinks?: boolean;
}

const SKIP = new Set(
  'head script style noscript template title svg math iframe object embed select button input img audio video canvas map'.split(
    ' ',
  ),
);
const BLOCK = new Set(
  'address article aside blockquote dd details div dl dt fieldset figcaption figure footer form header hr li main nav ol p pre section summary ul caption center'.split(
    ' ',
  ),
);
const MAX_SPAN = 200;

function isHidden(el: HtmlElement): boolean {
  return 'hidden' in el.attrs || /display\s*:\s*none/i.test(el.attrs.style ?? '');
}

function cleanText(raw: string): string {
  return raw
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

function rowsOf(table: HtmlElement): HtmlElement[] {
  const rows: HtmlElement[] = [];
  for (const child of table.children) {
    if (typeof child === 'string') continue;
    if (child.tag === 'tr') rows.push(child);
    else if (child.tag === 'thead' || child.tag === 'tbody' || child.tag === 'tfoot')
      rows.push(
        ...child.children.filter((c): c is HtmlElement => typeof c !== 'string' && c.tag === 'tr'),
      );
  }
  return rows;
}

/** A table as a grid of cell texts: colspan/rowspan keep later cells under their columns. */
export function tableGrid(table: HtmlElement): { rows: string[][]; headerMarked: boolean } {
  const grid: string[][] = [];
  const trs = rowsOf(table);
  trs.forEach((tr, r) => {
    const row = (grid[r] ??= []);
    let col = 0;
    for (const cell of tr.children) {
      if (typeof cell === 'string' || (cell.tag !== 'td' && cell.tag !== 'th')) continue;
      while (row[col] !== undefined) col++;
      const colspan = Math.min(Math.max(parseInt(cell.attrs.colspan ?? '1', 10) || 1, 1), MAX_SPAN);
      const rowspan = Math.min(Math.max(parseInt(cell.attrs.rowspan ?? '1', 10) || 1, 1), MAX_SPAN);
      const text = isHidden(cell) ? '' : textOf(cell);
      for (let dr = 0; dr < rowspan && r + dr < trs.length; dr++) {
        const target = (grid[r + dr] ??= []);
        for (let dc = 0; dc < colspan; dc++) target[col + dc] = dr === 0 && dc === 0 ? text : '';
      }
      col += colspan;
    }
  });
  const width = Math.max(0, ...grid.map((r) => r.length));
  const rows = grid.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
  const first = trs[0];
  const firstCells = first?.children.filter(
    (c): c is HtmlElement => typeof c !== 'string' && (c.tag === 'td' || c.tag === 'th'),
  );
  const headerMarked = !!firstCells?.length && firstCells.every((c) => c.tag === 'th');
  return { rows, headerMarked };
}

function boldText(el: HtmlElement): string {
  let out = '';
  const walk = (n: HtmlNode, bold: boolean) => {
    if (typeof n === 'string') {
      if (bold) out += n;
      return;
    }
    const b = bold || n.tag === 'strong' || n.tag === 'b';
    for (const c of n.children) walk(c, b);
  };
  walk(el, false);
  return out.replace(/\s+/g, ' ').trim();
}

function pseudoHeadingLevel(p: HtmlElement, text: string): number | null {
  if (text.length > 100 || text.includes('\n') || !/\p{L}/u.test(text) || /[.。]$/.test(text))
    return null;
  if (boldText(p) === text) return 1;
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length >= 3 && !/\p{Ll}/u.test(text) && /\p{Lu}/u.test(text)) return 2;
  return null;
}

/** Reads an HTML tree (mammoth's output or a web page) into paragraphs and tables. */
export function htmlToItems(root: HtmlElement, options: WalkOptions = {}): DocItem[] {
  const items: DocItem[] = [];
  const headings: Array<{ level: number; text: string }> = [];
  let buffer: string[] = [];
  let lastHeading: { level: number; item: DocItem & { type: 'paragraph' } } | null = null;
  const path = () => headings.map((h) => h.text);

  const flush = () => {
    const text = cleanText(buffer.join(''));
    buffer = [];
    if (!text) return;
    items.push({ type: 'paragraph', text, headingPath: path() });
    lastHeading = null;
  };

  const heading = (level: number, text: string, kind: 'real' | 'pseudo') => {
    // A short label line then a title ("CHAPTER 1", "INTRODUCTION"; "第一章", "總則") with
    // nothing between: one heading, as a reader sees it.
    if (
      kind === 'pseudo' &&
      lastHeading?.level === level &&
      lastHeading.item.heading === 'pseudo' &&
      lastHeading.item.text.length <= 12
    ) {
      const merged = `${lastHeading.item.text} ${text}`;
      headings[headings.length - 1]!.text = merged;
      lastHeading.item.text = merged;
      lastHeading.item.headingPath = path();
      return;
    }
    while (headings.length && headings[headings.length - 1]!.level >= level) headings.pop();
    headings.push({ level, text });
    const item = { type: 'paragraph' as const, text, headingPath: path(), heading: kind };
    items.push(item);
    lastHeading = { level, item };
  };

  const walk = (node: HtmlNode, notes: boolean) => {
    if (typeof node === 'string') {
      buffer.push(node.replace(/\n/g, ' '));
      return;
    }
    const { tag } = node;
    if (SKIP.has(tag) || isHidden(node)) return;
    if (tag === 'br') {
      buffer.push('\n');
      return;
    }
    if (options.dropNoteLinks && tag === 'a' && /^#(foot|end)note-/.test(node.attrs.href ?? ''))
      return;
    const h = /^h([1-6])$/.exec(tag);
    if (h) {
      flush();
      const text = textOf(node);
      if (text) heading(Number(h[1]), text, 'real');
      return;
    }
    if (tag === 'table') {
      flush();
      const { rows, headerMarked } = tableGrid(node);
      if (rows.some((r) => r.some(Boolean)))
        items.push({ type: 'table', rows, headerMarked, headingPath: notes ? [] : path() });
      lastHeading = null;
      return;
    }
    if (tag === 'p' && options.pseudoHeadings && !notes) {
      flush();
      const text = cleanText(textOf(node));
      const level = text ? pseudoHeadingLevel(node, text) : null;
      if (level !== null) {
        heading(level, text, 'pseudo');
        return;
      }
    }
    const isNote =
      !!options.dropNoteLinks && tag === 'li' && /^(foot|end)note-/.test(node.attrs.id ?? '');
    if (isNote) headings.length = 0;
    const block = BLOCK.has(tag);
    if (block) flush();
    for (const child of node.children) walk(child, notes || isNote);
    if (block) flush();
  };

  walk(root, false);
  flush();
  return mergeDropCaps(items);
}

/** Word drop caps arrive as a one-letter paragraph before the rest of the word: rejoin them. */
function mergeDropCaps(items: DocItem[]): DocItem[] {
  const out: DocItem[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const next = items[i + 1];
    if (
      item.type === 'paragraph' &&
      !item.heading &&
      /^\p{Lu}$/u.test(item.text) &&
      next?.type === 'paragraph' &&
      !next.heading &&
      /^\p{Ll}/u.test(next.text)
    ) {
      out.push({ ...next, text: item.text + next.text });
      i++;
    } else out.push(item);
  }
  return out;
}
