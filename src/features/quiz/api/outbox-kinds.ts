import i18n from '../../../i18n';
import { paths } from '../../../config/paths';
import { db, type ApiRecord } from '../../../db';
import { toast } from '../../../components/ui/toast';
import { materialChanged } from '../../../lib/data-events';
import { SYNC_TOAST_MS } from '../../../lib/offline/delivery';
import type { OutboxKinds } from '../../../lib/offline/outbox-kinds';
import { announceGenerated, storeGenerated } from '../lib/generation-delivery';

const text = (...values: unknown[]) =>
  values.find((v): v is string => typeof v === 'string' && v !== '') ?? '';

/**
 * The quiz's queued requests. A delivered submission keeps its report (the results page shows
 * it at once, offline too) and ends the attempt on the device; a delivered generation keeps the
 * new quiz. Progress needs nothing kept: the next submit or visit supersedes it.
 */
export const quizOutboxKinds: OutboxKinds = {
  'quiz-submit': {
    async store(item, data: ApiRecord) {
      const quizId = item.subject.quizId ?? text(data.quizId);
      const materialId = text(data.materialId, item.subject.materialId);
      await db.reports.put({
        userId: item.userId,
        quizId,
        materialId,
        data,
        fetchedAt: Date.now(),
      });
      await db.attempts.delete([item.userId, quizId]);
    },
    announce(item, data) {
      const quizId = item.subject.quizId ?? '';
      const materialId = text(data.materialId, item.subject.materialId);
      // The material's quiz history (score, "view report") changed.
      materialChanged(materialId);
      toast.success(i18n.t('offline.scored'), {
        duration: SYNC_TOAST_MS,
        action: { label: i18n.t('offline.viewResults'), to: paths.quizResults(materialId, quizId) },
      });
    },
  },
  'quiz-generate': { store: storeGenerated, announce: announceGenerated },
};
