/**
 * Built-in quiz generation time: `npm run bench:quizgen`.
 * For the largest development documents of both corpus folders (by extracted text; hold-out
 * and image files left out) and for an 870-page handbook synthesised from development chapters
 * and transcripts, in one run: extraction time (the baseline, measured here), generation time
 * for 20 questions of all types (first call, with dictionary loading, and the median of three
 * later calls), and generation time for the same text doubled.
 * Targets: generation ≤ 0.25× extraction; doubled text ≤ 2.2× (cost grows linearly).
 * Then the exam-paper reader (issue 17) on the same texts, which every material detail and
 * every quiz runs: time and doubled-text ratio (≤ 2.2: linear, docs/decisions/0021).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { defaultLimits, extractDocument } from '../api/extract/index.js';
import { closeExtractionWorkers } from '../api/extract/run-in-worker.js';
import { sniffKind } from '../api/extract/sniff.js';
import type { ExtractedDocument } from '../api/extract/types.js';
import { recognizeExam } from '../api/exam/recognize.js';
import { createBuiltinGenerator } from '../api/quizgen/builtin/index.js';
import { QUESTION_TYPES, type QuizSettings } from '../api/quizgen/types.js';
import { studyDocuments } from '../tests/support/study-documents.js';

const limits = {
  ...defaultLimits,
  tessdataDir: '/usr/share/tesseract-ocr/5/tessdata',
  sofficePath: '/usr/bin/soffice',
};
const TAKE = 3;
const generator = createBuiltinGenerator();

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const chars = (doc: ExtractedDocument) => doc.blocks.reduce((n, b) => n + b.text.length, 0);

function doubled(doc: ExtractedDocument): ExtractedDocument {
  const copy = doc.blocks.map((b) => ({ ...b, fileId: `${b.fileId}-copy` }));
  return { ...doc, blocks: [...doc.blocks, ...copy] };
}

async function generationTimes(
  doc: ExtractedDocument,
  settings: QuizSettings,
  runs = 3,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++)
    times.push((await timed(() => generator.generate(doc, { ...settings, seed: i })))[1]);
  return times;
}

/** Characters of a printed handbook page, roughly (a dense A4 page of English prose). */
const PAGE_CHARS = 3000;
const HANDBOOK_PAGES = 870;

/**
 * The 870-page handbook class: development chapters and transcripts, each part under its own
 * heading, repeated until the text fills 870 pages; extracted like an upload (timed).
 */
async function handbook(
  sources: Array<{ path: string }>,
): Promise<{ file: string; doc: ExtractedDocument; ms: number }> {
  const texts = await Promise.all(sources.map((s) => readFile(s.path, 'utf8')));
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < HANDBOOK_PAGES * PAGE_CHARS; i++) {
    const text = texts[i % texts.length]!.replace(/^#\s/gm, '## ');
    parts.push(`# Part ${i + 1}\n\n${text}`);
    size += text.length;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mnemo-bench-quizgen-'));
  const file = path.join(dir, 'handbook-870-pages.md');
  try {
    await writeFile(file, parts.join('\n\n'));
    const kind = await sniffKind(file, 'handbook-870-pages.md');
    const [doc, ms] = await timed(() =>
      extractDocument(
        [{ fileId: 'h', path: file, fileName: 'handbook-870-pages.md', kind }],
        limits,
      ),
    );
    return { file: `handbook (${HANDBOOK_PAGES} pages, synthesised)`, doc, ms };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  // Development documents only: hold-out documents (docs/quiz-holdout.md) are never run. Images
  // (OCR, minutes each) are left out: they are never among the largest texts.
  const extracted: Array<{ file: string; doc: ExtractedDocument; ms: number }> = [];
  const dev = studyDocuments().filter((d) => !/\.(?:jpe?g|png)$/i.test(d.name));
  for (const { name: file, path: full } of dev) {
    try {
      const kind = await sniffKind(full, path.basename(file));
      const [doc, ms] = await timed(() =>
        extractDocument(
          [{ fileId: 'f1', path: full, fileName: path.basename(file), kind }],
          limits,
        ),
      );
      extracted.push({ file, doc, ms });
    } catch (err) {
      console.log(`${file}: extraction failed (${(err as Error).message}), skipped`);
    }
  }
  const largest = extracted.sort((a, b) => chars(b.doc) - chars(a.doc)).slice(0, TAKE);
  largest.push(await handbook(dev.filter((d) => d.language === 'en' && d.name.endsWith('.md'))));
  console.log(
    '| document | chars | extract ms (baseline) | generate ms (first) | generate ms (median) | ratio (≤ 0.25) | doubled ms | doubled ratio (≤ 2.2) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  let first = true;
  for (const { file, doc, ms } of largest) {
    const settings: QuizSettings = {
      questionCount: 20,
      questionTypes: [...QUESTION_TYPES],
      difficulty: 'basic',
      language: doc.language === 'zh-TW' ? 'zh-TW' : 'en-US',
    };
    const [, cold] = await timed(() => generator.generate(doc, settings));
    // A book-sized text: one timed run each (the machine is shared).
    const runs = chars(doc) > 1_000_000 ? 1 : 3;
    const warm = median(await generationTimes(doc, settings, runs));
    const twice = median(await generationTimes(doubled(doc), settings, runs));
    console.log(
      `| ${file} | ${chars(doc)} | ${ms.toFixed(0)} | ${cold.toFixed(0)}${first ? ' (loads dictionaries)' : ''} | ` +
        `${warm.toFixed(0)} | ${(warm / ms).toFixed(3)} ${mark(warm / ms <= 0.25)} | ${twice.toFixed(0)} | ` +
        `${(twice / warm).toFixed(2)} ${mark(twice / warm <= 2.2)} |`,
    );
    first = false;
  }
  console.log('\nTargets: ratio ≤ 0.25 (generation vs extraction), doubled ratio ≤ 2.2.');

  // The exam reader on prose: read once, left early when it is no paper.
  console.log(
    '\n| document | chars | exam reader ms (median) | doubled ms | doubled ratio (≤ 2.2) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: |');
  const readTimes = async (doc: ExtractedDocument) => {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) times.push((await timed(async () => recognizeExam(doc)))[1]);
    return median(times);
  };
  for (const { file, doc } of largest) {
    const once = await readTimes(doc);
    const twice = await readTimes(doubled(doc));
    // Below a millisecond the ratio is noise: it is shown, not judged.
    const ratio = once < 1 ? '—' : `${(twice / once).toFixed(2)} ${mark(twice / once <= 2.2)}`;
    console.log(
      `| ${file} | ${chars(doc)} | ${once.toFixed(1)} | ${twice.toFixed(1)} | ${ratio} |`,
    );
  }
}

try {
  await main();
} finally {
  await closeExtractionWorkers();
}
