import { StrictMode, useEffect } from 'react';
import { Tooltip } from 'radix-ui';
import { AppRouter } from './router';
import { useAuthStore } from '../stores/auth-store';

export function App() {
  const init = useAuthStore((s) => s.init);
  useEffect(() => {
    void init();
  }, [init]);
  return (
    <StrictMode>
      <Tooltip.Provider delayDuration={300}>
        <AppRouter />
      </Tooltip.Provider>
    </StrictMode>
  );
}
