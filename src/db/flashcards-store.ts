import { db, type ApiRecord } from './index';
import { quietly, reportStorageError } from './storage-status';

/**
 * A material's term ↔ definition cards (GET /materials/{id}/flashcards → data), kept in the
 * per-user meta store so the flashcards page works offline after one online visit. A material
 * forgotten on the device takes its cards along at sign-out (wipe by userId).
 */
const key = (materialId: string) => `flashcards:${materialId}`;

export interface StoredTermCards {
  data: ApiRecord;
  fetchedAt: number;
}

export function saveMaterialFlashcards(userId: string, materialId: string, data: ApiRecord) {
  return quietly(() =>
    db.meta.put({ userId, key: key(materialId), value: { data, fetchedAt: Date.now() } }),
  );
}

export async function readMaterialFlashcards(
  userId: string,
  materialId: string,
): Promise<StoredTermCards | null> {
  try {
    const row = await db.meta.get([userId, key(materialId)]);
    const value = row?.value as StoredTermCards | undefined;
    return value && typeof value === 'object' && value.data ? value : null;
  } catch (err) {
    reportStorageError(err);
    return null;
  }
}

/** The quizzes of a material this device keeps (id, title), with whether a report is stored. */
export async function storedQuizzesOfMaterial(
  userId: string,
  materialId: string,
): Promise<Array<{ quizId: string; title: string; reported: boolean }>> {
  try {
    const [quizzes, reports] = await Promise.all([
      db.quizzes.where('[userId+materialId]').equals([userId, materialId]).toArray(),
      db.reports.where('userId').equals(userId).toArray(),
    ]);
    const reported = new Set(
      reports.filter((r) => r.materialId === materialId).map((r) => r.quizId),
    );
    const seen = new Set<string>();
    const out: Array<{ quizId: string; title: string; reported: boolean }> = [];
    for (const q of quizzes) {
      seen.add(q.id);
      out.push({ quizId: q.id, title: String(q.data.title ?? ''), reported: reported.has(q.id) });
    }
    for (const r of reports) {
      if (r.materialId !== materialId || seen.has(r.quizId)) continue;
      out.push({ quizId: r.quizId, title: String(r.data.quizTitle ?? ''), reported: true });
    }
    return out;
  } catch (err) {
    reportStorageError(err);
    return [];
  }
}
