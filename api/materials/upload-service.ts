import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Config } from '../env.js';
import { iso } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import {
  defaultLimits,
  extractDocument,
  type ExtractLimits,
  type FileKind,
} from '../extract/index.js';
import { fileTypeOf, sniffKind } from '../extract/sniff.js';
import { fileKey } from '../storage/storage.js';
import { mimeTypeFor } from './file-types.js';
import { getMaterial, removeStored, type MaterialDeps } from './material-service.js';
import type { MaterialView } from './presenter.js';
import {
  discardUpload,
  receiveUpload,
  type ReceivedFile,
  type UploadRequest,
} from './upload-parser.js';
import { uploadTempRoot } from './upload-temp.js';

export type UploadDeps = MaterialDeps & {
  config: Pick<Config, 'dataDir' | 'uploads' | 'extract'>;
};

export const UNNAMED_MATERIAL = 'Unnamed Material';
const MAX_TITLE = 300;
const MAX_DESCRIPTION = 5000;

/** The limits one extraction runs under: the configured time and heap, default zip caps. */
export function extractLimitsFrom(extract: Config['extract']): ExtractLimits {
  return {
    ...defaultLimits,
    timeoutMs: extract.timeoutMs,
    maxMemoryMb: extract.maxMemoryMb,
    tessdataDir: extract.tessdataDir,
    sofficePath: extract.sofficePath,
  };
}

/**
 * Creates a material from a multipart upload, all or nothing: the body is streamed to temp
 * files, each file's type is decided from its content, the text is extracted, then the
 * originals go to storage and the rows are written in one transaction. Any failure (a bad
 * file, an extraction error, a database error, the client going away) leaves no row, no
 * stored file and no temp file behind.
 */
export async function uploadMaterial(
  d: UploadDeps,
  userId: string,
  req: UploadRequest,
  signal?: AbortSignal,
): Promise<MaterialView> {
  const upload = await receiveUpload(req, d.config.uploads, uploadTempRoot(d.config.dataDir));
  try {
    const title =
      (upload.fields.title ?? '').trim() || upload.files[0]?.fileName || UNNAMED_MATERIAL;
    const description = upload.fields.description ?? '';
    if ([...title].length > MAX_TITLE || description.length > MAX_DESCRIPTION) {
      const fields = {
        ...([...title].length > MAX_TITLE ? { title: 'too long' } : {}),
        ...(description.length > MAX_DESCRIPTION ? { description: 'too long' } : {}),
      };
      throw new AppError('VALIDATION_FAILED', { details: { fields } });
    }
    const files = await identify(upload.files);
    const materialId = randomUUID();
    const { language, json } = await extractAsJson(files, d.config.extract, signal);
    await store(d, userId, materialId, files, async (stored) => {
      const now = iso(d.clock.now());
      await d.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('materials')
          .values({
            id: materialId,
            user_id: userId,
            title,
            description,
            type: files[0]?.fileType ?? 'unknown',
            language,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto('material_files')
          .values(
            files.map((f, position) => ({
              id: f.id,
              material_id: materialId,
              user_id: userId,
              position,
              file_name: f.fileName,
              file_type: f.fileType,
              mime_type: mimeTypeFor(f.kind, f.fileType),
              file_size: stored[position]!.size,
              storage_key: stored[position]!.key,
              sha256: stored[position]!.sha256,
              created_at: now,
            })),
          )
          .execute();
        await trx
          .insertInto('material_contents')
          .values({ material_id: materialId, document: json, created_at: now })
          .execute();
        // Last chance to honour a client that went away: roll everything back.
        if (signal?.aborted) throw new AppError('EXTRACTION_CANCELLED');
      });
    });
    return await getMaterial(d.db, userId, materialId);
  } finally {
    await discardUpload(upload);
  }
}

/**
 * Extracts the files and serialises the document at once, so only the JSON text outlives this
 * call: the block objects (the larger form) can be collected while the files are stored.
 */
async function extractAsJson(
  files: IdentifiedFile[],
  extract: Config['extract'],
  signal?: AbortSignal,
): Promise<{ language: string; json: string }> {
  const document = await extractDocument(
    files.map((f) => ({ fileId: f.id, path: f.tempPath, fileName: f.fileName, kind: f.kind })),
    extractLimitsFrom(extract),
    signal,
  );
  return { language: document.language, json: JSON.stringify(document) };
}

interface IdentifiedFile extends ReceivedFile {
  id: string;
  kind: FileKind;
  fileType: string;
}

/** Decides each file's kind from its bytes; errors name the file. */
async function identify(files: ReceivedFile[]): Promise<IdentifiedFile[]> {
  const out: IdentifiedFile[] = [];
  for (const f of files) {
    let kind: FileKind;
    try {
      kind = await sniffKind(f.tempPath, f.fileName);
    } catch (err) {
      if (err instanceof AppError) {
        throw new AppError(err.code, {
          params: { ...err.params, name: f.fileName },
          details: { ...err.details, fileName: f.fileName },
          cause: err.cause,
        });
      }
      throw err;
    }
    out.push({ ...f, id: randomUUID(), kind, fileType: fileTypeOf(kind, f.fileName) });
  }
  return out;
}

/**
 * Copies the temp files into storage and runs `commit`; if storing or committing fails, every
 * object already stored is removed again before the error goes on.
 */
async function store(
  d: UploadDeps,
  userId: string,
  materialId: string,
  files: IdentifiedFile[],
  commit: (stored: Array<{ key: string; size: number; sha256: string }>) => Promise<void>,
) {
  const stored: Array<{ key: string; size: number; sha256: string }> = [];
  try {
    for (const f of files) {
      const key = fileKey(userId, materialId, f.id);
      const result = await d.storage.put(key, fs.createReadStream(f.tempPath));
      stored.push({ key, ...result });
    }
    await commit(stored);
  } catch (err) {
    // Includes a key whose put failed: put leaves nothing, and deleting nothing is fine.
    await removeStored(d, [
      ...stored.map((s) => s.key),
      ...files.slice(stored.length).map((f) => fileKey(userId, materialId, f.id)),
    ]);
    throw err;
  }
}
