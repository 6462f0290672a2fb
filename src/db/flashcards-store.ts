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

export interface StoredQuizOfMaterial {
  quizId: string;
  title: string;
  /** A report is on the device, or the material says the quiz was completed. */
  reported: boolean;
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * The quizzes of a material this device knows: the material's own quiz list (as GET
 * /materials/{id} answered it), the quizzes kept for taking and the reports kept.
 */
export async function storedQuizzesOfMaterial(
  userId: string,
  materialId: string,
): Promise<StoredQuizOfMaterial[]> {
  try {
    const [material, quizzes, reports] = await Promise.all([
      db.materials.get([userId, materialId]),
      db.quizzes.where('[userId+materialId]').equals([userId, materialId]).toArray(),
      db.reports.where('userId').equals(userId).toArray(),
    ]);
    const byId = new Map<string, StoredQuizOfMaterial>();
    const add = (quizId: string, title: string, reported: boolean) => {
      if (!quizId) return;
      const old = byId.get(quizId);
      byId.set(quizId, {
        quizId,
        title: old?.title || title,
        reported: Boolean(old?.reported) || reported,
      });
    };
    const listed = Array.isArray(material?.data.quizzes) ? material.data.quizzes : [];
    for (const raw of listed as ApiRecord[]) {
      if (!raw || typeof raw !== 'object') continue;
      add(
        text(raw.quizId) || text(raw.id) || text(raw.quiz_id),
        text(raw.title),
        raw.completed === true,
      );
    }
    for (const q of quizzes) add(q.id, text(q.data.title), false);
    for (const r of reports) {
      if (r.materialId === materialId) add(r.quizId, text(r.data.quizTitle), true);
    }
    return [...byId.values()];
  } catch (err) {
    reportStorageError(err);
    return [];
  }
}
