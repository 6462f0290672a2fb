import i18n from '../../i18n';
import { paths } from '../../config/paths';
import { db, type ApiRecord, type OutboxRow } from '../../db';
import { toast } from '../../components/ui/toast';
import { materialChanged } from '../data-events';
import { announceGenerated, storeGenerated } from './generation-delivery';
import { recordAnswerResult } from '../../db/review-store';

/** Long enough to read and reach the link (a toast with an action is not a 2-second flash). */
export const SYNC_TOAST_MS = 8000;

const record = (v: unknown): ApiRecord => (v && typeof v === 'object' ? (v as ApiRecord) : {});
/** `{ success, data }` → data. */
export const unwrapData = (raw: unknown): ApiRecord => {
  const r = record(raw);
  return r.data && typeof r.data === 'object' ? record(r.data) : r;
};
const text = (...values: unknown[]) =>
  values.find((v): v is string => typeof v === 'string' && v !== '') ?? '';

/**
 * Keeps what a delivered item's answer brings, inside the transaction that removes the item:
 * a submission's report (the results page shows it at once), an upload's new material (it
 * takes the pending card's place in the list).
 */
export async function storeDelivered(item: OutboxRow, body: unknown): Promise<void> {
  const data = unwrapData(body);
  const now = Date.now();
  if (item.kind === 'quiz-submit') {
    const quizId = item.subject.quizId ?? text(data.quizId);
    const materialId = text(data.materialId, item.subject.materialId);
    await db.reports.put({ userId: item.userId, quizId, materialId, data, fetchedAt: now });
    await db.attempts.delete([item.userId, quizId]);
  } else if (item.kind === 'material-upload') {
    const id = text(data.id, data.material_id);
    if (!id) return;
    const createdAt = text(data.created_at, data.createdAt);
    await db.materials.put({ userId: item.userId, id, createdAt, data, fetchedAt: now });
  } else if (item.kind === 'review-answer' || item.kind === 'review-rating') {
    // The server's result replaces the "will sync" one; the card gets the server's due date.
    await recordAnswerResult(item.userId, data);
  } else if (item.kind === 'quiz-generate') {
    await storeGenerated(item, data);
  }
}

/** Tells the learner what arrived, with a link to it. */
export function announceDelivered(item: OutboxRow, body: unknown): void {
  const data = unwrapData(body);
  if (item.kind === 'quiz-submit') {
    const quizId = item.subject.quizId ?? '';
    const materialId = text(data.materialId, item.subject.materialId);
    // The material's quiz history (score, "view report") changed.
    materialChanged(materialId);
    toast.success(i18n.t('offline.scored'), {
      duration: SYNC_TOAST_MS,
      action: { label: i18n.t('offline.viewResults'), to: paths.quizResults(materialId, quizId) },
    });
  } else if (item.kind === 'material-upload') {
    const id = text(data.id, data.material_id);
    toast.success(i18n.t('offline.uploaded', { title: item.subject.title ?? '' }), {
      duration: SYNC_TOAST_MS,
      action: id ? { label: i18n.t('offline.viewMaterial'), to: paths.material(id) } : undefined,
    });
  } else if (item.kind === 'quiz-generate') {
    announceGenerated(item, data);
  }
}

/** An item the server refused: it waits in the outbox panel for retry or discard. */
export function announceFailed(count: number): void {
  if (count === 0) return;
  toast.error(i18n.t('offline.syncFailed', { count }), {
    duration: SYNC_TOAST_MS,
    action: { label: i18n.t('offline.openOutbox'), to: paths.outbox },
  });
}
