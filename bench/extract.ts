/**
 * PDF text extraction speed beside poppler's pdftotext, on every corpus PDF with a text layer.
 *
 *   npx tsx bench/extract.ts [runs]
 *
 * For each file: our extractor called in this process (warmed up once, then timed), the same
 * through extractDocument (a pooled worker thread, as uploads run it), and pdftotext
 * on the same file in the same run. Median of `runs` (default 5). Target: our time at most 2x
 * pdftotext's. Not a test: timings depend on the machine and its load.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { extractPdf } from '../api/extract/formats/pdf.js';
import { extractDocument } from '../api/extract/index.js';
import { openPdf } from '../api/extract/pdf/open-document.js';
import { defaultLimits, type ExtractLimits } from '../api/extract/types.js';

const run = promisify(execFile);
const corpus = path.resolve(import.meta.dirname, '../../shared/corpus/pdf');
const runs = Math.max(1, Number(process.argv[2] ?? 5));
const limits: ExtractLimits = {
  ...defaultLimits,
  tessdataDir: '/usr/share/tesseract-ocr/5/tessdata',
};
const TARGET = 2;

async function median(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function pdftotext(file: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-q', '-enc', 'UTF-8', file, '-'], {
    maxBuffer: 256 * 1024 * 1024,
  });
  return stdout;
}

/** Pages, or undefined when the file has no text layer (scan), is locked or poppler fails. */
async function textLayerPages(file: string): Promise<number | undefined> {
  try {
    const letters = (await pdftotext(file)).match(/[\p{L}\p{N}]/gu)?.length ?? 0;
    if (letters < 20) return undefined;
    const { doc, close } = await openPdf(new Uint8Array(await readFile(file)));
    const pages = doc.numPages;
    await close();
    return pages;
  } catch {
    return undefined;
  }
}

const job = (file: string) => ({
  kind: 'pdf' as const,
  path: file,
  fileName: path.basename(file),
  limits,
});

interface Row {
  file: string;
  pages: number;
  poppler: number;
  inProcess: number;
  worker: number;
  ourChars: number;
  popplerChars: number;
}

const rows: Row[] = [];
const skipped: string[] = [];
for (const name of readdirSync(corpus)
  .filter((f) => f.endsWith('.pdf'))
  .sort()) {
  const file = path.join(corpus, name);
  const pages = await textLayerPages(file);
  if (pages === undefined) {
    skipped.push(name);
    continue;
  }
  const result = await extractPdf(job(file)); // warm-up, and the text for the size check
  const poppler = await median(() => pdftotext(file));
  const inProcess = await median(() => extractPdf(job(file)));
  const worker = await median(() =>
    extractDocument([{ fileId: name, path: file, fileName: name, kind: 'pdf' }], limits),
  );
  rows.push({
    file: name,
    pages,
    poppler,
    inProcess,
    worker,
    ourChars: result.blocks.reduce((n, b) => n + b.text.length, 0),
    popplerChars: (await pdftotext(file)).replace(/\s+/g, ' ').length,
  });
}

const ms = (t: number) => `${t.toFixed(0)} ms`;
const rate = (pages: number, t: number) => `${((pages * 1000) / t).toFixed(1)} p/s`;
const verdict = (ours: number, theirs: number) =>
  `${(ours / theirs).toFixed(2)}x ${ours <= TARGET * theirs ? 'PASS' : 'MISS'}`;

const table = [
  ['file', 'pages', 'pdftotext', 'in-process', 'ratio', 'worker', 'ratio', 'chars ours/poppler'],
  ...rows.map((r) => [
    r.file,
    String(r.pages),
    `${ms(r.poppler)} ${rate(r.pages, r.poppler)}`,
    `${ms(r.inProcess)} ${rate(r.pages, r.inProcess)}`,
    verdict(r.inProcess, r.poppler),
    `${ms(r.worker)} ${rate(r.pages, r.worker)}`,
    verdict(r.worker, r.poppler),
    `${r.ourChars}/${r.popplerChars}`,
  ]),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
console.log(`PDF text extraction, median of ${runs} runs (target: at most ${TARGET}x pdftotext)\n`);
console.log(line(table[0]!));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of table.slice(1)) console.log(line(row));
const total = (key: 'poppler' | 'inProcess' | 'worker') => rows.reduce((n, r) => n + r[key], 0);
const pages = rows.reduce((n, r) => n + r.pages, 0);
console.log(
  `\nall ${pages} pages: pdftotext ${ms(total('poppler'))}, in-process ${ms(total('inProcess'))} ` +
    `(${verdict(total('inProcess'), total('poppler'))}), worker ${ms(total('worker'))} ` +
    `(${verdict(total('worker'), total('poppler'))})`,
);
console.log(`skipped (no text layer, locked, or poppler cannot open): ${skipped.join(', ')}`);
