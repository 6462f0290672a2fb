import Papa from 'papaparse';
import { readTextChunks } from '../decode.js';
import { MAX_ROWS, SheetBlockBuilder } from '../office/sheet-blocks.js';
import { extensionOf } from '../sniff.js';
import {
  collectExtraction,
  type ExtractJob,
  type FileExtraction,
  type StreamedExtraction,
} from '../types.js';

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

/** Decoded text gathered before the first parse: papaparse guesses line endings from 1 MiB. */
const HEAD_CHARS = 1024 * 1024;

/**
 * papaparse's ParserHandle, which its own streamers use for input that comes in pieces: one per
 * file, it guesses the line endings on the first piece and keeps them, and with ignoreLastRow it
 * leaves the last, maybe incomplete, row for the next piece (meta.cursor says where it starts).
 * Exported as Papa.ParserHandle but missing from @types/papaparse.
 */
interface ParserHandle {
  parse(input: string, baseIndex: number, ignoreLastRow: boolean): Papa.ParseResult<string[]>;
}
const { ParserHandle } = Papa as unknown as {
  ParserHandle: new (config: Papa.ParseConfig) => ParserHandle;
};

/**
 * The rows of a CSV that arrives in chunks, as Papa.parse(wholeText) would give them: the first
 * parse gets at least HEAD_CHARS characters (or everything), so papaparse guesses the same line
 * endings from it, and each parse hands the incomplete last row on to the next one.
 */
async function* csvRows(
  chunks: AsyncIterator<string>,
  head: string,
  delimiter: string,
): AsyncGenerator<string[][]> {
  const parser = new ParserHandle({ delimiter });
  let text = head;
  for (;;) {
    const step = await chunks.next();
    const last = step.done === true;
    if (!last) text += step.value;
    if (!last && text.length < HEAD_CHARS) continue;
    const { data, meta } = parser.parse(text, 0, !last);
    yield data;
    if (last) return;
    text = text.slice(meta.cursor);
  }
}

/**
 * CSV/TSV: encoding detected (UTF-8 with or without BOM, UTF-16, Big5, Shift-JIS...), delimiter
 * sniffed, rows read like a spreadsheet sheet named after the file: "header: value" blocks of up
 * to 20 rows, row numbers counted as a spreadsheet would show them. The file is read as a
 * stream and only until its MAX_ROWS-th row; more rows with text in them end in a TRUNCATED
 * warning.
 */
export function streamCsv(job: ExtractJob): StreamedExtraction {
  const warnings: FileExtraction['warnings'] = [];
  return { blocks: csvBlocks(job, warnings), warnings };
}

async function* csvBlocks(
  job: ExtractJob,
  warnings: FileExtraction['warnings'],
): AsyncGenerator<FileExtraction['blocks'][number]> {
  const chunks = readTextChunks(job.path);
  try {
    // The delimiter is sniffed from the first SAMPLE_ROWS lines, line endings from 1 MiB.
    let head = '';
    let lineBreaks = 0;
    for (let step = await chunks.next(); !step.done; step = await chunks.next()) {
      head += step.value;
      for (let at = step.value.indexOf('\n'); at !== -1; at = step.value.indexOf('\n', at + 1))
        lineBreaks++;
      if (head.length >= HEAD_CHARS && lineBreaks >= SAMPLE_ROWS) break;
    }
    const delimiter = sniffDelimiter(head, extensionOf(job.fileName));
    // Papa.parse drops a BOM: one may be left after the decoder has dropped the first.
    if (head.charCodeAt(0) === 0xfeff) head = head.slice(1);

    let ready: FileExtraction['blocks'] = [];
    const sheet = new SheetBlockBuilder(job.fileName, (block) => ready.push(block));
    let row = 0;
    rows: for await (const data of csvRows(chunks, head, delimiter)) {
      for (const cells of data) {
        row++;
        if (!cells.some((c) => c.trim())) continue;
        if (row > MAX_ROWS) {
          warnings.push({ code: 'TRUNCATED', params: { rows: MAX_ROWS } });
          break rows;
        }
        sheet.push({ row, cells });
      }
      yield* ready;
      ready = [];
    }
    sheet.end();
    yield* ready;
  } finally {
    await chunks.return(undefined);
  }
}

/** streamCsv with every block collected (tests, and the worker's in-memory answer). */
export function extractCsv(job: ExtractJob): Promise<FileExtraction> {
  return collectExtraction(streamCsv(job));
}
