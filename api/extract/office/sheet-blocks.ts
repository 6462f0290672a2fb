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

/** Rows below a header candidate that decide whether it is one (see isHeaderRow). */
const HEADER_EVIDENCE_ROWS = 50;

/**
 * A sheet as blocks of up to ROWS_PER_BLOCK rows, built as its rows arrive. Title lines above
 * the table (rows with one value, like a merged "Stanley Cups" banner) read as they are; when
 * the first row of the table is a header, every row after it reads "column: value; column:
 * value". It holds only the rows it needs to decide on the header (the first table row and the
 * HEADER_EVIDENCE_ROWS below it) and one block's rows; each block is given out when it is full.
 */
export class SheetBlockBuilder {
  /** Rows waiting for the header decision: title rows, the candidate, rows below it. */
  private pending: SheetRow[] | null = [];
  /** Index in `pending` of the first row with two or more values (the header candidate). */
  private candidateAt = -1;
  private header: string[] | null = null;
  private headerRow = 0;
  private chunk: Array<{ row: number; text: string }> = [];
  private given = 0;

  constructor(
    private readonly sheet: string,
    private readonly out: (block: OutBlock) => void,
  ) {}

  push(row: SheetRow): void {
    if (!this.pending) {
      this.line(row.row, rowText(row.cells, this.header));
      return;
    }
    this.pending.push(row);
    if (this.candidateAt < 0) {
      if (distinctValues(row.cells) > 1) this.candidateAt = this.pending.length - 1;
    } else if (this.pending.length - 1 - this.candidateAt >= HEADER_EVIDENCE_ROWS) this.decide();
  }

  end(): void {
    if (this.pending) this.decide();
    this.flush();
    // A header with nothing under it is still the sheet's only text.
    if (this.given === 0 && this.header)
      this.put({
        text: rowText(this.header, null),
        location: {
          kind: 'sheet',
          sheet: this.sheet,
          rowStart: this.headerRow,
          rowEnd: this.headerRow,
        },
      });
  }

  private decide(): void {
    const rows = this.pending!;
    this.pending = null;
    const at = this.candidateAt < 0 ? rows.length : this.candidateAt;
    for (let i = 0; i < at; i++) this.line(rows[i]!.row, rowText(rows[i]!.cells, null));
    let i = at;
    const candidate = rows[at];
    if (candidate) {
      const below = rows.slice(at + 1, at + 1 + HEADER_EVIDENCE_ROWS).map((r) => r.cells);
      if (isHeaderRow(candidate.cells, below)) {
        this.header = candidate.cells;
        this.headerRow = candidate.row;
        i++;
      }
    }
    for (; i < rows.length; i++) this.line(rows[i]!.row, rowText(rows[i]!.cells, this.header));
  }

  private line(row: number, text: string): void {
    if (!text) return;
    this.chunk.push({ row, text });
    if (this.chunk.length === ROWS_PER_BLOCK) this.flush();
  }

  private flush(): void {
    const chunk = this.chunk;
    if (chunk.length === 0) return;
    this.chunk = [];
    this.put({
      text: chunk.map((l) => l.text).join('\n'),
      location: {
        kind: 'sheet',
        sheet: this.sheet,
        rowStart: chunk[0]!.row,
        rowEnd: chunk[chunk.length - 1]!.row,
      },
    });
  }

  private put(block: OutBlock): void {
    this.given++;
    this.out(block);
  }
}

/** A sheet's rows as blocks (see SheetBlockBuilder). */
export function sheetBlocks(sheet: string, rows: SheetRow[]): OutBlock[] {
  const blocks: OutBlock[] = [];
  const builder = new SheetBlockBuilder(sheet, (block) => blocks.push(block));
  for (const row of rows) builder.push(row);
  builder.end();
  return blocks;
}
