/**
 * Quality report of the built-in quiz generator: `npm run eval:quiz [-- FILE...]`.
 * Extracts every study-like corpus document (or the files given), generates the default quiz
 * (10 questions, all four types, basic, the document's language) and writes one readable
 * Markdown file per document to .tmp/quiz-reports/, with the checks' verdict and a grading
 * table (rubric in docs/decisions/0007-built-in-quiz-generator.md).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultLimits, extractDocument } from '../api/extract/index.js';
import { sniffKind } from '../api/extract/sniff.js';
import type { ExtractedDocument } from '../api/extract/types.js';
import { createBuiltinGenerator } from '../api/quizgen/builtin/index.js';
import { checkQuiz, keyTexts } from '../api/quizgen/checks.js';
import { QUESTION_TYPES, type GenerateResult, type QuizSettings } from '../api/quizgen/types.js';

const root = path.resolve(import.meta.dirname, '..');
const corpus = path.resolve(root, '../shared/corpus');
const outDir = path.join(root, '.tmp/quiz-reports');
const limits = {
  ...defaultLimits,
  tessdataDir: '/usr/share/tesseract-ocr/5/tessdata',
  sofficePath: '/usr/bin/soffice',
};

async function studyLikeFiles(): Promise<string[]> {
  const manifest = await readFile(path.join(corpus, 'MANIFEST.tsv'), 'utf8');
  return manifest
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .filter((cols) => cols.at(-1)?.trim() === 'study-like')
    .map((cols) => path.join(corpus, cols[0]!));
}

function report(
  file: string,
  doc: ExtractedDocument,
  settings: QuizSettings,
  result: GenerateResult,
  ms: number,
): string {
  const failures = checkQuiz(doc, settings, result);
  const lines = [
    `# Quiz report: ${path.basename(file)}`,
    '',
    `Material language: ${doc.language}; quiz: ${settings.language}, ${settings.difficulty}, ` +
      `${settings.questionCount} questions (${settings.questionTypes.join(', ')}); ` +
      `${doc.blocks.length} blocks; generated in ${ms.toFixed(0)} ms.`,
    '',
    `Notices: ${result.notices.length ? result.notices.map((n) => `${n.code} ${JSON.stringify(n.params ?? {})}`).join('; ') : 'none'}`,
    '',
    `Checks: ${failures.length ? failures.map((f) => `${f.check}${f.questionId ? ` (${f.questionId})` : ''}: ${f.detail}`).join('; ') : 'all passed'}`,
    '',
  ];
  for (const q of result.questions) {
    lines.push(`## ${q.id} · ${q.type}`, '', q.question, '');
    for (const o of q.options ?? [])
      lines.push(
        `- ${o.id === q.correctOptionId ? '**✔ ' : ''}${o.id}) ${o.text}${o.id === q.correctOptionId ? '**' : ''}`,
      );
    for (const b of q.blanks ?? [])
      lines.push(
        `- blank ${b.id}: ${b.options.map((o) => (o.id === b.correctOptionId ? `**✔ ${o.text}**` : o.text)).join(' · ')}`,
      );
    if (q.acceptedAnswers) lines.push(`- accepted: ${q.acceptedAnswers.join(' · ')}`);
    if (q.type !== 'true_false') lines.push('', `Key: ${keyTexts(q).join(', ')}`);
    lines.push(
      '',
      `Explanation: ${q.explanation}`,
      '',
      `Related concepts: ${q.relatedConcepts.join(', ')}`,
      '',
      `Citation: ${q.citation.fileId} ${JSON.stringify(q.citation.location)} — “${q.citation.quote}”`,
      '',
    );
  }
  lines.push(
    '## Grading',
    '',
    '| q | G1 | G2 | G3 | C | E | L | D | F | I | ok |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...result.questions.map((q) => `| ${q.id} |  |  |  |  |  |  |  |  |  |  |`),
    '',
  );
  return lines.join('\n');
}

async function main() {
  const files = process.argv.slice(2).length
    ? process.argv.slice(2).map((f) => path.resolve(f))
    : await studyLikeFiles();
  await mkdir(outDir, { recursive: true });
  const generator = createBuiltinGenerator();
  for (const file of files) {
    const name = path.basename(file);
    const target = path.join(outDir, `${name}.md`);
    let doc: ExtractedDocument;
    try {
      const kind = await sniffKind(file, name);
      doc = await extractDocument([{ fileId: name, path: file, fileName: name, kind }], limits);
    } catch (err) {
      await writeFile(
        target,
        `# Quiz report: ${name}\n\nExtraction failed: ${(err as Error).message}\n`,
      );
      console.log(`${name}: extraction failed (${(err as Error).message})`);
      continue;
    }
    const settings: QuizSettings = {
      questionCount: 10,
      questionTypes: [...QUESTION_TYPES],
      difficulty: 'basic',
      language: doc.language === 'zh-TW' ? 'zh-TW' : 'en-US',
      seed: 1,
    };
    const started = performance.now();
    const result = await generator.generate(doc, settings);
    const ms = performance.now() - started;
    await writeFile(target, report(file, doc, settings, result, ms));
    const failures = checkQuiz(doc, settings, result).length;
    console.log(
      `${name}: ${result.questions.length} questions, ${failures} check failures → ${path.relative(root, target)}`,
    );
  }
}

await main();
