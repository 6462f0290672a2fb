import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { decodeText } from '../decode.js';
import { MAX_ROWS, sheetBlocks, type SheetRow } from '../office/sheet-blocks.js';
import { extensionOf } from '../sniff.js';
import type { ExtractJob, FileExtraction } from '../types.js';

const DELIMITERS = [',', ';', '\t', '|'] as const;
const SAMPLE_ROWS = 100;

/** How consistently a delimiter splits the sample: share of rows with the usual field count. */
function consistency(sample: string, delimiter: string): { share: number; fields: number } {
  const { data } = Papa.parse<string[]>(sample, { delimiter, preview: SAMPLE_ROWS });
  const counts = data.filter((r) => r.some((c) => c.trim())).map((r) => r.length);
  if (counts.length === 0) return { share: 0, fields: 0 };
  const tally = new Map<number, number>();
  for (const c of counts) tally.set(c, (tally.get(c) ?? 0) + 1);
  const [fields, hits] = [...tally].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]!;
  return { share: fields > 1 ? hits / counts.length : 0, fields };
}

/**
 * The delimiter of a CSV: papaparse's guess, checked against how consistently each of comma,
 * semicolon, tab and pipe splits the first rows (papaparse alone can take a comma inside
 * "Lorem, ipsum; dolor" for the delimiter). Tab wins ties in a .tsv.
 */
export function sniffDelimiter(text: string, ext = 'csv'): string {
  const sample = text.split('\n', SAMPLE_ROWS).join('\n');
  const guess = Papa.parse<string[]>(sample, { preview: SAMPLE_ROWS }).meta.delimiter;
  const preferred = ext === 'tsv' ? '\t' : guess;
  let best: { delimiter: string; share: number; fields: number } = {
    delimiter: preferred || ',',
    ...consistency(sample, preferred || ','),
  };
  for (const delimiter of DELIMITERS) {
    const score = consistency(sample, delimiter);
    if (
      score.share > best.share ||
      (score.share === best.share && score.fields > best.fields && best.share < 1)
    )
      best = { delimiter, ...score };
  }
  return best.delimiter;
}

/**
 * CSV/TSV: encoding detected (UTF-8 with or without BOM, UTF-16, Big5, Shift-JIS...), delimiter
 * sniffed, rows read like a spreadsheet sheet named after the file: "header: value" blocks of up
 * to 20 rows, row numbers counted as a spreadsheet would show them.
 */
export async function extractCsv(job: ExtractJob): Promise<FileExtraction> {
  const { text } = decodeText(await readFile(job.path));
  const delimiter = sniffDelimiter(text, extensionOf(job.fileName));
  const { data } = Papa.parse<string[]>(text, { delimiter, preview: MAX_ROWS + 1 });
  const rows: SheetRow[] = [];
  data.forEach((cells, i) => {
    if (i < MAX_ROWS && cells.some((c) => c.trim())) rows.push({ row: i + 1, cells });
  });
  const warnings: FileExtraction['warnings'] =
    data.length > MAX_ROWS ? [{ code: 'TRUNCATED', params: { rows: MAX_ROWS } }] : [];
  return { blocks: sheetBlocks(job.fileName, rows), warnings };
}
