/**
 * Quality report of the built-in quiz generator: `npm run eval:quiz -- [options] [FILE|DIR...]`.
 *
 * Extracts each document (the development documents of ../shared/corpus and
 * ../shared/study-corpus when none is given; every file of a folder given), generates a quiz
 * with the settings given and writes one Markdown report per document to the output folder
 * (.tmp/quiz-reports/ by default), ending with a grading table for a blind grader
 * (../shared/QUIZ-RUBRIC.md). The structural checks' verdict is NOT in the report (a grader
 * judges alone): it goes to checks/<report> beside it. One summary line per document on stdout.
 *
 * Hold-out documents (docs/quiz-holdout.md) are skipped, even when named, unless
 * --include-holdout is given (the final measurement only).
 *
 * Options: --count N (10) --types t1,t2 (all four) --difficulty D (basic)
 *          --language zh-TW|en-US (the material's) --instructions TEXT --seed N (1)
 *          --out DIR (.tmp/quiz-reports) --include-holdout
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultLimits, extractDocument } from '../api/extract/index.js';
import { closeExtractionWorkers } from '../api/extract/run-in-worker.js';
import { sniffKind } from '../api/extract/sniff.js';
import type { ExtractedDocument } from '../api/extract/types.js';
import { createBuiltinGenerator } from '../api/quizgen/builtin/index.js';
import { checkQuiz, keyTexts } from '../api/quizgen/checks.js';
import {
  DIFFICULTIES,
  QUESTION_TYPES,
  QUIZ_LANGUAGES,
  type Difficulty,
  type GenerateResult,
  type QuestionType,
  type QuizLanguage,
  type QuizSettings,
} from '../api/quizgen/types.js';
import { sameAnswerLine } from '../api/scoring/short-answer.js';
import { noticeTexts, renderNotice } from '../src/features/quiz/lib/generation-notices.js';
import enQuizSetup from '../src/i18n/locales/en/quiz-setup.json' with { type: 'json' };
import zhQuizSetup from '../src/i18n/locales/zh-TW/quiz-setup.json' with { type: 'json' };
import {
  corpusRelative,
  filesUnder,
  isHeldOutFile,
  studyDocuments,
} from '../tests/support/study-documents.js';

const root = path.resolve(import.meta.dirname, '..');
const limits = {
  ...defaultLimits,
  tessdataDir: '/usr/share/tesseract-ocr/5/tessdata',
  sofficePath: '/usr/bin/soffice',
};

interface Options {
  count: number;
  types: QuestionType[];
  difficulty: Difficulty;
  language?: QuizLanguage;
  instructions?: string;
  seed: number;
  out: string;
  includeHoldout: boolean;
  targets: string[];
}

function fail(message: string): never {
  console.error(`eval:quiz: ${message}`);
  process.exit(2);
}

function parseOptions(argv: string[]): Options {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      count: { type: 'string', default: '10' },
      types: { type: 'string' },
      difficulty: { type: 'string', default: 'basic' },
      language: { type: 'string' },
      instructions: { type: 'string' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string', default: path.join(root, '.tmp/quiz-reports') },
      'include-holdout': { type: 'boolean', default: false },
    },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 50) fail('--count must be 1–50');
  const types = (values.types ?? QUESTION_TYPES.join(','))
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  for (const t of types)
    if (!(QUESTION_TYPES as readonly string[]).includes(t))
      fail(`unknown type ${t} (one of ${QUESTION_TYPES.join(', ')})`);
  if (!(DIFFICULTIES as readonly string[]).includes(values.difficulty!))
    fail(`--difficulty must be one of ${DIFFICULTIES.join(', ')}`);
  if (values.language && !(QUIZ_LANGUAGES as readonly string[]).includes(values.language))
    fail(`--language must be one of ${QUIZ_LANGUAGES.join(', ')}`);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) fail('--seed must be an integer');
  return {
    count,
    types: types as QuestionType[],
    difficulty: values.difficulty as Difficulty,
    language: values.language as QuizLanguage | undefined,
    instructions: values.instructions?.trim() || undefined,
    seed,
    out: path.resolve(values.out!),
    includeHoldout: values['include-holdout']!,
    targets: positionals,
  };
}

/** The files to report on: those named, every file of the folders named, or the dev corpus. */
function documentsToRun(o: Options): { files: string[]; skipped: string[] } {
  if (!o.targets.length)
    return {
      files: studyDocuments({ includeHoldout: o.includeHoldout }).map((d) => d.path),
      skipped: [],
    };
  const all = o.targets.flatMap((t) => filesUnder(t));
  if (o.includeHoldout) return { files: all, skipped: [] };
  return {
    files: all.filter((f) => !isHeldOutFile(f)),
    skipped: all.filter((f) => isHeldOutFile(f)),
  };
}

/** A file name for the report, unique within this run. */
function reportName(file: string, taken: Set<string>): string {
  let name = corpusRelative(file);
  if (path.isAbsolute(name)) name = path.basename(name);
  name = name.replace(/[/\\]/g, '__');
  let unique = name;
  for (let i = 2; taken.has(unique); i++) unique = `${name}-${i}`;
  taken.add(unique);
  return `${unique}.md`;
}

const quote = (text: string) => text.replace(/\n+/g, ' ');

/**
 * The notices as the learner reads them, in the app's own words (its i18n texts), not as
 * codes: a grader judges whether they agree with the quiz, and a code name such as
 * NOT_ENOUGH_MATERIAL reads as a claim the text does not make.
 */
function noticeWords(notices: GenerateResult['notices'], language: QuizLanguage): string {
  const bundle: unknown = language === 'zh-TW' ? zhQuizSetup : enQuizSetup;
  const t = (key: string, values?: Record<string, string | number>) => {
    const found = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], bundle);
    const text = typeof found === 'string' ? found : key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values?.[name] ?? ''));
  };
  const texts = noticeTexts(notices).map((n) => renderNotice(n, t));
  return texts.length ? texts.map((x) => `“${x}”`).join(' ') : 'none';
}

/** The report a grader reads: settings, notices, the questions with keys, a grading table. */
function report(
  name: string,
  doc: ExtractedDocument,
  settings: QuizSettings,
  result: GenerateResult,
  ms: number,
): string {
  const lines = [
    `# Quiz report: ${name}`,
    '',
    `- Material language: ${doc.language}; ${doc.blocks.length} blocks`,
    `- Quiz settings: language ${settings.language}, difficulty ${settings.difficulty}, ` +
      `${settings.questionCount} questions asked (${settings.questionTypes.join(', ')})` +
      (settings.additionalInstructions
        ? `, instructions “${settings.additionalInstructions}”`
        : '') +
      `, seed ${settings.seed}`,
    `- Produced: ${result.questions.length} of ${settings.questionCount}; generated in ${ms.toFixed(0)} ms`,
    `- Notices shown to the learner: ${noticeWords(result.notices, settings.language)}`,
    '',
  ];
  for (const q of result.questions) {
    lines.push(`## ${q.id} · ${q.type}`, '', quote(q.question), '');
    for (const o of q.options ?? [])
      lines.push(
        `- ${o.id === q.correctOptionId ? '**✔ ' : ''}${o.id}) ${quote(o.text)}${o.id === q.correctOptionId ? '**' : ''}`,
      );
    for (const b of q.blanks ?? [])
      lines.push(
        `- blank ${b.id}: ${b.options.map((o) => (o.id === b.correctOptionId ? `**✔ ${quote(o.text)}**` : quote(o.text))).join(' · ')}`,
      );
    if (q.acceptedAnswers) {
      lines.push(`- accepted: ${q.acceptedAnswers.map(quote).join(' · ')}`);
      lines.push(`- ${sameAnswerLine(q.acceptedAnswers)}`);
    }
    if (q.type !== 'true_false') lines.push('', `Key: ${keyTexts(q).map(quote).join(', ')}`);
    lines.push(
      '',
      `Explanation: ${quote(q.explanation)}`,
      '',
      `Related concepts: ${q.relatedConcepts.join(', ') || '(none)'}`,
      '',
      `Citation: ${q.citation.fileId} ${JSON.stringify(q.citation.location)} — “${quote(q.citation.quote)}”`,
      '',
    );
  }
  const missing = Math.max(0, settings.questionCount - result.questions.length);
  lines.push(
    '## Grading (fill in; rubric: ../shared/QUIZ-RUBRIC.md)',
    '',
    'Gates: G1 answerable from the source · G2 key correct · G3 one defensible answer · ' +
      'C no giveaway · E explanation helps and is true · L language of the quiz. ' +
      'Write ✓ or ✗ per gate. Scores 0–2: D distractors · F fluency · I importance ' +
      '(D is “–” for short answer and true/false). Acceptable = every gate ✓ and every score ≥ 1.',
    '',
    '| q | G1 | G2 | G3 | C | E | L | D | F | I | acceptable | why (one line) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...result.questions.map((q) => `| ${q.id} |  |  |  |  |  |  |  |  |  |  |  |`),
    ...(missing
      ? [`| (${missing} not produced) | | | | | | | | | | ✗ × ${missing} | yield |`]
      : []),
    '',
    'Per quiz (yes/no, one line each): no two questions on one fact · key positions and ' +
      'true/false split show no pattern · questions cover the sections/sheets, not the first ' +
      'page · notices agree with what was produced · settings (difficulty, instructions) show.',
    '',
    `Acceptable of asked: ___ / ${settings.questionCount}`,
    '',
  );
  return lines.join('\n');
}

function checksReport(
  name: string,
  failures: ReturnType<typeof checkQuiz>,
  notices: GenerateResult['notices'],
): string {
  return [
    `# Structural checks: ${name}`,
    '',
    `Notice codes: ${notices.map((n) => `${n.code} ${JSON.stringify(n.params ?? {})}`).join('; ') || 'none'}`,
    '',
    failures.length
      ? failures
          .map((f) => `- ${f.check}${f.questionId ? ` (${f.questionId})` : ''}: ${f.detail}`)
          .join('\n')
      : 'all passed',
    '',
  ].join('\n');
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  const { files, skipped } = documentsToRun(o);
  for (const f of skipped) console.log(`${corpusRelative(f)}: hold-out, skipped`);
  if (!files.length) fail('no documents to run');
  await mkdir(path.join(o.out, 'checks'), { recursive: true });
  const generator = createBuiltinGenerator();
  const taken = new Set<string>();
  const totals = { asked: 0, produced: 0 };
  for (const file of files) {
    const name = corpusRelative(file);
    const reportFile = reportName(file, taken);
    const target = path.join(o.out, reportFile);
    let doc: ExtractedDocument;
    try {
      const kind = await sniffKind(file, path.basename(file));
      doc = await extractDocument(
        [{ fileId: path.basename(file), path: file, fileName: path.basename(file), kind }],
        limits,
      );
    } catch (err) {
      await writeFile(
        target,
        `# Quiz report: ${name}\n\nExtraction failed: ${(err as Error).message}\n`,
      );
      console.log(`${name}: extraction failed (${(err as Error).message})`);
      continue;
    }
    const settings: QuizSettings = {
      questionCount: o.count,
      questionTypes: o.types,
      difficulty: o.difficulty,
      language: o.language ?? (doc.language === 'zh-TW' ? 'zh-TW' : 'en-US'),
      additionalInstructions: o.instructions,
      seed: o.seed,
    };
    const started = performance.now();
    const result = await generator.generate(doc, settings);
    const ms = performance.now() - started;
    await writeFile(target, report(name, doc, settings, result, ms));
    const failures = checkQuiz(doc, settings, result);
    await writeFile(
      path.join(o.out, 'checks', reportFile),
      checksReport(name, failures, result.notices),
    );
    totals.asked += o.count;
    totals.produced += result.questions.length;
    console.log(
      `${name}: asked ${o.count}, produced ${result.questions.length}, notices ${
        result.notices.map((n) => n.code).join(',') || '-'
      }, ${ms.toFixed(0)} ms, check failures ${failures.length} → ${path.relative(process.cwd(), target)}`,
    );
  }
  console.log(`total: asked ${totals.asked}, produced ${totals.produced}`);
}

try {
  await main();
} finally {
  // Idle extraction workers wait a minute for the next job; a script has none to give them.
  await closeExtractionWorkers();
}
