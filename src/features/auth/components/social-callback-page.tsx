import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/spinner';
import { useSocialCallback } from '../hooks/use-social-callback';

/** /auth/social-callback?code=&provider=: a spinner while the code is exchanged for the session. */
export default function SocialCallbackPage() {
  const { t } = useTranslation('auth');
  useSocialCallback();
  return <PageSpinner label={t('callback.signingIn')} />;
}
