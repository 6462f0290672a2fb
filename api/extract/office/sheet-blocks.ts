import type { FileExtraction } from '../types.js';
import { isHeaderRow, rowText } from './table-text.js';

type OutBlock = FileExtraction['blocks'][number];

/** One non-empty spreadsheet row: its 1-based row number and its cells by column. */
export interface SheetRow {
  row: number;
  cells: string[];
}

/** Rows per block: small enough to cite, big enough to give a question some context. */
export const ROWS_PER_BLOCK = 20;
/** Rows read per file before the rest is dropped with a TRUNCATED warning. */
export const MAX_ROWS = 20_000;

const distinctValues = (cells: string[]) =>
  new Set(cells.map((c) => c.replace(/\s+/g, ' ').trim()).filter(Boolean)).size;

/**
 * A sheet as blocks of up to ROWS_PER_BLOCK rows. Title lines above the table (rows with one
 * value, like a merged "Stanley Cups" banner) read as they are; when the first row of the table
 * is a header, every row after it reads "column: value; column: value".
 */
export function sheetBlocks(sheet: string, rows: SheetRow[]): OutBlock[] {
  const lines: Array<{ row: number; text: string }> = [];
  let i = 0;
  while (i < rows.length && distinctValues(rows[i]!.cells) <= 1) {
    lines.push({ row: rows[i]!.row, text: rowText(rows[i]!.cells, null) });
    i++;
  }
  let header: string[] | null = null;
  const candidate = rows[i];
  if (candidate) {
    const below = rows.slice(i + 1, i + 51).map((r) => r.cells);
    if (isHeaderRow(candidate.cells, below)) {
      header = candidate.cells;
      i++;
    }
  }
  for (; i < rows.length; i++)
    lines.push({ row: rows[i]!.row, text: rowText(rows[i]!.cells, header) });

  const blocks: OutBlock[] = [];
  const kept = lines.filter((l) => l.text);
  for (let start = 0; start < kept.length; start += ROWS_PER_BLOCK) {
    const chunk = kept.slice(start, start + ROWS_PER_BLOCK);
    blocks.push({
      text: chunk.map((l) => l.text).join('\n'),
      location: {
        kind: 'sheet',
        sheet,
        rowStart: chunk[0]!.row,
        rowEnd: chunk[chunk.length - 1]!.row,
      },
    });
  }
  // A header with nothing under it is still the sheet's only text.
  if (blocks.length === 0 && header)
    blocks.push({
      text: rowText(header, null),
      location: { kind: 'sheet', sheet, rowStart: candidate!.row, rowEnd: candidate!.row },
    });
  return blocks;
}
