import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * False in a prerendered page's HTML and while React hydrates it, true from then on (and at
 * once in a page rendered in the browser). A form's submit button waits for it: before React
 * runs, the browser would submit the form itself — a GET with the fields, the password
 * included, in the address (docs/decisions/0023-delivery.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
