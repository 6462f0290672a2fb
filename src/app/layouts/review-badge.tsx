import { useEffect } from 'react';
import i18n from '../../i18n';
import { DueBadge } from '../../features/review/components/due-badge';

/** After start-up, fetch what the Review page needs, so it opens with no network too. */
const WARM_UP_MS = 4000;

/**
 * The header's review badge (signed in only; loaded lazily, kept in the app shell). Like the
 * outbox panel, the Review page is a route chunk the worker caches only once used: it and its
 * strings are fetched while there is a network, since review is meant to work without one.
 */
export default function ReviewBadge({ userId }: { userId: string }) {
  useEffect(() => {
    let id: ReturnType<typeof setTimeout> | undefined;
    const warmUp = () => {
      if (!navigator.onLine) return;
      window.removeEventListener('online', later);
      void import('../routes/review-route').catch(() => undefined);
      void i18n.loadNamespaces(['review', 'quiz']).catch(() => undefined);
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
  }, []);
  return <DueBadge userId={userId} />;
}
