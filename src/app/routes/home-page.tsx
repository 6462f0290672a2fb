import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../stores/auth-store';
import { PageSpinner } from '../../components/ui/spinner';

const WelcomePage = lazy(() => import('../../features/welcome/components/welcome-page'));
const MaterialListPage = lazy(
  () => import('../../features/materials/components/material-list-page'),
);

/** "/": spinner during the auth check, the welcome page signed out, the material list signed in. */
export default function HomePage() {
  const { t } = useTranslation();
  const status = useAuthStore((s) => s.status);
  if (status === 'unknown') return <PageSpinner label={t('common.verifying')} />;
  if (status === 'signedOut') return <WelcomePage />;
  return <MaterialListPage />;
}
