import { useCallback, useEffect, useRef, useState } from 'react';

export type ResourceState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

interface Keyed<T> {
  key: string;
  state: ResourceState<T>;
}

/**
 * Loads data for `key` (null: wait) and reloads when the key changes or on `reload()`. The
 * answer of an outdated request is dropped; `setData` replaces the data (after an edit).
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>) {
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const [attempt, setAttempt] = useState(0);
  const requestKey = key === null ? null : `${key}#${attempt}`;
  const [result, setResult] = useState<Keyed<T> | null>(null);

  useEffect(() => {
    if (requestKey === null) return;
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
    (data: T) => {
      if (requestKey !== null) setResult({ key: requestKey, state: { status: 'ready', data } });
    },
    [requestKey],
  );

  const state: ResourceState<T> =
    result && result.key === requestKey ? result.state : { status: 'loading' };
  return { ...state, state, reload, setData } as const;
}
