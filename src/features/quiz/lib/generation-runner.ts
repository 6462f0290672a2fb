/**
 * The POST that starts a generation lives here, outside React: StrictMode mounts a screen twice
 * and a request must be sent once per generation id. The loading screen starts it, listens to it
 * and stops it; a screen mounted again with the same id gets the same request.
 */
import { cancelGeneration } from '../api/cancel-generation';
import { startGeneration, type GenerationStart } from '../api/generate-quiz';
import type { Generation } from '../api/types';
import type { GenerateQuizBody } from './settings-form';

interface Run {
  controller: AbortController;
  promise: Promise<GenerationStart>;
}

const runs = new Map<string, Run>();
/** A finished run is kept this long, for a screen that mounts again right after it finished. */
const KEEP_MS = 60_000;

/** Sends POST /quiz/generate (respond-async) for body.generationId, once. */
export function startRun(body: GenerateQuizBody): Promise<GenerationStart> {
  const id = body.generationId;
  const existing = runs.get(id);
  if (existing) return existing.promise;
  const controller = new AbortController();
  const promise = startGeneration(body, controller.signal);
  runs.set(id, { controller, promise });
  const forget = () => setTimeout(() => runs.delete(id), KEEP_MS);
  promise.then(forget, forget);
  return promise;
}

/**
 * Stops a generation: aborts its POST if it has not answered yet and asks the server to cancel
 * it (the queued job does not depend on the request). Resolves once the
 * server has settled it (and given the free quiz back) with how it ended — `succeeded` when the
 * quiz was finished before the cancel arrived — or null if that is unknown; never rejects.
 */
export async function stopRun(id: string): Promise<Generation | null> {
  runs.get(id)?.controller.abort();
  runs.delete(id);
  return cancelGeneration(id).catch(() => null);
}

// A reload cuts the POST off as soon as it starts (before pagehide) and the browser rejects it
// like a network failure; the reloaded screen follows the generation, so that is no failure to
// report, nor a reason to clear the store. Should the unload be called off, the flag drops again.
let unloading = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    unloading = true;
    setTimeout(() => (unloading = false), 1000);
  });
  window.addEventListener('pagehide', () => (unloading = true));
  window.addEventListener('pageshow', () => (unloading = false));
}
export const pageIsUnloading = () => unloading;

export const isAbortError = (err: unknown) =>
  err instanceof DOMException
    ? err.name === 'AbortError'
    : err instanceof Error && err.name === 'AbortError';
