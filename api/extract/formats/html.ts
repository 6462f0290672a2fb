import { readFile } from 'node:fs/promises';
import { decodeText } from '../decode.js';
import { parseHtml } from '../office/html-dom.js';
import { htmlToItems, type DocItem } from '../office/html-items.js';
import { itemsToBlocks } from '../office/item-blocks.js';
import { sheetBlocks, type SheetRow } from '../office/sheet-blocks.js';
import { extensionOf } from '../sniff.js';
import type { ExtractJob, FileExtraction } from '../types.js';

/** The charset a page declares in <meta>, if any (the byte-order mark still wins). */
function declaredCharset(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, 4096).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
}

/**
 * Tables read as a spreadsheet would show them (the Legislative Yuan's ".xls" bill lists are
 * HTML): row numbers count every table row and loose paragraph from the top, one sheet named
 * after the file.
 */
function asSheet(items: DocItem[], sheet: string): FileExtraction['blocks'] {
  const blocks: FileExtraction['blocks'] = [];
  let row = 0;
  let loose: SheetRow[] = [];
  const flushLoose = () => {
    blocks.push(...sheetBlocks(sheet, loose));
    loose = [];
  };
  for (const item of items) {
    if (item.type === 'paragraph') {
      loose.push({ row: ++row, cells: [item.text] });
      continue;
    }
    flushLoose();
    const rows = item.rows.map((cells) => ({ row: ++row, cells }));
    blocks.push(
      ...sheetBlocks(
        sheet,
        rows.filter((r) => r.cells.some(Boolean)),
      ),
    );
  }
  flushLoose();
  return blocks;
}

/**
 * HTML: visible text only (script, style, head and hidden elements dropped), headings as
 * headingPath, tables as "header: value" rows. HTML saved as .xls/.xlsx reads as a sheet.
 */
export async function extractHtml(job: ExtractJob): Promise<FileExtraction> {
  const bytes = await readFile(job.path);
  const { text } = decodeText(bytes, declaredCharset(bytes));
  const items = htmlToItems(parseHtml(text));
  const ext = extensionOf(job.fileName);
  const blocks =
    ext === 'xls' || ext === 'xlsx' ? asSheet(items, job.fileName) : itemsToBlocks(items);
  return { blocks, warnings: [] };
}
