/**
 * PDF text extraction speed beside poppler's pdftotext, on every corpus PDF with a text layer.
 *
 *   npx tsx bench/extract.ts [runs] [--tsx]
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
 * - Each of our paths is timed in turn with pdftotext (pdftotext, ours, pdftotext, ours...),
 *   not one after the other for all runs, so that a burst of load from other processes on the
 *   machine falls on both alike instead of on whichever happened to be running; each ratio is
 *   taken against the pdftotext runs of its own pass.
 * - The worker path and the in-process path are timed in separate passes (worker first), not
 *   in turn with each other: a pdf.js run in this thread leaves garbage that V8's helper
 *   threads are still collecting while the next worker job runs, on the same two cores. Timed
 *   in turn, that cost the worker 40-80 % on tracemonkey (267 ms alone, 373-481 ms in turn).
 * - By default the code is the compiled API as `npm start` runs it, without source maps;
 *   --tsx times the sources through tsx, with tsx's source maps, as `npm run serve` runs them.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type * as PdfFormat from '../api/extract/formats/pdf.js';
import type * as ExtractIndex from '../api/extract/index.js';
import type * as OpenDocument from '../api/extract/pdf/open-document.js';
import { defaultLimits, type ExtractLimits } from '../api/extract/types.js';
import { buildDir, ensureApiBuild } from '../scripts/build-api.mjs';

const run = promisify(execFile);
const corpus = path.resolve(import.meta.dirname, '../../shared/corpus/pdf');
const args = process.argv.slice(2);
const viaTsx = args.includes('--tsx');
const loadBefore = os.loadavg()[0]!;
const runs = Math.max(1, Number(args.find((a) => /^\d+$/.test(a)) ?? 5));

// The code `npm start` runs: compiled (scripts/build-api.mjs), workers without tsx, and no
// source maps. Under tsx every error stack is mapped, and Node's web streams create one for each
// reader they release (pdf.js reads every page's text through one), parsing pdf.js's source
// maps again each time. --tsx measures the sources as `npm run serve` runs them.
const load = async <T>(rel: string): Promise<T> => {
  if (viaTsx) return (await import(`../api/${rel}.js`)) as T;
  return (await import(pathToFileURL(path.join(buildDir, `${rel}.js`)).href)) as T;
};
if (!viaTsx) {
  await ensureApiBuild({ log: () => {} });
  process.setSourceMapsEnabled(false);
}
const { extractPdf } = await load<typeof PdfFormat>('extract/formats/pdf');
const { extractDocument } = await load<typeof ExtractIndex>('extract/index');
const { openPdf } = await load<typeof OpenDocument>('extract/pdf/open-document');
const limits: ExtractLimits = {
  ...defaultLimits,
  tessdataDir: '/usr/share/tesseract-ocr/5/tessdata',
};
const TARGET = 2;

/** Times the steps in turn, `runs` times, and gives each step's median. */
/**
 * CPU time used so far, in ms: this process's threads (ours, worker threads included), and the
 * child processes it has waited for (pdftotext), from /proc (10 ms ticks; 0 off Linux).
 */
function cpuNow(): { own: number; children: number } {
  const { user, system } = process.cpuUsage();
  let children = 0;
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    // not Linux: no children's CPU time
  }
  return { own: (user + system) / 1000, children };
}

/** CPU ms per run, summed over the files (pdftotext counted in both passes). */
const cpuTotals = { poppler: 0, ours: { inProcess: 0, worker: 0 } };

/**
 * Times pdftotext and one of our paths in turn, `runs` times, and gives both medians (and adds
 * up their CPU time).
 */
async function timedAgainstPoppler(
  file: string,
  path: 'inProcess' | 'worker',
  ours: () => Promise<unknown>,
): Promise<{ poppler: number; ours: number }> {
  const times = { poppler: [] as number[], ours: [] as number[] };
  for (let i = 0; i < runs; i++) {
    let cpu = cpuNow();
    let started = performance.now();
    await pdftotext(file);
    times.poppler.push(performance.now() - started);
    let after = cpuNow();
    cpuTotals.poppler += (after.children - cpu.children) / runs / 2;
    cpu = cpuNow();
    started = performance.now();
    await ours();
    times.ours.push(performance.now() - started);
    after = cpuNow();
    cpuTotals.ours[path] += (after.own - cpu.own) / runs;
  }
  const median = (t: number[]) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]!;
  return { poppler: median(times.poppler), ours: median(times.ours) };
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
  /** pdftotext's median in the pass beside the in-process path, and beside the worker. */
  popplerA: number;
  inProcess: number;
  popplerB: number;
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
const measured = new Map<string, { worker: { poppler: number; ours: number } }>();
// Pass 1: the worker path (as uploads run it), each file in turn with pdftotext.
for (const { name, file } of files) {
  measured.set(name, {
    worker: await timedAgainstPoppler(file, 'worker', () => viaWorker(name, file)),
  });
}
// Pass 2: the in-process path.
for (const { name, file, pages } of files) {
  const inProcess = await timedAgainstPoppler(file, 'inProcess', () => extractPdf(job(file)));
  const { worker } = measured.get(name)!;
  rows.push({
    file: name,
    pages,
    popplerA: inProcess.poppler,
    inProcess: inProcess.ours,
    popplerB: worker.poppler,
    worker: worker.ours,
    ourChars: texts.get(name)!,
    popplerChars: (await pdftotext(file)).replace(/\s+/g, ' ').length,
  });
}

const ms = (t: number) => `${t.toFixed(0)} ms`;
const rate = (pages: number, t: number) => `${((pages * 1000) / t).toFixed(1)} p/s`;
const verdict = (ours: number, theirs: number) =>
  `${(ours / theirs).toFixed(2)}x ${ours <= TARGET * theirs ? 'PASS' : 'MISS'}`;

const table = [
  [
    'file',
    'pages',
    'pdftotext',
    'worker',
    'ratio',
    'pdftotext',
    'in-process',
    'ratio',
    'chars ours/poppler',
  ],
  ...rows.map((r) => [
    r.file,
    String(r.pages),
    `${ms(r.popplerB)} ${rate(r.pages, r.popplerB)}`,
    `${ms(r.worker)} ${rate(r.pages, r.worker)}`,
    verdict(r.worker, r.popplerB),
    `${ms(r.popplerA)} ${rate(r.pages, r.popplerA)}`,
    `${ms(r.inProcess)} ${rate(r.pages, r.inProcess)}`,
    verdict(r.inProcess, r.popplerA),
    `${r.ourChars}/${r.popplerChars}`,
  ]),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
console.log(
  `PDF text extraction, median of ${runs} runs (target: at most ${TARGET}x pdftotext), ` +
    `${viaTsx ? 'sources through tsx' : 'compiled API (.build/api)'}, ` +
    `1-minute load average ${loadBefore.toFixed(2)} at the start, ` +
    `${os.loadavg()[0]!.toFixed(2)} at the end\n`,
);
console.log(line(table[0]!));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of table.slice(1)) console.log(line(row));
const total = (key: 'popplerA' | 'inProcess' | 'popplerB' | 'worker') =>
  rows.reduce((n, r) => n + r[key], 0);
const pages = rows.reduce((n, r) => n + r.pages, 0);
console.log(
  `\nall ${pages} pages: worker ${ms(total('worker'))} beside pdftotext ${ms(total('popplerB'))} ` +
    `(${verdict(total('worker'), total('popplerB'))}); in-process ${ms(total('inProcess'))} ` +
    `beside pdftotext ${ms(total('popplerA'))} (${verdict(total('inProcess'), total('popplerA'))})`,
);
const cpuRatio = (ours: number) => `${(ours / cpuTotals.poppler).toFixed(2)}x`;
console.log(
  `CPU time per run, all files (ours counts every thread of this process): pdftotext ` +
    `${ms(cpuTotals.poppler)}, worker ${ms(cpuTotals.ours.worker)} ` +
    `(${cpuRatio(cpuTotals.ours.worker)}), in-process ${ms(cpuTotals.ours.inProcess)} ` +
    `(${cpuRatio(cpuTotals.ours.inProcess)})`,
);
console.log(`skipped (no text layer, locked, or poppler cannot open): ${skipped.join(', ')}`);
