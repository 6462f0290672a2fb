import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/offline/network';
import { getGeneration } from '../api/get-generation';
import type { Generation, QuizNotice } from '../api/types';
import { FIRST_POLL_MS, POLL_MS } from '../lib/generation-progress';
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

/**
 * Runs one generation: sends the POST (once), polls its stage and progress every 400 ms, and
 * reports the outcome once. After a reload the POST is gone (and the server cancelled it when
 * the request went away), so the screen follows the generation by polling: a finished one is
 * taken as it is, a cancelled or unknown one is sent again under a new id. Leaving the screen
 * without an outcome stops the generation (`onAbandon`).
 */
export function useGenerationRun(
  pending: PendingGeneration,
  onOutcome: (outcome: RunOutcome) => void,
  onAbandon: (generationId: string) => void,
) {
  const [id, setId] = useState(pending.generationId);
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
    const run = startRun({ ...pending.body, generationId: id });
    useGenerationStore.getState().markStarted(id);
    run.then(
      (quiz) => {
        if (active) finish({ kind: 'succeeded', quizId: quiz.quizId, notices: quiz.notices });
      },
      (error: unknown) => {
        if (active && !isAbortError(error) && !pageIsUnloading()) finish(failure(error));
      },
    );
    return () => {
      active = false;
    };
  }, [id, following, pending.body, finish]);

  // Stage and progress. Right after sending, the first look waits one interval (asking at once
  // found nothing but a 404 in the console); a 404 later still means "not there yet".
  useEffect(() => {
    if (finished) return;
    let active = true;
    let busy = false;
    const controller = new AbortController();
    const poll = async () => {
      if (busy) return;
      busy = true;
      try {
        const g = await getGeneration(id, controller.signal);
        if (!active) return;
        if (g) setServer(g);
        if (!following) return;
        if (g?.status === 'succeeded' && g.quizId)
          finish({ kind: 'succeeded', quizId: g.quizId, notices: [] });
        else if (g?.status === 'failed') finish({ kind: 'failed', code: g.errorCode ?? undefined });
        else if (!g || g.status === 'cancelled') restart();
      } catch {
        // A missed poll only delays the bar; the POST decides the outcome.
      } finally {
        busy = false;
      }
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(
      () => {
        void poll();
        timer = setInterval(poll, POLL_MS);
      },
      following ? 0 : FIRST_POLL_MS,
    );
    return () => {
      active = false;
      controller.abort();
      clearTimeout(first);
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
