import type { Readable } from 'node:stream';
import type { Deps } from '../lib/context.js';
import type { Db } from '../db/database.js';
import type { Material } from '../db/schema.js';
import { iso } from '../lib/clock.js';
import { deleteRecorded, recordDeletions } from '../storage/pending-deletions.js';
import { AppError } from '../lib/errors.js';
import { findOwned } from '../auth/owned-row.js';
import { sql } from 'kysely';
import { containsPattern, materialSearchText, searchWords } from './search.js';
import { cleanDescription, cleanTitle } from './file-types.js';
import type { ExtractedDocument } from '../extract/index.js';
import { refundFreeQuiz } from '../quiz/quota.js';
import { examOfMaterial } from '../exam/exam-generation.js';
import { summarizeExam, type ExamSummary } from '../exam/exam-summary.js';
import {
  presentContent,
  MATERIAL_COLUMNS,
  presentMaterial,
  type FileRow,
  type MaterialRow,
  type MaterialView,
  type QuizSummaryRow,
} from './presenter.js';

export type MaterialDeps = Pick<Deps, 'db' | 'storage' | 'clock' | 'logger'>;

const FILE_COLUMNS = [
  'id',
  'material_id',
  'position',
  'file_name',
  'file_type',
  'file_size',
] as const;

export const QUIZ_SUMMARY_COLUMNS = [
  'id',
  'material_id',
  'title',
  'description',
  'difficulty',
  'language',
  'question_types',
  'question_count',
  'completed',
  'score',
  'answered_count',
  'created_at',
  'last_taken_at',
  'best_score',
  'attempt_count',
] as const;

function groupBy<T extends { material_id: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const group = map.get(r.material_id);
    if (group) group.push(r);
    else map.set(r.material_id, [r]);
  }
  return map;
}

/** What GET /materials takes: all of it by default, or a page (limit, cursor) and a query. */
export interface ListOptions {
  /** Materials per page; undefined answers the whole list (the spec's client reads it so). */
  limit?: number;
  /** nextCursor of the page before. */
  cursor?: string;
  /** Words every listed material has in its title, description or extracted text. */
  q?: string;
}

/** Where a page ended: the last material's (created_at, id), opaque to the client. */
const encodeCursor = (m: Pick<Material, 'created_at' | 'id'>) =>
  Buffer.from(JSON.stringify([m.created_at, m.id])).toString('base64url');

function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      return value as [string, string];
    }
  } catch {
    // falls through to the error below
  }
  throw new AppError('VALIDATION_FAILED', { details: { fields: { cursor: 'invalid' } } });
}

/**
 * The user's materials, newest first, each with its files and quiz summaries: all of them, or
 * one page of `limit` after `cursor` with the cursor of the next (null on the last page). With
 * `q`, only those whose title, description or extracted text contain every word of it, compared
 * folded (api/materials/search.ts: 台北 finds 臺北).
 */
export async function listMaterials(
  db: Db,
  userId: string,
  options: ListOptions = {},
): Promise<{ materials: MaterialView[]; nextCursor: string | null }> {
  let query = db
    .selectFrom('materials')
    .select(MATERIAL_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (options.cursor) {
    const [createdAt, id] = decodeCursor(options.cursor);
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', createdAt),
        eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
      ]),
    );
  }
  for (const word of searchWords(options.q ?? '')) {
    const pattern = containsPattern(word);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`${eb.ref('materials.search_text')} like ${pattern} escape '\\'`,
        eb.exists(
          eb
            .selectFrom('material_blocks as b')
            .select(sql`1`.as('one'))
            .whereRef('b.material_id', '=', 'materials.id')
            .where(sql<boolean>`coalesce(b.search_text, b.text) like ${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  if (options.limit !== undefined) query = query.limit(options.limit + 1);
  const rows = await query.execute();
  const more = options.limit !== undefined && rows.length > options.limit;
  const materials = more ? rows.slice(0, options.limit) : rows;
  const nextCursor = more ? encodeCursor(materials[materials.length - 1]!) : null;
  if (materials.length === 0) return { materials: [], nextCursor };
  const whole = options.limit === undefined && !options.q;
  const ids = materials.map((m) => m.id);
  // The whole list reads through the user's materials: material_files has an index on
  // material_id, none on user_id, and a scan of every account's files would grow with the site.
  // A page reads by its materials' ids alone (they are the user's, read above): with user_id
  // in the same WHERE, SQLite picks the user_id index and reads every file and quiz of the
  // account to keep a page's worth.
  let fileQuery = db.selectFrom('material_files').select(FILE_COLUMNS).orderBy('position');
  fileQuery = whole
    ? fileQuery
        .where('user_id', '=', userId)
        .where('material_id', 'in', (eb) =>
          eb.selectFrom('materials').select('id').where('user_id', '=', userId),
        )
    : fileQuery.where('material_id', 'in', ids);
  const files = await fileQuery.execute();
  let quizQuery = db
    .selectFrom('quizzes')
    .select(QUIZ_SUMMARY_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  quizQuery = whole
    ? quizQuery.where('user_id', '=', userId)
    : quizQuery.where('material_id', 'in', ids);
  const quizzes = await quizQuery.execute();
  const filesOf = groupBy<FileRow>(files);
  const quizzesOf = groupBy<QuizSummaryRow>(quizzes);
  return {
    materials: materials.map((m) =>
      presentMaterial(m, filesOf.get(m.id) ?? [], quizzesOf.get(m.id) ?? []),
    ),
    nextCursor,
  };
}

async function present(db: Db, m: MaterialRow): Promise<MaterialView> {
  const files = await db
    .selectFrom('material_files')
    .select(FILE_COLUMNS)
    .where('material_id', '=', m.id)
    .orderBy('position')
    .execute();
  const quizzes = await db
    .selectFrom('quizzes')
    .select(QUIZ_SUMMARY_COLUMNS)
    .where('material_id', '=', m.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return presentMaterial(m, files, quizzes);
}

/** One of the user's materials with its files and quiz summaries. */
export async function getMaterial(db: Db, userId: string, id: string): Promise<MaterialView> {
  return present(db, await findOwned(db, 'materials', userId, id));
}

/**
 * One material as its detail page shows it: getMaterial plus `exam`, what the exam reader
 * recognised in its files (null for anything but an exam paper), read from the stored blocks
 * on every request (the reader is linear and leaves prose early).
 */
export async function getMaterialDetail(
  db: Db,
  userId: string,
  id: string,
): Promise<MaterialView & { exam: ExamSummary | null }> {
  return withExam(db, userId, await getMaterial(db, userId, id));
}

/** A material view with its `exam` summary (the detail and the upload answer carry it). */
export async function withExam(
  db: Db,
  userId: string,
  view: MaterialView,
): Promise<MaterialView & { exam: ExamSummary | null }> {
  const exam = examOfMaterial(await loadDocument(db, userId, view.id));
  return { ...view, exam: summarizeExam(exam) };
}

/**
 * Renames or re-describes a material; a blank title is TITLE_REQUIRED and nothing is saved.
 * The text is cleaned exactly as an upload's fields are (cleanTitle, cleanDescription), and the
 * answer is the row as stored, read back (issue 19).
 */
export async function updateMaterial(
  d: Pick<MaterialDeps, 'db' | 'clock'>,
  userId: string,
  id: string,
  changes: { title?: string; description?: string },
): Promise<MaterialView> {
  const material = await findOwned(d.db, 'materials', userId, id);
  const title = changes.title === undefined ? undefined : cleanTitle(changes.title);
  const description =
    changes.description === undefined ? undefined : cleanDescription(changes.description);
  if (changes.title !== undefined && !title) throw new AppError('TITLE_REQUIRED');
  if (title === undefined && description === undefined) return present(d.db, material);
  const set = {
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    updated_at: iso(d.clock.now()),
    search_text: materialSearchText(title ?? material.title, description ?? material.description),
  };
  await d.db.updateTable('materials').set(set).where('id', '=', id).execute();
  return present(d.db, await findOwned(d.db, 'materials', userId, id));
}

/** The word a learner types to delete a material that has quizzes. */
export const DELETE_CONFIRMATION = 'DELETE';

/**
 * Deletes a material, its files, extracted text and quizzes. With quizzes it needs the exact
 * confirmation word, else CONFIRMATION_REQUIRED (requiresConfirmation). Stored files go only
 * after the rows are committed, so a failed delete never leaves rows pointing at nothing.
 * Generations of the material still queued or being made are cancelled and their free quizzes
 * given back in the same transaction (issue 19): the runner making one sees its row gone and
 * stops, and its own end finds nothing left to refund.
 */
export async function deleteMaterial(
  d: MaterialDeps,
  userId: string,
  id: string,
  confirmationCode: string | undefined,
): Promise<void> {
  const keys = await d.db.transaction().execute(async (trx) => {
    await findOwned(trx, 'materials', userId, id, ['id']);
    const { count } = await trx
      .selectFrom('quizzes')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('material_id', '=', id)
      .executeTakeFirstOrThrow();
    const quizCount = Number(count);
    if (quizCount > 0 && confirmationCode !== DELETE_CONFIRMATION) {
      throw new AppError('CONFIRMATION_REQUIRED', {
        details: { requiresConfirmation: true, quizCount },
      });
    }
    const files = await trx
      .selectFrom('material_files')
      .select('storage_key')
      .where('material_id', '=', id)
      .execute();
    await cancelOpenGenerations(trx, d.clock, id);
    await trx.deleteFrom('materials').where('id', '=', id).execute();
    const stored = files.map((f) => f.storage_key);
    // With the rows: objects the store cannot delete now are deleted later (purgeDeletions).
    await recordDeletions(trx, d.clock, stored);
    return stored;
  });
  await deleteRecorded(d, keys);
}

/**
 * Ends the material's open generations as cancelled and refunds the free quizzes they
 * reserved. One UPDATE naming the open states: on PostgreSQL it waits for a runner or a cancel
 * ending the same row and re-checks, so a generation is refunded by exactly one of them.
 */
async function cancelOpenGenerations(trx: Db, clock: MaterialDeps['clock'], materialId: string) {
  const ended = await trx
    .updateTable('quiz_generations')
    .set({
      status: 'cancelled',
      cancel_requested: 1,
      error_code: 'GENERATION_CANCELLED',
      updated_at: iso(clock.now()),
    })
    .where('material_id', '=', materialId)
    .where('status', 'in', ['queued', 'running'])
    .returning(['user_id', 'quota_reserved'])
    .execute();
  for (const g of ended) if (g.quota_reserved === 1) await refundFreeQuiz(trx, g.user_id);
}

/**
 * Deletes stored objects no row points at (an upload that failed after storing some); the
 * ones the store cannot delete now are recorded and deleted later (purgeDeletions).
 */
export async function removeStored(d: MaterialDeps, keys: string[]) {
  const results = await Promise.allSettled(keys.map((k) => d.storage.delete(k)));
  const failed = keys.filter((_, i) => results[i]!.status === 'rejected');
  if (failed.length === 0) return;
  d.logger.warn({ keys: failed }, 'could not remove stored files; will try again');
  await recordDeletions(d.db, d.clock, failed).catch((err: unknown) =>
    d.logger.error({ err, keys: failed }, 'could not record stored files to remove'),
  );
}

/** Characters a text column cannot keep: U+0000 (PostgreSQL) and lone surrogates (UTF-8). */
const UNSTORABLE = /[\0\p{Cs}]/u;

/**
 * A block's text as material_blocks keeps it: as it is, or — when it holds a character the
 * column would refuse or replace — as a JSON string literal, so it reads back unchanged.
 */
export function storedBlockText(text: string): { text: string; text_escaped: number } {
  return UNSTORABLE.test(text)
    ? { text: JSON.stringify(text), text_escaped: 1 }
    : { text, text_escaped: 0 };
}

/**
 * The extracted document of one of the user's materials (blocks, language, warnings); the one
 * way to read it, so how it is stored can change.
 */
export async function loadDocument(
  db: Db,
  userId: string,
  materialId: string,
): Promise<ExtractedDocument> {
  await findOwned(db, 'materials', userId, materialId, ['id']);
  const row = await db
    .selectFrom('material_contents')
    .select(['language', 'warnings'])
    .where('material_id', '=', materialId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  const blocks = await db
    .selectFrom('material_blocks')
    .select(['file_id', 'text', 'text_escaped', 'location'])
    .where('material_id', '=', materialId)
    .orderBy('seq')
    .execute();
  const files = await db
    .selectFrom('material_files')
    .select(['id', 'file_name'])
    .where('material_id', '=', materialId)
    .execute();
  type Doc = ExtractedDocument;
  return {
    fileNames: Object.fromEntries(files.map((f) => [f.id, f.file_name])),
    blocks: blocks.map((b) => ({
      fileId: b.file_id,
      text: b.text_escaped ? (JSON.parse(b.text) as string) : b.text,
      location: JSON.parse(b.location) as Doc['blocks'][number]['location'],
    })),
    language: row.language as Doc['language'],
    warnings: JSON.parse(row.warnings) as Doc['warnings'],
  };
}

/** The extracted text of one of the user's materials, with the files its blocks point to. */
export async function getContent(db: Db, userId: string, id: string) {
  const document = await loadDocument(db, userId, id);
  const files = await db
    .selectFrom('material_files')
    .select(FILE_COLUMNS)
    .where('material_id', '=', id)
    .orderBy('position')
    .execute();
  return presentContent(document, files);
}

/** An original file of one of the user's materials, ready to stream back. */
export async function openFile(
  d: Pick<MaterialDeps, 'db' | 'storage'>,
  userId: string,
  materialId: string,
  fileId: string,
): Promise<{ fileName: string; mimeType: string; size: number; body: Readable }> {
  const file = await d.db
    .selectFrom('material_files')
    .select(['file_name', 'mime_type', 'file_size', 'storage_key'])
    .where('id', '=', fileId)
    .where('material_id', '=', materialId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!file) throw new AppError('NOT_FOUND');
  return {
    fileName: file.file_name,
    mimeType: file.mime_type,
    size: file.file_size,
    body: await d.storage.get(file.storage_key),
  };
}
