import { db, type ApiRecord, type AttemptRow, type MaterialRow, type QuizRow } from './index';
import { quietly, reportStorageError } from './storage-status';

/**
 * Write-through copies of what the API answered, and the reads the pages make of them (with
 * useLiveQuery). Writes never fail the caller: a page that got its data from the network shows
 * it even when the device cannot store it. Reads answer "nothing stored" when storage fails.
 */

/** A record with the keys the caller read from it (features know their API's shapes). */
export interface MaterialRecord {
  id: string;
  createdAt?: string;
  data: ApiRecord;
}
export interface QuizRecord {
  id: string;
  materialId: string;
  data: ApiRecord;
}
export interface ReportRecord {
  quizId: string;
  materialId: string;
  data: ApiRecord;
}

const LIST_FETCHED = 'materials-list-fetched';

async function safeRead<T>(read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (err) {
    reportStorageError(err);
    return fallback;
  }
}

/** Deletes what hangs off these materials: quizzes, reports, attempts in progress. */
async function forgetChildren(userId: string, materialIds: readonly string[]) {
  if (materialIds.length === 0) return;
  const gone = new Set(materialIds);
  await db.quizzes
    .where('[userId+materialId]')
    .anyOf(materialIds.map((id) => [userId, id]))
    .delete();
  await db.reports
    .where('userId')
    .equals(userId)
    .filter((r) => gone.has(r.materialId))
    .delete();
  await db.attempts
    .where('userId')
    .equals(userId)
    .filter((r) => gone.has(r.materialId))
    .delete();
}

/**
 * The whole list (GET /materials): replaces the user's materials. One missing from the answer
 * was deleted elsewhere and goes, unless it was written after the request left (an upload
 * that finished meanwhile).
 */
export function saveMaterialList(userId: string, records: MaterialRecord[], startedAt: number) {
  // The whole list is the one page that covers all of time.
  return saveMaterialPage(userId, records, { more: false }, startedAt);
}

/** Where a page of the list sits: the last page's oldest createdAt above it, if any. */
export interface ListPageBounds {
  /** createdAt of the previous page's last material; undefined for the first page. */
  below?: string;
  /** False on the last page: nothing older is left on the server. */
  more: boolean;
}

/**
 * One page of GET /materials?limit=: stored like the whole list, for the stretch of time the
 * page covers (newer than its last material, older than the page before). A stored material
 * inside that stretch and missing from the page was deleted elsewhere and goes; older ones,
 * not fetched yet this time, stay for offline use.
 */
export function saveMaterialPage(
  userId: string,
  records: MaterialRecord[],
  bounds: ListPageBounds,
  startedAt: number,
) {
  return quietly(() =>
    db.transaction('rw', [db.materials, db.quizzes, db.reports, db.attempts, db.meta], async () => {
      const now = Date.now();
      const keep = new Set(records.map((r) => r.id));
      const oldest = bounds.more ? (records[records.length - 1]?.createdAt ?? '') : '';
      const covered = (createdAt: string) =>
        (bounds.below === undefined || createdAt < bounds.below) &&
        (oldest === '' || createdAt > oldest);
      const old = await db.materials.where('userId').equals(userId).toArray();
      const gone = old
        .filter((m) => !keep.has(m.id) && m.fetchedAt < startedAt && covered(m.createdAt))
        .map((m) => m.id);
      await db.materials.bulkDelete(gone.map((id) => [userId, id] as [string, string]));
      await forgetChildren(userId, gone);
      await db.materials.bulkPut(
        records.map((r) => ({
          userId,
          id: r.id,
          createdAt: r.createdAt ?? '',
          data: r.data,
          fetchedAt: now,
        })),
      );
      await db.meta.put({ userId, key: LIST_FETCHED, value: now });
    }),
  );
}

/** One material (detail, upload or edit answer). */
export function saveMaterial(userId: string, record: MaterialRecord) {
  return quietly(() =>
    db.materials.put({
      userId,
      id: record.id,
      createdAt: record.createdAt ?? '',
      data: record.data,
      fetchedAt: Date.now(),
    }),
  );
}

/** Merges fields into a stored material (an edit, shown before the server confirms it). */
export function patchMaterial(userId: string, id: string, patch: ApiRecord) {
  return quietly(() =>
    db.transaction('rw', db.materials, async () => {
      const row = await db.materials.get([userId, id]);
      if (row) await db.materials.put({ ...row, data: { ...row.data, ...patch } });
    }),
  );
}

/** A material deleted (or answered 404): it goes with its quizzes, reports and attempts. */
export function forgetMaterial(userId: string, id: string) {
  return quietly(() =>
    db.transaction('rw', [db.materials, db.quizzes, db.reports, db.attempts], async () => {
      await db.materials.delete([userId, id]);
      await forgetChildren(userId, [id]);
    }),
  );
}

export interface StoredMaterialList {
  /** False until a list answer was stored: "nothing stored" is not "no materials". */
  fetched: boolean;
  rows: MaterialRow[];
}

/** The user's materials, newest first. */
export function readMaterialList(userId: string): Promise<StoredMaterialList> {
  return safeRead(
    async () => {
      const [rows, fetched] = await Promise.all([
        db.materials.where('userId').equals(userId).toArray(),
        db.meta.get([userId, LIST_FETCHED]),
      ]);
      rows.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
      return { fetched: Boolean(fetched), rows };
    },
    { fetched: false, rows: [] },
  );
}

export const readMaterial = (userId: string, id: string) =>
  safeRead(async () => (await db.materials.get([userId, id])) ?? null, null);

/** GET /quiz/{id}: the questions (never the key) and the server's saved progress. */
export function saveQuiz(userId: string, record: QuizRecord) {
  return quietly(() => db.quizzes.put({ userId, ...record, fetchedAt: Date.now() }));
}

export const readQuiz = (userId: string, id: string): Promise<QuizRow | null> =>
  safeRead(async () => (await db.quizzes.get([userId, id])) ?? null, null);

export function forgetQuiz(userId: string, id: string) {
  return quietly(() =>
    db.transaction('rw', [db.quizzes, db.reports, db.attempts], async () => {
      await db.quizzes.delete([userId, id]);
      await db.reports.delete([userId, id]);
      await db.attempts.delete([userId, id]);
    }),
  );
}

/** Ids of the user's quizzes that can be taken offline, with when each copy was fetched. */
export function storedQuizzes(userId: string): Promise<Map<string, number>> {
  return safeRead(async () => {
    const rows = await db.quizzes.where('userId').equals(userId).toArray();
    return new Map(rows.map((r) => [r.id, r.fetchedAt]));
  }, new Map<string, number>());
}

/**
 * Stores a report. `requestedAt` (a GET's start): skip when a newer copy arrived meanwhile —
 * a queued submission delivered while the GET was on its way holds the newer attempt.
 */
export function saveReport(userId: string, record: ReportRecord, requestedAt?: number) {
  return quietly(() =>
    db.transaction('rw', db.reports, async () => {
      const old = await db.reports.get([userId, record.quizId]);
      if (requestedAt !== undefined && old && old.fetchedAt > requestedAt) return;
      await db.reports.put({ userId, ...record, fetchedAt: Date.now() });
    }),
  );
}

export const readReport = (userId: string, quizId: string) =>
  safeRead(async () => (await db.reports.get([userId, quizId])) ?? null, null);

export function forgetReport(userId: string, quizId: string, requestedAt?: number) {
  return quietly(() =>
    db.transaction('rw', db.reports, async () => {
      const old = await db.reports.get([userId, quizId]);
      if (requestedAt !== undefined && old && old.fetchedAt > requestedAt) return;
      await db.reports.delete([userId, quizId]);
    }),
  );
}

/** The answers in progress, on every change. */
export function saveAttempt(userId: string, attempt: Omit<AttemptRow, 'userId' | 'updatedAt'>) {
  return quietly(() => db.attempts.put({ userId, ...attempt, updatedAt: Date.now() }));
}

export const readAttempt = (userId: string, quizId: string) =>
  safeRead(async () => (await db.attempts.get([userId, quizId])) ?? null, null);

export function deleteAttempt(userId: string, quizId: string) {
  return quietly(() => db.attempts.delete([userId, quizId]));
}
