import { collapseWhitespace, joinInline, joinLine, Vocabulary } from './join-text.js';
import type { PageText } from './page-text.js';
import { markOptions, startsWithMark } from './option-marks.js';
import { paragraphs } from './paragraphs.js';
import { readingOrder } from './reading-order.js';
import { runningFragments } from './running-headers.js';

export interface PageParagraphs {
  page: number;
  paragraphs: string[];
}

/**
 * Paragraph texts of each page in reading order, with running headers and footers dropped
 * and hyphenated line ends repaired against the whole document's vocabulary.
 */
export function layoutPages(pages: PageText[]): PageParagraphs[] {
  const running = runningFragments(pages);
  const vocabulary = new Vocabulary();
  const laidOut = pages.map((page) => {
    const body = page.fragments.filter((f) => !running.has(f));
    const paras = readingOrder(body).flatMap(paragraphs);
    for (const para of paras) for (const line of para.lines) vocabulary.addLine(line.text);
    return { page: page.page, paras, other: page.other };
  });
  const raw = laidOut.map(({ page, paras, other }) => ({
    page,
    texts: paras.map(({ lines, spaced }) =>
      collapseWhitespace(
        lines.reduce(
          (acc, line, i) =>
            spaced[i] ? `${acc} ${line.text}` : joinLine(acc, line.text, vocabulary),
          '',
        ),
      ),
    ),
    other,
  }));
  joinOptionsAcrossPages(raw.map((p) => p.texts));
  return raw.map(({ page, texts, other }) => {
    // Rotated and vertical text (margin notes, axis labels) closes the page.
    const rotated = collapseWhitespace(other.reduce((acc, t) => joinInline(acc, t), ''));
    return {
      page,
      paragraphs: [...texts.map(markOptions), rotated].filter((t) => t.length > 0),
    };
  });
}

/**
 * An exam question whose options begin on the next page (its stem closes one page, its
 * glyph-lettered options open the next), or whose option list is split by the page break:
 * the next page's first paragraph, when it starts with an option mark that continues the
 * question (the first letter after a paragraph without marks, the next letter after one that
 * ends with marks), is moved to the end of the question's paragraph, so the item is read
 * whole and cited on its stem's page. Running headers and footers (代號, 頁次) are already
 * gone; works on the texts before markOptions, in place.
 */
function joinOptionsAcrossPages(pages: string[][]): void {
  const codes = (text: string) => [...text.matchAll(MARKS)].map((m) => m[0].charCodeAt(0));
  const all = pages.flatMap((texts) => texts.flatMap(codes));
  if (all.length === 0) return;
  const first = Math.min(...all);
  for (let i = 1; i < pages.length; i++) {
    const prev = pages[i - 1]!;
    const next = pages[i]!;
    const head = next[0];
    if (prev.length === 0 || head === undefined || !startsWithMark(head)) continue;
    const last = prev[prev.length - 1]!;
    const before = codes(last);
    const after = codes(head);
    const continues =
      before.length === 0
        ? after[0] === first
        : after[0] === before[before.length - 1]! + 1 && before[0] === first;
    if (!continues) continue;
    prev[prev.length - 1] = `${last} ${head}`;
    next.shift();
  }
}

const MARKS = /[\ue000-\uf8ff]/gu;

/** Letters and digits on a page: below a handful, the page is a scan or a picture. */
export function countLetters(page: PageText): number {
  let n = 0;
  for (const f of page.fragments) n += f.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  for (const t of page.other) n += t.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return n;
}
