import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/spinner';
import { useSocialCallback } from '../hooks/use-social-callback';

/** /auth/social-callback?token=&redirect=: a spinner while the session is stored. */
export default function SocialCallbackPage() {
  const { t } = useTranslation('auth');
  useSocialCallback();
  return <PageSpinner label={t('callback.signingIn')} />;
}
