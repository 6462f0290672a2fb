import { useEffect } from 'react';
import i18n from '../../i18n';
import { startSync } from '../../lib/offline/sync-engine';
import { useAuthStore } from '../../stores/auth-store';
import { OfflineBanner } from './offline-banner';

/** After start-up, fetch what the outbox panel needs, so it opens with no network too. */
const WARM_UP_MS = 3000;

/**
 * The offline layer of every page: sends the outbox (on start, on `online`, on focus) and shows
 * the offline banner. Loaded lazily by the layout, so the on-device database code is not part
 * of the first JavaScript a visitor downloads; it sits with the layout's chunks the service
 * worker keeps for offline use.
 */
export default function OfflineLayer() {
  const signedIn = useAuthStore((s) => s.status === 'signedIn');
  useEffect(() => startSync(), []);

  // The outbox panel is a route chunk (runtime-cached by the worker only once used): load it
  // and its strings while there is a network, since it matters most when there is none.
  // Only with a network: a stylesheet that failed to load is never asked for again.
  useEffect(() => {
    if (!signedIn) return;
    let id: ReturnType<typeof setTimeout> | undefined;
    const warmUp = () => {
      if (!navigator.onLine) return;
      window.removeEventListener('online', later);
      void import('../../features/offline/components/outbox-page').catch(() => undefined);
      void i18n.loadNamespaces('offline').catch(() => undefined);
    };
    const later = () => {
      clearTimeout(id);
      id = setTimeout(warmUp, WARM_UP_MS);
    };
    window.addEventListener('online', later);
    later();
    return () => {
      clearTimeout(id);
      window.removeEventListener('online', later);
    };
  }, [signedIn]);

  return <OfflineBanner />;
}
