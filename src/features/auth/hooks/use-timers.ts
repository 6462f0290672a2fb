import { useCallback, useEffect, useRef } from 'react';

/** setTimeout that is cancelled when the component goes away (or on demand). */
export function useTimers() {
  const ids = useRef(new Set<ReturnType<typeof setTimeout>>());

  const clearAll = useCallback(() => {
    ids.current.forEach(clearTimeout);
    ids.current.clear();
  }, []);

  const schedule = useCallback((run: () => void, ms: number) => {
    const id = setTimeout(() => {
      ids.current.delete(id);
      run();
    }, ms);
    ids.current.add(id);
    return id;
  }, []);

  useEffect(() => clearAll, [clearAll]);
  return { schedule, clearAll };
}
