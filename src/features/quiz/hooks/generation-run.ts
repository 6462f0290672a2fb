import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/offline/network';
import { getGeneration } from '../api/get-generation';
import { getQuiz } from '../api/get-quiz';
import type { Generation, QuizNotice } from '../api/types';
import { POLL_MS } from '../lib/generation-progress';
import { isAbortError, pageIsUnloading, startRun, stopRun } from '../lib/generation-runner';
import { useGenerationStore, type PendingGeneration } from '../stores/generation-store';

export type RunOutcome =
  | { kind: 'succeeded'; quizId: string; notices: QuizNotice[] }
  /** `offline`: the request never got an answer (the network went); it can be queued. */
  | { kind: 'failed'; code?: string; message?: string; offline?: boolean };

const failure = (error: unknown): RunOutcome =>
  error instanceof ApiError
    ? { kind: 'failed', code: error.code, message: error.message }
    : { kind: 'failed', offline: isNetworkError(error) };

/** The notices of a finished quiz (GET /quiz/{id}, which also keeps it on the device). */
const noticesOf = (quizId: string, signal: AbortSignal): Promise<QuizNotice[]> =>
  getQuiz(quizId, signal).then(
    (quiz) => quiz.notices ?? [],
    () => [],
  );

/**
 * Runs one generation: sends POST /quiz/generate with `Prefer: respond-async` (once), which
 * answers at once with the queued generation, then polls its stage and progress every 400 ms and
 * reports the outcome once. Nothing is polled before the server has the generation, so a poll
 * never meets a 404. After a reload the screen follows a generation the server answered for; one
 * whose answer was lost is sent again under the same id (its Idempotency-Key: the server follows
 * the same generation). Leaving the screen without an outcome stops the generation (`onAbandon`).
 */
export function useGenerationRun(
  pending: PendingGeneration,
  onOutcome: (outcome: RunOutcome) => void,
  onAbandon: (generationId: string) => void,
) {
  const [id, setId] = useState(pending.generationId);
  /** The server has this generation (its POST answered): follow it by polling. */
  const [following, setFollowing] = useState(pending.started);
  const [server, setServer] = useState<Generation | null>(null);
  const [finished, setFinished] = useState(false);

  const idRef = useRef(id);
  const finishedRef = useRef(false);
  const mounted = useRef(false);
  const handlers = useRef({ onOutcome, onAbandon });
  useEffect(() => {
    idRef.current = id;
    handlers.current = { onOutcome, onAbandon };
  });

  const finish = useCallback((outcome: RunOutcome) => {
    if (finishedRef.current) return;
    finishedRef.current = true;
    setFinished(true);
    handlers.current.onOutcome(outcome);
  }, []);

  const restart = useCallback(() => {
    const next = crypto.randomUUID();
    useGenerationStore.getState().restart(next);
    setServer(null);
    setFollowing(false);
    setId(next);
  }, []);

  // The POST. `active` drops the answer for an effect React already cleaned up (StrictMode).
  useEffect(() => {
    if (following) return;
    let active = true;
    startRun({ ...pending.body, generationId: id }).then(
      (start) => {
        if (!active) return;
        if (start.kind === 'made') {
          finish({ kind: 'succeeded', quizId: start.quiz.quizId, notices: start.quiz.notices });
          return;
        }
        useGenerationStore.getState().markStarted(id);
        setServer(start.generation);
        setFollowing(true);
      },
      (error: unknown) => {
        if (active && !isAbortError(error) && !pageIsUnloading()) finish(failure(error));
      },
    );
    return () => {
      active = false;
    };
  }, [id, following, pending.body, finish]);

  // Stage and progress, from the moment the server has the generation.
  useEffect(() => {
    if (finished || !following) return;
    let active = true;
    let busy = false;
    const controller = new AbortController();
    const poll = async () => {
      if (busy) return;
      busy = true;
      try {
        const g = await getGeneration(id, controller.signal);
        if (!active) return;
        // Unknown: the server lost it (a reset database); ask again under a new id.
        if (!g) return restart();
        setServer(g);
        if (g.status === 'succeeded' && g.quizId) {
          const notices = await noticesOf(g.quizId, controller.signal);
          if (active) finish({ kind: 'succeeded', quizId: g.quizId, notices });
        } else if (g.status === 'failed') {
          finish({ kind: 'failed', code: g.errorCode ?? undefined });
        } else if (g.status === 'cancelled') {
          finish({ kind: 'failed', code: 'GENERATION_CANCELLED' });
        }
      } catch (error) {
        // Offline: the outbox keeps the request under the same id and, once back online, gets
        // the quiz this generation makes. Any other missed poll only delays the bar.
        if (active && !isAbortError(error) && isNetworkError(error) && !navigator.onLine)
          finish({ kind: 'failed', offline: true });
      } finally {
        busy = false;
      }
    };
    void poll();
    const timer = setInterval(poll, POLL_MS);
    return () => {
      active = false;
      controller.abort();
      clearInterval(timer);
    };
  }, [id, following, finished, finish, restart]);

  // Leaving without an outcome stops the generation. StrictMode unmounts and mounts again at
  // once, so look a tick later whether the screen really went away.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current && !finishedRef.current) {
          finishedRef.current = true;
          handlers.current.onAbandon(idRef.current);
        }
      }, 0);
    };
  }, []);

  /** The learner's cancel: stops it once; resolves when the server has settled it. */
  const cancel = useCallback((): Promise<Generation | null> | null => {
    if (finishedRef.current) return null;
    finishedRef.current = true;
    setFinished(true);
    return stopRun(idRef.current);
  }, []);

  return { server, finished, cancel };
}
