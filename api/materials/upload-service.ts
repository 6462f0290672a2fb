import fs from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import type { Insertable, Transaction } from 'kysely';
import type { Database, MaterialBlocksTable } from '../db/schema.js';
import type { Config } from '../env.js';
import { iso } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import {
  defaultLimits,
  extractToFiles,
  readStagedBlocks,
  type ExtractLimits,
  type FileKind,
  type StagedDocument,
} from '../extract/index.js';
import { fileTypeOf, sniffKind } from '../extract/sniff.js';
import { fileKey } from '../storage/storage.js';
import { cleanDescription, cleanTitle, mimeTypeFor } from './file-types.js';
import {
  getMaterial,
  removeStored,
  storedBlockText,
  type MaterialDeps,
} from './material-service.js';
import type { MaterialView } from './presenter.js';
import {
  discardUpload,
  receiveUpload,
  type ReceivedFile,
  type ReceivedUpload,
  type UploadRequest,
} from './upload-parser.js';
import { claimStorage, quotaExceeded, storageUsage } from './storage-quota.js';
import { uploadTempRoot } from './upload-temp.js';
import { blockSearchText, materialSearchText } from './search.js';

export type UploadDeps = MaterialDeps & {
  config: Pick<Config, 'dataDir' | 'uploads' | 'extract' | 'storageQuota'>;
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
  /** Stored with the material (unique per user); see uploadMaterialOnce. */
  idempotencyKey?: string,
  /** Told what the upload carried (fingerprintOf) once it is received. */
  onReceived?: (fingerprint: string) => void,
): Promise<MaterialView> {
  // The learner's storage left, as it is now; the transaction that records the files checks
  // again under a lock, so parallel uploads cannot pass the limit together.
  const usage = await storageUsage(d.db, d.config, userId);
  const upload = await receiveUpload(req, d.config.uploads, uploadTempRoot(d.config.dataDir), {
    availableBytes: usage.availableBytes,
    exceeded: () => quotaExceeded(usage),
  });
  const fingerprint = fingerprintOf(upload);
  onReceived?.(fingerprint);
  try {
    const title =
      cleanTitle(upload.fields.title ?? '') || upload.files[0]?.fileName || UNNAMED_MATERIAL;
    const description = cleanDescription(upload.fields.description ?? '');
    if ([...title].length > MAX_TITLE || description.length > MAX_DESCRIPTION) {
      const fields = {
        ...([...title].length > MAX_TITLE ? { title: 'too long' } : {}),
        ...(description.length > MAX_DESCRIPTION ? { description: 'too long' } : {}),
      };
      throw new AppError('VALIDATION_FAILED', { details: { fields } });
    }
    const files = await identify(upload.files);
    const materialId = randomUUID();
    const document = await extractToFiles(
      files.map((f) => ({
        fileId: f.id,
        path: f.tempPath,
        fileName: f.fileName,
        kind: f.kind,
        blocksPath: `${f.tempPath}.blocks.ndjson`,
      })),
      extractLimitsFrom(d.config.extract),
      signal,
    );
    await store(d, userId, materialId, files, async (stored) => {
      const now = iso(d.clock.now());
      await d.db.transaction().execute(async (trx) => {
        const adding = stored.reduce((sum, s) => sum + s.size, 0);
        await claimStorage(trx, d.config, userId, adding);
        await trx
          .insertInto('materials')
          .values({
            id: materialId,
            user_id: userId,
            title,
            description,
            type: files[0]?.fileType ?? 'unknown',
            language: document.language,
            created_at: now,
            updated_at: now,
            idempotency_key: idempotencyKey ?? null,
            idempotency_fingerprint: idempotencyKey ? fingerprint : null,
            search_text: materialSearchText(title, description),
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
          .values({
            material_id: materialId,
            language: document.language,
            warnings: JSON.stringify(document.warnings),
            created_at: now,
          })
          .execute();
        await insertBlocks(trx, materialId, document, signal);
        // Last chance to honour a client that went away: roll everything back.
        if (signal?.aborted) throw new AppError('EXTRACTION_CANCELLED');
      });
    });
    return await getMaterial(d.db, userId, materialId);
  } finally {
    await discardUpload(upload);
  }
}

/** The user's material made by the upload that carried this Idempotency-Key, if any. */
async function findByIdempotencyKey(d: UploadDeps, userId: string, key: string) {
  const row = await d.db
    .selectFrom('materials')
    .select(['id', 'idempotency_fingerprint'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  return {
    material: await getMaterial(d.db, userId, row.id),
    fingerprint: row.idempotency_fingerprint,
  };
}

/**
 * What an upload carried, as one sha256: its title and description fields as sent, and each
 * file's name and content hash in order. A retry of the same upload (the outbox builds a new
 * multipart body, with a new boundary, every time) has the same fingerprint.
 */
export function fingerprintOf(upload: Pick<ReceivedUpload, 'fields' | 'files'>): string {
  const what = JSON.stringify([
    upload.fields.title ?? null,
    upload.fields.description ?? null,
    upload.files.map((f) => [f.fileName, f.sha256]),
  ]);
  return createHash('sha256').update(what).digest('hex');
}

/**
 * Reads a repeated upload to its end (under the same limits as the first, to temp files that
 * are removed at once, so the client still sending it gets its answer on a connection in good
 * order) and answers whether it carried what the first one did. A material made before
 * fingerprints were kept has none: a repeat of it is answered as before.
 */
async function sameUpload(d: UploadDeps, req: UploadRequest, fingerprint: string | null) {
  const upload = await receiveUpload(req, d.config.uploads, uploadTempRoot(d.config.dataDir));
  try {
    return fingerprint === null || fingerprintOf(upload) === fingerprint;
  } finally {
    await discardUpload(upload);
  }
}

/**
 * uploadMaterial under the client's Idempotency-Key (the offline outbox sends the same key on
 * every try). The key seen again for this user answers the material the first request made —
 * its files are not read or stored again; two requests racing with one key make one material
 * (the unique (user, key) index decides, and the loser's stored files are removed). `replayed`
 * says the material was already there.
 */
export async function uploadMaterialOnce(
  d: UploadDeps,
  userId: string,
  key: string,
  req: UploadRequest,
  signal?: AbortSignal,
): Promise<{ material: MaterialView; replayed: boolean }> {
  const existing = await findByIdempotencyKey(d, userId, key);
  if (existing) {
    // The same key with another upload is a client bug: refused, not answered with the first.
    if (!(await sameUpload(d, req, existing.fingerprint))) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    }
    return { material: existing.material, replayed: true };
  }
  let mine: string | undefined;
  try {
    const material = await uploadMaterial(d, userId, req, signal, key, (f) => (mine = f));
    return { material, replayed: false };
  } catch (err) {
    // A parallel copy of the same request won the unique index (or finished while this one
    // failed): its material is the answer to both — unless this one carried something else.
    const winner = await findByIdempotencyKey(d, userId, key).catch(() => null);
    if (winner) {
      if (mine && winner.fingerprint && mine !== winner.fingerprint) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED');
      }
      return { material: winner.material, replayed: true };
    }
    throw err;
  }
}

/** Rows per insert (5 parameters each, far under both databases' limits) and text per insert. */
const BLOCK_BATCH_ROWS = 500;
const BLOCK_BATCH_CHARS = 1_000_000;

/**
 * Copies the staged blocks into material_blocks, a bounded batch at a time, so a 60 MB upload
 * never has its whole text in this thread (let alone as one string). A client that went away
 * stops it between batches; the transaction then rolls back.
 */
async function insertBlocks(
  trx: Transaction<Database>,
  materialId: string,
  document: StagedDocument,
  signal?: AbortSignal,
) {
  let batch: Insertable<MaterialBlocksTable>[] = [];
  let chars = 0;
  const flush = async () => {
    if (signal?.aborted) throw new AppError('EXTRACTION_CANCELLED');
    await trx.insertInto('material_blocks').values(batch).execute();
    batch = [];
    chars = 0;
  };
  let seq = 0;
  for await (const block of readStagedBlocks(document)) {
    const stored = storedBlockText(block.text);
    batch.push({
      material_id: materialId,
      seq: seq++,
      file_id: block.fileId,
      ...stored,
      location: JSON.stringify(block.location),
      search_text: blockSearchText(stored),
    });
    chars += block.text.length;
    if (batch.length >= BLOCK_BATCH_ROWS || chars >= BLOCK_BATCH_CHARS) await flush();
  }
  if (batch.length > 0) await flush();
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
