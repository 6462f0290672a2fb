import { collapseWhitespace, joinInline, joinLine, Vocabulary } from './join-text.js';
import type { PageText } from './page-text.js';
import { markOptions } from './option-marks.js';
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
  return laidOut.map(({ page, paras, other }) => {
    const texts = paras.map(({ lines, spaced }) =>
      markOptions(
        collapseWhitespace(
          lines.reduce(
            (acc, line, i) =>
              spaced[i] ? `${acc} ${line.text}` : joinLine(acc, line.text, vocabulary),
            '',
          ),
        ),
      ),
    );
    // Rotated and vertical text (margin notes, axis labels) closes the page.
    const rotated = collapseWhitespace(other.reduce((acc, t) => joinInline(acc, t), ''));
    return { page, paragraphs: [...texts, rotated].filter((t) => t.length > 0) };
  });
}

/** Letters and digits on a page: below a handful, the page is a scan or a picture. */
export function countLetters(page: PageText): number {
  let n = 0;
  for (const f of page.fragments) n += f.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  for (const t of page.other) n += t.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return n;
}
