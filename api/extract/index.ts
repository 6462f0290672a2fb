import { AppError } from '../lib/errors.js';
import { detectLanguage } from './language.js';
import { runInWorker } from './run-in-worker.js';
import {
  defaultLimits,
  type Block,
  type ExtractedDocument,
  type ExtractLimits,
  type ExtractionWarning,
  type FileKind,
} from './types.js';

export type { ExtractedDocument, Block, Location, FileKind, ExtractLimits } from './types.js';
export { defaultLimits } from './types.js';

/** The first ~200k characters of the document: all detectLanguage reads, without a full copy. */
function languageSample(blocks: Block[], limit = 200_000): string {
  const parts: string[] = [];
  let length = 0;
  for (const b of blocks) {
    if (length >= limit) break;
    parts.push(b.text.slice(0, limit - length));
    length += parts[parts.length - 1]!.length + 1;
  }
  return parts.join('\n');
}

export interface SourceFile {
  fileId: string;
  path: string;
  fileName: string;
  kind: FileKind;
}

/**
 * Extracts every file of a material, each in a pooled worker thread, into one ordered document.
 * Throws an AppError naming the file that failed; nothing is returned half-way.
 */
export async function extractDocument(
  files: SourceFile[],
  limits: ExtractLimits = defaultLimits,
  signal?: AbortSignal,
): Promise<ExtractedDocument> {
  const blocks: Block[] = [];
  const warnings: ExtractionWarning[] = [];
  for (const file of files) {
    let result;
    try {
      result = await runInWorker(
        { kind: file.kind, path: file.path, fileName: file.fileName, limits },
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
    const fileBlocks = result.blocks
      .map((b) => ({ ...b, text: b.text.trim() }))
      .filter((b) => b.text.length > 0)
      .map((b) => ({ fileId: file.fileId, ...b }));
    if (fileBlocks.length === 0) {
      throw new AppError('NO_TEXT_FOUND', {
        params: { name: file.fileName },
        details: { fileName: file.fileName },
      });
    }
    blocks.push(...fileBlocks);
    warnings.push(...result.warnings.map((w) => ({ ...w, fileId: file.fileId })));
  }
  return { blocks, language: detectLanguage(languageSample(blocks)), warnings };
}
