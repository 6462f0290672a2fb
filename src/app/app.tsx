import { StrictMode, useEffect } from 'react';
import { AppRouter } from './router';
import { useAuthStore } from '../stores/auth-store';

export function App() {
  const init = useAuthStore((s) => s.init);
  useEffect(() => {
    void init();
  }, [init]);
  return (
    <StrictMode>
      <AppRouter />
    </StrictMode>
  );
}
