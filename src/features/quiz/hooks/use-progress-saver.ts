import { useCallback, useEffect, useRef } from 'react';
import { materialChanged } from '../../../lib/data-events';
import { isNetworkError } from '../../../lib/offline/network';
import { queueProgress } from '../api/queue-submission';
import { currentUserId } from '../../../stores/auth-store';
import { saveProgress } from '../api/save-progress';
import type { SubmittedAnswer } from '../api/types';

/** Quiet time before a save goes out: quick next-next-next clicks make one request. */
export const SAVE_DEBOUNCE_MS = 800;

/**
 * Saves the attempt in progress in the background: `schedule` debounces, `flush` sends what
 * is pending now (also when the page is left or hidden). A failed save is not fatal — the
 * answers stay on screen (and on the device) and go with the next save or the submit; with no
 * network the save waits in the outbox (only the latest one per quiz).
 */
export function useProgressSaver(quizId: string, materialId: string, title: string) {
  const pending = useRef<{ answers: SubmittedAnswer[]; index: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inflight = useRef<Promise<unknown>>(Promise.resolve());

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    const request = saveProgress(quizId, next.answers, next.index).then(
      // The material page's "answered x/y" follows the saved progress.
      () => materialChanged(materialId),
      (err: unknown) => {
        const userId = currentUserId();
        if (!isNetworkError(err) || userId === null || next.answers.length === 0) return;
        return queueProgress(userId, {
          quizId,
          materialId,
          title,
          answers: next.answers,
          currentIndex: next.index,
        }).catch(() => undefined);
      },
    );
    inflight.current = Promise.all([inflight.current, request]);
  }, [quizId, materialId, title]);

  const schedule = useCallback(
    (answers: SubmittedAnswer[], index: number) => {
      pending.current = { answers, index };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DEBOUNCE_MS);
    },
    [flush],
  );

  /**
   * Drops what is pending and waits for saves already sent: a save arriving after the submit
   * would open a new attempt on the server.
   */
  const settle = useCallback(async () => {
    clearTimeout(timer.current);
    pending.current = null;
    await inflight.current;
  }, []);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return { schedule, flush, settle };
}
