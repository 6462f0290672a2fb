import { saveQuiz, storedQuizzes } from '../../db/cache';
import { currentUserId } from '../../stores/auth-store';
import { api } from '../api-client';
import { answerRecord } from '../api-answer';
import { isNetworkError } from './network';

/** The quizzes of this many of the newest materials are kept ready for offline use. */
export const PREFETCH_MATERIALS = 10;
/** One request at a time, this far apart: the learner's own requests come first. */
export const PREFETCH_GAP_MS = 300;
/** Wait this long after the list has loaded before starting. */
export const PREFETCH_DELAY_MS = 1500;
/** A copy younger than this is fresh enough (questions do not change once generated). */
export const PREFETCH_MAX_AGE_MS = 6 * 60 * 60 * 1000;

export interface PrefetchTarget {
  quizId: string;
  materialId: string;
}

export interface PrefetchOptions {
  signal?: AbortSignal;
  fetchQuiz?: (quizId: string, signal?: AbortSignal) => Promise<unknown>;
  gapMs?: number;
  delayMs?: number;
  maxAgeMs?: number;
  now?: () => number;
  /** False once the learner has signed out or switched: nothing more is stored for them. */
  isCurrent?: () => boolean;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const id = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(id);
        resolve();
      },
      { once: true },
    );
  });

const defaultFetch = (quizId: string, signal?: AbortSignal) =>
  api(`/api/v1/quiz/${encodeURIComponent(quizId)}`, { signal });

/**
 * Fetches, one at a time and throttled, the quiz details not yet stored (or stale) so they can
 * be taken offline; GET /quiz/{id} is read-only on the server. Stops at the first network
 * error, when offline, on abort, or when the browser asks to save data. Returns how many were
 * stored.
 */
export async function prefetchQuizzes(
  userId: string,
  targets: readonly PrefetchTarget[],
  options: PrefetchOptions = {},
): Promise<number> {
  const { signal, gapMs = PREFETCH_GAP_MS, maxAgeMs = PREFETCH_MAX_AGE_MS } = options;
  const fetchQuiz = options.fetchQuiz ?? defaultFetch;
  const now = options.now ?? Date.now;
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection
    ?.saveData;
  if (saveData || targets.length === 0) return 0;
  await sleep(options.delayMs ?? PREFETCH_DELAY_MS, signal);
  const stored = await storedQuizzes(userId);
  let count = 0;
  for (const target of targets) {
    if (signal?.aborted || navigator.onLine === false || options.isCurrent?.() === false) break;
    const fetchedAt = stored.get(target.quizId);
    if (fetchedAt !== undefined && now() - fetchedAt < maxAgeMs) continue;
    try {
      const data = answerRecord(await fetchQuiz(target.quizId, signal));
      if (signal?.aborted || options.isCurrent?.() === false) break;
      await saveQuiz(userId, {
        id: target.quizId,
        materialId: target.materialId,
        data,
      });
      count++;
    } catch (err) {
      if (isNetworkError(err) || signal?.aborted) break;
      // A quiz gone or refused: skip it, the others may still come.
    }
    await sleep(gapMs, signal);
  }
  return count;
}

let running: { userId: string; controller: AbortController } | null = null;

/**
 * Starts a prefetch run for this user in the background, replacing one already going (its
 * targets may be out of date). Another user's run is stopped: nothing of theirs is fetched.
 */
export function schedulePrefetch(userId: string, targets: readonly PrefetchTarget[]): void {
  running?.controller.abort();
  const controller = new AbortController();
  const run = { userId, controller };
  running = run;
  void prefetchQuizzes(userId, targets, {
    signal: controller.signal,
    isCurrent: () => currentUserId() === userId,
  })
    .catch(() => 0)
    .finally(() => {
      if (running === run) running = null;
    });
}
