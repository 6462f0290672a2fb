import { useCallback, useEffect, useRef, useState } from 'react';

export type ResourceState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

interface Keyed<T> {
  key: string;
  state: ResourceState<T>;
}

/**
 * Loads data for `key` and reloads when the key changes or on `reload()`; the answer of an
 * outdated request is dropped; `setData` replaces it after a change. (Features do not share
 * hooks, so billing has its own.)
 */
export function useBillingResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${key}#${attempt}`;
  const [result, setResult] = useState<Keyed<T> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted)
          setResult({ key: requestKey, state: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setResult({ key: requestKey, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [requestKey]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback(
    (data: T) => setResult({ key: requestKey, state: { status: 'ready', data } }),
    [requestKey],
  );
  const state: ResourceState<T> =
    result && result.key === requestKey ? result.state : { status: 'loading' };
  return { ...state, state, reload, setData } as const;
}
