import { useEffect, useState } from 'react';

/** Longest wait for an idle moment: a page that never idles still gets its extras. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * False on the first render and until the browser is next idle, then true. The layout's
 * extras — plan status, review badge, account menu, offline layer — wait for it, so their
 * chunks, the on-device database and their queries come after the page's own first screen
 * instead of before it (decision 0060). False in a prerendered page's HTML and while it
 * hydrates, so the markup matches.
 */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setReady(true), 200);
    return () => clearTimeout(id);
  }, []);
  return ready;
}
