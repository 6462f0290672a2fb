import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isHeldOut } from './holdout.js';

/**
 * The study-like documents of both corpus folders (../shared/corpus and
 * ../shared/study-corpus), as absolute paths with their corpus-relative names. Suites and
 * scripts that run the quiz generator over the corpus use these; hold-out documents
 * (docs/quiz-holdout.md) are left out unless `includeHoldout` is set (the final measurement).
 */
export const CORPUS_DIR = path.resolve(import.meta.dirname, '../../../shared/corpus');
export const STUDY_CORPUS_DIR = path.resolve(import.meta.dirname, '../../../shared/study-corpus');

export interface StudyDocument {
  /** Path relative to its corpus folder, e.g. 'md/x.md' or 'textbook/y.md'. */
  name: string;
  path: string;
  language: string;
}

function manifestRows(dir: string): StudyDocument[] {
  let text: string;
  try {
    text = readFileSync(path.join(dir, 'MANIFEST.tsv'), 'utf8');
  } catch {
    return [];
  }
  const lines = text.split('\n').filter((l) => l.trim());
  const header = lines[0]!.split('\t');
  const kindAt = header.indexOf('kind');
  const langAt = header.indexOf('language');
  return lines
    .slice(1)
    .map((line) => line.split('\t'))
    .filter((cols) => cols[kindAt]?.trim() === 'study-like')
    .filter((cols) => ['en', 'zh-TW'].includes(cols[langAt]?.trim() ?? ''))
    .map((cols) => ({
      name: cols[0]!,
      path: path.join(dir, cols[0]!),
      language: cols[langAt]!.trim(),
    }));
}

/** Study-like documents of both folders; hold-out left out unless asked for. */
export function studyDocuments(options: { includeHoldout?: boolean } = {}): StudyDocument[] {
  return [...manifestRows(CORPUS_DIR), ...manifestRows(STUDY_CORPUS_DIR)].filter(
    (d) => options.includeHoldout || !isHeldOut(d.name),
  );
}

/**
 * The name isHeldOut understands for an absolute path: relative to whichever corpus folder
 * holds it (or the path itself when it is in neither).
 */
export function corpusRelative(file: string): string {
  const abs = path.resolve(file);
  for (const dir of [CORPUS_DIR, STUDY_CORPUS_DIR]) {
    const rel = path.relative(dir, abs);
    if (!rel.startsWith('..') && !path.isAbsolute(rel)) return rel.split(path.sep).join('/');
  }
  return abs;
}

/** True when an absolute or corpus-relative path names a hold-out document. */
export function isHeldOutFile(file: string): boolean {
  return isHeldOut(corpusRelative(file)) || isHeldOut(file);
}

/** Every file under a folder (recursively, sorted), or the file itself. */
export function filesUnder(target: string): string[] {
  const abs = path.resolve(target);
  if (!statSync(abs).isDirectory()) return [abs];
  return readdirSync(abs, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.') && e.name !== 'MANIFEST.tsv' && e.name !== 'README.md')
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => filesUnder(path.join(abs, e.name)));
}
