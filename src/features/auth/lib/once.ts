const inFlight = new Map<string, Promise<unknown>>();

/**
 * Runs a one-shot call (a one-time token) once per key while it is in flight, so React's
 * double-run of effects in development does not spend the token twice.
 */
export function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const promise = run().finally(() => {
    // Keep the settled answer for the effect that re-runs right after, then forget it.
    setTimeout(() => inFlight.delete(key), 0);
  });
  inFlight.set(key, promise);
  return promise;
}
