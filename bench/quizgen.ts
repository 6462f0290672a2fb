/**
 * Built-in quiz generation time: `npm run bench:quizgen`.
 * For the largest study-like corpus documents (by extracted text), in one run: extraction time,
 * generation time for 20 questions of all types (first call, with dictionary loading, and the
 * median of three later calls), and generation time for the same text doubled.
 * Targets: generation ≤ 0.25× extraction; doubled text ≤ 2.2× (cost grows linearly).
 */
import path from 'node:path';
import { defaultLimits, extractDocument } from '../api/extract/index.js';
import { closeExtractionWorkers } from '../api/extract/run-in-worker.js';
import { sniffKind } from '../api/extract/sniff.js';
import type { ExtractedDocument } from '../api/extract/types.js';
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

async function generationTimes(doc: ExtractedDocument, settings: QuizSettings): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++)
    times.push((await timed(() => generator.generate(doc, { ...settings, seed: i })))[1]);
  return times;
}

async function main() {
  // Development documents only: hold-out documents (docs/quiz-holdout.md) are never run.
  const extracted: Array<{ file: string; doc: ExtractedDocument; ms: number }> = [];
  for (const { name: file, path: full } of studyDocuments()) {
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
  console.log(
    '| document | chars | extract ms | generate ms (first) | generate ms (median) | ratio | doubled ms | doubled ratio |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  let first = true;
  for (const { file, doc, ms } of largest) {
    const settings: QuizSettings = {
      questionCount: 20,
      questionTypes: [...QUESTION_TYPES],
      difficulty: 'basic',
      language: doc.language === 'zh-TW' ? 'zh-TW' : 'en-US',
    };
    const [, cold] = await timed(() => generator.generate(doc, settings));
    const warm = median(await generationTimes(doc, settings));
    const twice = median(await generationTimes(doubled(doc), settings));
    console.log(
      `| ${file} | ${chars(doc)} | ${ms.toFixed(0)} | ${cold.toFixed(0)}${first ? ' (loads dictionaries)' : ''} | ` +
        `${warm.toFixed(0)} | ${(warm / ms).toFixed(3)} | ${twice.toFixed(0)} | ${(twice / warm).toFixed(2)} |`,
    );
    first = false;
  }
  console.log('\nTargets: ratio ≤ 0.25 (generation vs extraction), doubled ratio ≤ 2.2.');
}

try {
  await main();
} finally {
  await closeExtractionWorkers();
}
