import { useEffect, useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxRow } from '../../../db';
import { storedQuizzes } from '../../../db/cache';
import { listOutbox } from '../../../db/outbox';
import {
  PREFETCH_MATERIALS,
  schedulePrefetch,
  type PrefetchTarget,
} from '../../../lib/offline/prefetch';
import { useAuthStore } from '../../../stores/auth-store';
import type { Material } from '../lib/material';

const NONE: readonly OutboxRow[] = [];

/** What the device holds for the material screens: stored quizzes and the outbox, live. */
export function useOfflineData() {
  const userId = useAuthStore((s) => s.user?.id ?? '');
  const quizzes = useLiveQuery(() => storedQuizzes(userId), [userId]);
  const outbox = useLiveQuery(() => listOutbox(userId), [userId]) ?? NONE;
  return useMemo(
    () => ({
      /** Quizzes that can be taken offline. */
      storedQuizIds: new Set(quizzes?.keys() ?? []),
      /** Uploads waiting to be sent (or refused), oldest first. */
      pendingUploads: outbox.filter((i) => i.kind === 'material-upload'),
      /** Quizzes asked for offline, waiting to be generated (or refused), oldest first. */
      pendingGenerations: outbox.filter((i) => i.kind === 'quiz-generate'),
      /** Quizzes submitted offline and not scored yet. */
      pendingScores: new Set(
        outbox.flatMap((i) =>
          i.kind === 'quiz-submit' && i.subject.quizId ? [i.subject.quizId] : [],
        ),
      ),
    }),
    [quizzes, outbox],
  );
}

/** True when the material has quizzes and every one of them is stored on the device. */
export const availableOffline = (m: Material, stored: ReadonlySet<string>) =>
  m.quizzes.length > 0 && m.quizzes.every((q) => stored.has(q.id));

/**
 * Once the list has come from the network, keeps the quizzes of the newest materials on the
 * device (in the background, throttled; the run outlives this screen).
 */
export function usePrefetchQuizzes(materials: readonly Material[] | undefined, refreshed: boolean) {
  const userId = useAuthStore((s) => s.user?.id ?? '');
  // The same targets again (the stored list re-read after a write) start no new run.
  const targets = useMemo(() => {
    if (!materials) return '';
    const newest = [...materials]
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
      .slice(0, PREFETCH_MATERIALS);
    return JSON.stringify(
      newest.flatMap((m) => m.quizzes.map((q) => ({ quizId: q.id, materialId: m.id }))),
    );
  }, [materials]);
  useEffect(() => {
    if (!refreshed || !targets || !userId) return;
    schedulePrefetch(userId, JSON.parse(targets) as PrefetchTarget[]);
  }, [targets, refreshed, userId]);
}
