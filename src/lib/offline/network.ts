/**
 * True when a request never got an answer: offline, DNS, connection reset. fetch rejects with
 * a TypeError then; an answer with any status, or an abort, is not one.
 */
export function isNetworkError(err: unknown): boolean {
  if (err instanceof Error && err.name === 'AbortError') return false;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return err instanceof TypeError || (err instanceof Error && err.name === 'NetworkError');
}
