import { StrictMode, useEffect } from 'react';
import { AppRouter, type getRouter } from './router';
import { useAuthStore } from '../stores/auth-store';

/** `router`: the prerender's memory router (src/prerender.tsx); the browser's by default. */
export function App({ router }: { router?: ReturnType<typeof getRouter> }) {
  const init = useAuthStore((s) => s.init);
  useEffect(() => {
    void init();
  }, [init]);
  return (
    <StrictMode>
      <AppRouter router={router} />
    </StrictMode>
  );
}
