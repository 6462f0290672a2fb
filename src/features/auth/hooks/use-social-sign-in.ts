import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast';
import { TOAST_MS } from '../../../config/constants';
import { getProviders, socialStartUrl, type SocialProvider } from '../api';
import { resolveNotice, type Notice } from '../lib/notice';
import { PROVIDER_LABEL } from '../lib/social';

/**
 * Starts Google or LINE sign-in as a full-page navigation, but only when the server has the
 * provider configured; otherwise says so inline and in a toast.
 */
export function useSocialSignIn(redirect: string) {
  const { t } = useTranslation('auth');
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    // Ask early so the click does not wait; a failure is reported on click.
    getProviders().catch(() => undefined);
  }, []);

  useEffect(() => {
    // Back from the provider through the bfcache: the page is live again.
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setPending(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const start = async (provider: SocialProvider) => {
    setNotice(null);
    setPending(provider);
    const params = { provider: PROVIDER_LABEL[provider] };
    let failure: Notice;
    try {
      const available = await getProviders();
      if (available[provider]) {
        window.location.assign(socialStartUrl(provider, redirect));
        return;
      }
      failure = { tone: 'error', key: 'social.notConfigured', params };
    } catch {
      failure = { tone: 'error', key: 'social.failed', params };
    }
    setPending(null);
    setNotice(failure);
    toast.error(resolveNotice(failure, t), TOAST_MS);
  };

  return { pending, notice, start };
}
