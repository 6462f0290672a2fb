/**
 * Quality report of the exam-paper reader (issue 17):
 * `npx tsx scripts/eval-exam.ts <dir-or-files...> [--include-holdout]`.
 * Groups the files by paper (106_502_0907_Q/_S/_M.pdf, x_questions/x_answer_key.pdf), extracts
 * each paper's files as one material with the real extractor, runs recognizeExam and prints
 * per paper the items recognised against the count the paper declares, essays, key found,
 * corrections and skipped items; writes every item (number, stem, options, key) to
 * .tmp/exam-reports/<paper>.md for checking by hand against the PDF. Hold-out papers
 * (docs/quiz-holdout.md) are left out unless --include-holdout is given.
 */
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { recognizeExam } from '../api/exam/recognize.js';
import type { ExamRecognition } from '../api/exam/types.js';
import { defaultLimits, extractDocument } from '../api/extract/index.js';
import { sniffKind } from '../api/extract/sniff.js';
import type { ExtractedDocument } from '../api/extract/types.js';
import { EXAM_HOLDOUT_PAPERS } from '../tests/support/holdout.js';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.tmp/exam-reports');

/** The paper a file belongs to: its name without the _Q/_S/_M or _questions/_answer_key part. */
function paperOf(file: string): string {
  return path
    .basename(file)
    .replace(/\.[a-z0-9]+$/iu, '')
    .replace(/[_-](?:Q|S|M|questions?|answers?|answer[_-]key|key|correction)$/iu, '');
}

async function listFiles(args: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const arg of args) {
    const full = path.resolve(arg);
    if ((await stat(full)).isDirectory()) {
      for (const name of (await readdir(full)).sort()) {
        if (/\.(pdf|docx|txt|csv|md|xlsx)$/iu.test(name)) files.push(path.join(full, name));
      }
    } else {
      files.push(full);
    }
  }
  return files;
}

/** The number of single-choice items the paper or its key declares (共40題, 單選題數：40題). */
function declared(doc: ExtractedDocument): number | undefined {
  const text = doc.blocks.map((b) => b.text).join('\n');
  const n = /單選題數\s*[:：]\s*(\d+)/u.exec(text)?.[1] ?? /共\s*(\d+)\s*題/u.exec(text)?.[1];
  return n ? Number(n) : undefined;
}

function dump(paper: string, files: string[], r: ExamRecognition, expected?: number): string {
  const lines = [
    `# Exam report: ${paper}`,
    '',
    `Files: ${files.map((f) => path.basename(f)).join(', ')}`,
    '',
    `Paper: ${[...new Set([...r.items, ...r.essays].map((i) => i.paper))].join(', ') || '(none)'}`,
    '',
    `Items: ${r.items.length}${expected ? ` / ${expected}` : ''}; essays: ${r.essays.length}; ` +
      `key found: ${r.keyFound ? 'yes' : 'no'}; corrections: ${r.corrections}; ` +
      `skipped: ${r.skipped.length}`,
    '',
  ];
  for (const s of r.skipped) lines.push(`- skipped ${s.number}: ${s.reason}`);
  if (r.skipped.length) lines.push('');
  for (const e of r.essays) lines.push(`## Essay ${e.number}`, '', e.text, '');
  for (const item of r.items) {
    const key = item.anyAnswer ? 'any answer' : item.key.join(', ') || '(none)';
    lines.push(
      `## ${item.number} · ${item.kind} · key ${key} · p. ${JSON.stringify(item.citation.location)}`,
      '',
      item.stem,
      '',
      ...item.options.map((o) => `- (${o.letter}) ${o.text}`),
      '',
    );
    if (item.correctionNote) lines.push(`Correction: ${item.correctionNote}`, '');
  }
  return lines.join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const includeHoldout = args.includes('--include-holdout');
  const files = await listFiles(args.filter((a) => !a.startsWith('--')));
  const groups = new Map<string, string[]>();
  for (const file of files) {
    const paper = paperOf(file);
    if (!includeHoldout && EXAM_HOLDOUT_PAPERS.has(paper)) continue;
    groups.set(paper, [...(groups.get(paper) ?? []), file]);
  }
  await mkdir(outDir, { recursive: true });
  for (const [paper, paperFiles] of groups) {
    const sources = await Promise.all(
      paperFiles.map(async (file) => {
        const name = path.basename(file);
        return { fileId: name, path: file, fileName: name, kind: await sniffKind(file, name) };
      }),
    );
    const doc = await extractDocument(sources, defaultLimits);
    const fileNames = Object.fromEntries(sources.map((s) => [s.fileId, s.fileName]));
    const result = recognizeExam(doc, { fileNames });
    const expected = declared(doc);
    const target = path.join(outDir, `${paper}.md`);
    await writeFile(target, dump(paper, paperFiles, result, expected));
    const reasons = result.skipped.map((s) => `${s.number}: ${s.reason}`).join('; ');
    console.log(
      `${paper}: items ${result.items.length}/${expected ?? '?'}, essays ${result.essays.length}, ` +
        `key ${result.keyFound ? 'found' : 'not found'}, corrections ${result.corrections}, ` +
        `skipped ${result.skipped.length}${reasons ? ` (${reasons})` : ''} → ${path.relative(root, target)}`,
    );
  }
}

await main();
