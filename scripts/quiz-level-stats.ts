/**
 * Quiz-level figures of the built-in generator on the development documents:
 * `npx tsx scripts/quiz-level-stats.ts [--count 20] [--difficulty expert] [--seeds 1,2] [--json FILE]`.
 *
 * For every study-like development document (hold-outs skipped), generates one quiz per seed
 * and counts, per quiz: questions produced; repeated keys (a choice, blank or typed key equal
 * to, or inside, another question's key); repeated sentences (two questions citing one
 * sentence: one fact asked twice, possibly in two types). --json writes every quiz for reading.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultLimits, extractDocument } from '../api/extract/index.js';
import { closeExtractionWorkers } from '../api/extract/run-in-worker.js';
import { sniffKind } from '../api/extract/sniff.js';
import { createBuiltinGenerator } from '../api/quizgen/builtin/index.js';
import { keyTexts } from '../api/quizgen/checks.js';
import { comparisonKey } from '../api/quizgen/text/normalize.js';
import { QUESTION_TYPES, type Difficulty, type GeneratedQuestion } from '../api/quizgen/types.js';
import { studyDocuments } from '../tests/support/study-documents.js';

const limits = {
  ...defaultLimits,
  tessdataDir: '/usr/share/tesseract-ocr/5/tessdata',
  sofficePath: '/usr/bin/soffice',
};

/** Pairs of questions of one quiz whose keys are one (or one inside the other). */
export function repeatedKeys(questions: readonly GeneratedQuestion[]): string[] {
  const keyed = questions.map((q) =>
    keyTexts(q)
      .map(comparisonKey)
      .filter((k) => k.length >= 3),
  );
  const out: string[] = [];
  for (let i = 0; i < keyed.length; i++)
    for (let j = i + 1; j < keyed.length; j++) {
      const hit = keyed[i]!.find((a) =>
        keyed[j]!.some((b) => a === b || a.includes(b) || b.includes(a)),
      );
      if (hit) out.push(`${questions[i]!.id}/${questions[j]!.id}: ${hit}`);
    }
  return out;
}

/** Pairs of questions of one quiz citing the same sentence. */
export function repeatedSentences(questions: readonly GeneratedQuestion[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < questions.length; i++)
    for (let j = i + 1; j < questions.length; j++)
      if (
        comparisonKey(questions[i]!.citation.quote) === comparisonKey(questions[j]!.citation.quote)
      )
        out.push(`${questions[i]!.id}/${questions[j]!.id}`);
  return out;
}

interface Dumped {
  name: string;
  seed: number;
  questions: GeneratedQuestion[];
}

/** Questions that repeat an earlier question's key (a key asked three times counts two). */
export function repeatingQuestions(questions: readonly GeneratedQuestion[]): number {
  return new Set(repeatedKeys(questions).map((pair) => pair.split('/')[1]!.split(':')[0])).size;
}

/** The figures of quizzes written before (--json), per document and in total. */
function summarise(dump: Dumped[]): void {
  const totals = { quizzes: 0, produced: 0, repeating: 0, pairs: 0, sentences: 0 };
  for (const d of dump) {
    totals.quizzes++;
    totals.produced += d.questions.length;
    totals.repeating += repeatingQuestions(d.questions);
    totals.pairs += repeatedKeys(d.questions).length;
    totals.sentences += repeatedSentences(d.questions).length;
  }
  console.log(
    `${totals.quizzes} quizzes, ${totals.produced} questions, ${totals.repeating} repeating an ` +
      `earlier key (${totals.pairs} pairs), ${totals.sentences} pairs citing one sentence`,
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '20' },
      difficulty: { type: 'string', default: 'expert' },
      seeds: { type: 'string', default: '1,2' },
      json: { type: 'string' },
      only: { type: 'string' },
      from: { type: 'string' },
    },
  });
  if (values.from) return summarise(JSON.parse(await readFile(values.from, 'utf8')) as Dumped[]);
  const count = Number(values.count);
  const seeds = values.seeds!.split(',').map(Number);
  const generator = createBuiltinGenerator();
  const dump: unknown[] = [];
  const totals = { quizzes: 0, asked: 0, produced: 0, keys: 0, sentences: 0 };
  for (const d of studyDocuments()) {
    if (values.only && !d.name.includes(values.only)) continue;
    let doc;
    try {
      const kind = await sniffKind(d.path, path.basename(d.path));
      doc = await extractDocument(
        [{ fileId: path.basename(d.path), path: d.path, fileName: path.basename(d.path), kind }],
        limits,
      );
    } catch (err) {
      console.log(`${d.name}: extraction failed (${(err as Error).message})`);
      continue;
    }
    for (const seed of seeds) {
      const result = await generator.generate(doc, {
        questionCount: count,
        questionTypes: [...QUESTION_TYPES],
        difficulty: values.difficulty as Difficulty,
        language: doc.language === 'zh-TW' ? 'zh-TW' : 'en-US',
        seed,
      });
      const keys = repeatedKeys(result.questions);
      const sentences = repeatedSentences(result.questions);
      totals.quizzes++;
      totals.asked += count;
      totals.produced += result.questions.length;
      totals.keys += keys.length;
      totals.sentences += sentences.length;
      console.log(
        `${d.name} seed ${seed}: ${result.questions.length}/${count}, ` +
          `repeating an earlier key ${repeatingQuestions(result.questions)}` +
          `${keys.length ? ` [${keys.join('; ')}]` : ''}, repeated sentences ${sentences.length}`,
      );
      dump.push({ name: d.name, seed, notices: result.notices, questions: result.questions });
    }
  }
  console.log(
    `total: ${totals.quizzes} quizzes, produced ${totals.produced}/${totals.asked}, ` +
      `repeated keys ${totals.keys}, repeated sentences ${totals.sentences}`,
  );
  if (values.json) await writeFile(values.json, JSON.stringify(dump, null, 1));
  summarise(dump as Dumped[]);
}

try {
  await main();
} finally {
  await closeExtractionWorkers();
}
