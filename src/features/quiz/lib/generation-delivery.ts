import i18n from '../../../i18n';
import { paths } from '../../../config/paths';
import { db, type ApiRecord, type OutboxRow } from '../../../db';
import { saveMaterial } from '../../../db/cache';
import { toast } from '../../../components/ui/toast';
import { useAuthStore } from '../../../stores/auth-store';
import { api } from '../../../lib/api-client';
import { answerRecord } from '../../../lib/api-answer';
import { materialChanged } from '../../../lib/data-events';

/** Long enough to read and reach the link (the same as the other sync toasts). */
const GENERATED_TOAST_MS = 8000;

const text = (...values: unknown[]) =>
  values.find((v): v is string => typeof v === 'string' && v !== '') ?? '';

/** The quiz a delivered generation made: its id and its material's. */
export function generatedQuiz(item: OutboxRow, data: ApiRecord) {
  return {
    quizId: text(data.quizId, data.testId, data.id),
    materialId: text(data.materialId, item.subject.materialId),
  };
}

/**
 * Inside the transaction that removes the item: the new quiz is kept as GET /quiz/{id} would
 * keep it (the generate answer has the same questions, without their key), so it opens at once
 * and offline, and the "available offline" mark shows.
 */
export async function storeGenerated(item: OutboxRow, data: ApiRecord): Promise<void> {
  const { quizId, materialId } = generatedQuiz(item, data);
  if (!quizId) return;
  await db.quizzes.put({
    userId: item.userId,
    id: quizId,
    materialId,
    data,
    fetchedAt: Date.now(),
  });
}

/**
 * The material's stored copy lists its quizzes: fetch it again so the material page (which
 * reads the device copy) shows the new quiz. Best effort: the page's own fetch does it too.
 */
async function refreshMaterial(userId: string, materialId: string) {
  try {
    const data = answerRecord(await api(`/api/v1/materials/${encodeURIComponent(materialId)}`));
    await saveMaterial(userId, {
      id: materialId,
      createdAt: text(data.createdAt, data.created_at),
      data,
    });
  } catch {
    // Offline again, or the material is gone: the next visit fetches it.
  }
}

/** Tells the learner the quiz is ready, with a link that opens it. */
export function announceGenerated(item: OutboxRow, data: ApiRecord): void {
  const { quizId, materialId } = generatedQuiz(item, data);
  materialChanged(materialId);
  void refreshMaterial(item.userId, materialId);
  // A free quiz was spent: the header's and the settings screen's counts follow.
  void useAuthStore.getState().refreshProfile(true);
  const title = text(data.title, item.subject.title);
  toast.success(i18n.t('offline.generated', { title }), {
    duration: GENERATED_TOAST_MS,
    action: quizId
      ? { label: i18n.t('offline.openQuiz'), to: paths.quizQuestions(materialId, quizId) }
      : undefined,
  });
}
