import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { AppError } from '../lib/errors.js';
import { detectLanguage } from './language.js';
import { runToFileInWorker } from './run-in-worker.js';
import {
  defaultLimits,
  languageSample,
  type Block,
  type DocumentLanguage,
  type ExtractedDocument,
  type ExtractLimits,
  type ExtractionWarning,
  type FileKind,
  type Location,
} from './types.js';

export type { ExtractedDocument, Block, Location, FileKind, ExtractLimits } from './types.js';
export { defaultLimits } from './types.js';

export interface SourceFile {
  fileId: string;
  path: string;
  fileName: string;
  kind: FileKind;
}

/**
 * An extracted document whose blocks wait on disk, one NDJSON file per source file (in reading
 * order), to be read back a few at a time with readStagedBlocks.
 */
export interface StagedDocument {
  files: Array<{ fileId: string; blocksPath: string; blockCount: number }>;
  language: DocumentLanguage;
  warnings: ExtractionWarning[];
}

/**
 * Extracts every file of a material, each in a pooled worker thread that writes the file's
 * blocks to its `blocksPath`, so no file's text is ever held in this thread. Throws an
 * AppError naming the file that failed; the caller removes the block files either way.
 */
export async function extractToFiles(
  files: Array<SourceFile & { blocksPath: string }>,
  limits: ExtractLimits = defaultLimits,
  signal?: AbortSignal,
): Promise<StagedDocument> {
  const staged: StagedDocument['files'] = [];
  const samples: string[] = [];
  const warnings: ExtractionWarning[] = [];
  for (const file of files) {
    let summary;
    try {
      summary = await runToFileInWorker(
        { kind: file.kind, path: file.path, fileName: file.fileName, limits },
        file.blocksPath,
        signal,
      );
    } catch (err) {
      if (err instanceof AppError) {
        throw new AppError(err.code, {
          params: { ...err.params, name: file.fileName },
          cause: err.cause,
          details: { fileName: file.fileName },
        });
      }
      throw err;
    }
    if (summary.blockCount === 0) {
      throw new AppError('NO_TEXT_FOUND', {
        params: { name: file.fileName },
        details: { fileName: file.fileName },
      });
    }
    staged.push({
      fileId: file.fileId,
      blocksPath: file.blocksPath,
      blockCount: summary.blockCount,
    });
    samples.push(...summary.sample);
    warnings.push(...summary.warnings.map((w) => ({ ...w, fileId: file.fileId })));
  }
  const language = detectLanguage(languageSample(samples).join('\n'));
  return { files: staged, language, warnings };
}

/** The blocks of a staged document in reading order, read from disk a line at a time. */
export async function* readStagedBlocks(doc: StagedDocument): AsyncGenerator<Block> {
  for (const file of doc.files) {
    const input = fs.createReadStream(file.blocksPath, { encoding: 'utf8' });
    const lines = readline.createInterface({ input, crlfDelay: Infinity });
    try {
      for await (const line of lines) {
        if (line.length === 0) continue;
        const { text, location } = JSON.parse(line) as { text: string; location: Location };
        yield { fileId: file.fileId, text, location };
      }
    } finally {
      lines.close();
      input.destroy();
    }
  }
}

/**
 * Extracts every file of a material, each in a pooled worker thread, into one ordered document
 * in memory (tests, benchmarks, scripts; uploads use extractToFiles). Throws an AppError naming
 * the file that failed; nothing is returned half-way.
 */
export async function extractDocument(
  files: SourceFile[],
  limits: ExtractLimits = defaultLimits,
  signal?: AbortSignal,
): Promise<ExtractedDocument> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'mnemo-extract-'));
  try {
    const staged = await extractToFiles(
      files.map((f, i) => ({ ...f, blocksPath: path.join(dir, `${i}.ndjson`) })),
      limits,
      signal,
    );
    const blocks: Block[] = [];
    for await (const block of readStagedBlocks(staged)) blocks.push(block);
    return { blocks, language: staged.language, warnings: staged.warnings };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
