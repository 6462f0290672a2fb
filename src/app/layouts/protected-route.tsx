import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../stores/auth-store';
import { PageSpinner } from '../../components/ui/spinner';
import { loginRedirect } from '../../config/paths';

/** Shows a verifying spinner during the auth check, then the page or /login?redirect=…. */
export function ProtectedRoute() {
  const { t } = useTranslation();
  const status = useAuthStore((s) => s.status);
  const location = useLocation();
  if (status === 'unknown') return <PageSpinner label={t('common.verifying')} />;
  if (status === 'signedOut') {
    return <Navigate to={loginRedirect(location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}
