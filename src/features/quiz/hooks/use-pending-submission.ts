import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { readReport } from '../../../db/cache';
import { pendingSubmission } from '../../../db/outbox';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../stores/auth-store';

/**
 * The quiz's submission waiting in the outbox (undefined while reading, null when none). With
 * `toResults`, once a submission seen here is delivered, the page moves on to its report — but
 * not when the learner discarded it (then no newer report arrived).
 */
export function usePendingSubmission(quizId: string, materialId: string, toResults = false) {
  const userId = useAuthStore((s) => s.user?.id ?? '');
  const navigate = useNavigate();
  const item = useLiveQuery(() => pendingSubmission(userId, quizId), [userId, quizId]);
  const seen = useRef<number | null>(null);

  useEffect(() => {
    if (item) {
      seen.current = item.createdAt;
      return;
    }
    if (item !== null || seen.current === null || !toResults) return;
    const since = seen.current;
    seen.current = null;
    let live = true;
    void readReport(userId, quizId).then((report) => {
      if (live && report && report.fetchedAt >= since) {
        navigate(paths.quizResults(materialId, quizId), { replace: true });
      }
    });
    return () => {
      live = false;
    };
  }, [item, userId, quizId, materialId, toResults, navigate]);

  return item;
}
