import type { FileExtraction } from '../types.js';
import type { DocItem } from './html-items.js';
import { isHeaderRow, rowText } from './table-text.js';

type OutBlock = FileExtraction['blocks'][number];

/** The rows of a table as texts, header names repeated in every row when there is a header. */
export function tableRowTexts(rows: string[][], headerMarked = false): string[] {
  const [first, ...rest] = rows;
  if (!first) return [];
  const header = isHeaderRow(first, rest, headerMarked) ? first : null;
  return (header ? rest : rows).map((row) => rowText(row, header)).filter(Boolean);
}

/**
 * Paragraph blocks in reading order: one per paragraph, heading or list item, and one per table
 * row. `index` counts blocks from 1; headingPath lists the headings above (and including) it.
 */
export function itemsToBlocks(items: DocItem[]): OutBlock[] {
  const blocks: OutBlock[] = [];
  const push = (text: string, headingPath: string[]) => {
    const index = blocks.length + 1;
    blocks.push({
      text,
      location: headingPath.length
        ? { kind: 'paragraph', index, headingPath }
        : { kind: 'paragraph', index },
    });
  };
  for (const item of items) {
    if (item.type === 'paragraph') push(item.text, item.headingPath);
    else
      for (const text of tableRowTexts(item.rows, item.headerMarked)) push(text, item.headingPath);
  }
  return blocks;
}
