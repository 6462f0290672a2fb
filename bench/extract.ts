/**
 * PDF text extraction speed beside poppler's pdftotext, on every corpus PDF with a text layer.
 *
 *   npx tsx bench/extract.ts [runs]
 *
 * For each file: our extractor called in this process, the same through extractDocument (a
 * pooled worker thread, as uploads run it), and pdftotext on the same file in the same run.
 * Median of `runs` (default 5). Target: our time at most 2x pdftotext's. Not a test: timings
 * depend on the machine and its load.
 *
 * What is compared, so that both sides do the same work:
 * - pdftotext is timed as a whole process (spawn, read, write the text), as Mnemo would have
 *   to run it for each upload.
 * - Both of our paths first read every file once, untimed, so every file is timed in the same
 *   steady state, that of a pooled worker that has served a few uploads (worker-pool.ts keeps a
 *   worker for 50 jobs). Before, the worker path was timed cold, so the first file's median
 *   carried starting a worker thread (tsx and pdf.js loaded: 1.5 to 3 s), and in both paths the
 *   first file paid for V8 compiling pdf.js, about twice its steady time, while the files after
 *   it profited. That cold start is real, but it is the pool's cost, paid once per worker.
 * - The three are timed in turn within each run (pdftotext, in-process, worker, then again),
 *   not one after the other for all runs, so that a burst of load from other processes on the
 *   machine falls on all three alike instead of on whichever happened to be running.
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

/** Times the steps in turn, `runs` times, and gives each step's median. */
async function interleavedMedians(steps: Array<() => Promise<unknown>>): Promise<number[]> {
  const times = steps.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    for (const [k, step] of steps.entries()) {
      const started = performance.now();
      await step();
      times[k]!.push(performance.now() - started);
    }
  }
  return times.map((t) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]!);
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

const files: Array<{ name: string; file: string; pages: number }> = [];
const skipped: string[] = [];
for (const name of readdirSync(corpus)
  .filter((f) => f.endsWith('.pdf'))
  .sort()) {
  const file = path.join(corpus, name);
  const pages = await textLayerPages(file);
  if (pages === undefined) skipped.push(name);
  else files.push({ name, file, pages });
}

const viaWorker = (name: string, file: string) =>
  extractDocument([{ fileId: name, path: file, fileName: name, kind: 'pdf' }], limits);

// One untimed pass over every file, in this process and on a pooled worker, before any timing:
// all files are then measured with pdf.js compiled alike, as on a worker that has served a
// few uploads, instead of the first file paying for the compiling that helps the others.
const texts = new Map<string, number>();
for (const { name, file } of files) {
  const result = await extractPdf(job(file));
  texts.set(
    name,
    result.blocks.reduce((n, b) => n + b.text.length, 0),
  );
  await viaWorker(name, file);
}

const rows: Row[] = [];
for (const { name, file, pages } of files) {
  const [poppler, inProcess, worker] = (await interleavedMedians([
    () => pdftotext(file),
    () => extractPdf(job(file)),
    () => viaWorker(name, file),
  ])) as [number, number, number];
  rows.push({
    file: name,
    pages,
    poppler,
    inProcess,
    worker,
    ourChars: texts.get(name)!,
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
