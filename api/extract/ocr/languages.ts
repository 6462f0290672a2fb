import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Shown in OCR_LANGUAGE_MISSING and OCR_LANGUAGE_LIMITED; the same in both UI languages. */
export const CHINESE_LABEL = '繁體中文 / Traditional Chinese';

export type OcrLanguage = 'eng' | 'chi_tra';

/** English model shipped in node_modules (@tesseract.js-data/eng, LSTM "best_int", gzipped). */
export function englishDataFile(): string {
  const pkg = require.resolve('@tesseract.js-data/eng/package.json');
  return path.join(path.dirname(pkg), '4.0.0_best_int', 'eng.traineddata.gz');
}

/** chi_tra.traineddata from the configured folder (Debian: tesseract-ocr-chi-tra), if there. */
export function chineseDataFile(tessdataDir: string | undefined): string | undefined {
  if (!tessdataDir) return undefined;
  const file = path.join(tessdataDir, 'chi_tra.traineddata');
  try {
    return fs.statSync(file).size > 0 ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Local paths for tesseract.js, so that nothing is ever fetched from a CDN. */
export function tesseractPaths(): { workerPath: string; corePath: string } {
  const root = path.dirname(require.resolve('tesseract.js/package.json'));
  const core = path.dirname(require.resolve('tesseract.js-core/package.json'));
  return {
    workerPath: path.join(root, 'src', 'worker-script', 'node', 'index.js'),
    corePath: core,
  };
}

/**
 * tesseract.js reads every language from one folder with one file-name pattern, while ours
 * live in two places (gzipped eng in node_modules, plain chi_tra from the system). A private
 * temporary folder of symlinks named `<code>.traineddata` joins them; tesseract.js detects
 * gzip from the content, not the name.
 */
export function linkLanguageData(files: Record<OcrLanguage, string | undefined>): {
  dir: string;
  remove: () => void;
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-tessdata-'));
  for (const [code, file] of Object.entries(files)) {
    if (file) fs.symlinkSync(file, path.join(dir, `${code}.traineddata`));
  }
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
