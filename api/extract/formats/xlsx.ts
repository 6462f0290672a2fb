import ExcelJS from 'exceljs';
import { AppError } from '../../lib/errors.js';
import { MAX_ROWS, sheetBlocks, type SheetRow } from '../office/sheet-blocks.js';
import type { ExtractJob, FileExtraction } from '../types.js';
import { guardZip } from '../zip-guard.js';

const MAX_COLUMNS = 1000;
const DATE_FORMAT = /(^|[^\\"a-z])(y{2,4}|d{1,2}|m{1,4}.*[dy]|[dy].*m{1,4})/i;

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD, with HH:MM when the cell holds a time of day too (exceljs dates are UTC). */
export function formatDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const h = date.getUTCHours();
  const m = date.getUTCMinutes();
  return h || m ? `${day} ${pad(h)}:${pad(m)}` : day;
}

function serialToDate(serial: number, date1904: boolean): Date {
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return new Date(epoch + Math.round(serial * 86_400_000));
}

/** Numbers without float noise: 0.1 + 0.2 shows as 0.3, as in Excel. */
const formatNumber = (n: number) => String(Number(n.toPrecision(15)));

function valueText(
  value: ExcelJS.CellValue,
  numFmt: string | undefined,
  date1904: boolean,
): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDate(value);
  if (typeof value === 'number') {
    return numFmt && DATE_FORMAT.test(numFmt) && value > 0 && value < 2_958_466
      ? formatDate(serialToDate(value, date1904))
      : formatNumber(value);
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) return valueText(value.text as ExcelJS.CellValue, undefined, date1904);
  if ('formula' in value || 'sharedFormula' in value)
    return valueText((value.result ?? null) as ExcelJS.CellValue, numFmt, date1904);
  return ''; // #N/A, #REF! and other error values carry nothing to learn
}

function rowCells(row: ExcelJS.Row, date1904: boolean): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, col) => {
    if (col > MAX_COLUMNS) return;
    // A merged range shows its value once, in its first cell.
    if (cell.isMerged && cell.master.address !== cell.address) return;
    cells[col - 1] = valueText(cell.value, cell.numFmt, date1904).trim();
  });
  return Array.from(cells, (c) => c ?? '');
}

/**
 * Excel (XLSX) through exceljs: every sheet, rows as "column: value" under their header, in blocks
 * of up to 20 rows with 1-based row numbers; formulas give their cached results, dates read
 * YYYY-MM-DD. More than 20,000 rows per file are cut with a TRUNCATED warning.
 */
export async function extractXlsx(job: ExtractJob): Promise<FileExtraction> {
  await guardZip(job.path, job.limits);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(job.path);
  } catch (err) {
    throw new AppError('FILE_DAMAGED', { cause: err });
  }
  const date1904 = !!workbook.properties?.date1904;
  const blocks: FileExtraction['blocks'] = [];
  const warnings: FileExtraction['warnings'] = [];
  let budget = MAX_ROWS;
  for (const sheet of workbook.worksheets) {
    const rows: SheetRow[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      if (budget <= 0) return;
      const cells = rowCells(row, date1904);
      if (!cells.some(Boolean)) return;
      rows.push({ row: rowNumber, cells });
      budget--;
    });
    blocks.push(...sheetBlocks(sheet.name, rows));
    if (budget <= 0) {
      warnings.push({ code: 'TRUNCATED', params: { rows: MAX_ROWS } });
      break;
    }
  }
  return { blocks, warnings };
}
