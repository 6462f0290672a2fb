import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../stores/auth-store';
import { Toaster } from '../../components/ui/toast';
import { Header } from './header';
import { Footer } from './footer';
import './layout.css';

const OfflineLayer = lazy(() => import('./offline-layer'));

/** Header, main landmark and footer around every page; scrolls to the top on navigation. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const refreshProfile = useAuthStore((s) => s.refreshProfile);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    void refreshProfile();
  }, [refreshProfile]);

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Header />
      <Suspense fallback={null}>
        <OfflineLayer />
      </Suspense>
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
