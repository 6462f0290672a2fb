import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLiveQuery } from 'dexie-react-hooks';
import { paths } from '../../config/paths';
import { listOutbox } from '../../db/outbox';
import { useStorageStatus } from '../../db/storage-status';
import { useOnline } from '../../lib/offline/use-online';
import { useAuthStore } from '../../stores/auth-store';
import './offline-banner.css';

/**
 * One line under the header when something about the network or the device matters: offline
 * (what still works), changes waiting or refused (a link to the outbox panel), or storage that
 * is full or missing. Its strings are in common: it shows before any page's namespace loads,
 * and offline a namespace not loaded yet cannot be fetched.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const userId = useAuthStore((s) => (s.status === 'signedIn' ? (s.user?.id ?? null) : null));
  const outbox = useLiveQuery(() => (userId ? listOutbox(userId) : []), [userId]) ?? [];
  const storage = useStorageStatus((s) => s.problem);
  const failed = outbox.filter((i) => i.status === 'failed').length;
  const queued = outbox.length - failed;

  const parts: string[] = [];
  if (!online) parts.push(t('offline.bannerOffline'));
  if (queued > 0 && userId) parts.push(t('offline.pending', { count: queued }));
  if (failed > 0 && userId) parts.push(t('offline.failed', { count: failed }));
  if (storage)
    parts.push(t(storage === 'quota' ? 'offline.storageFull' : 'offline.storageUnavailable'));

  const tone = failed > 0 || storage === 'quota' ? 'danger' : !online ? 'offline' : 'info';
  return (
    <div role="status" className="offline-banner-region">
      {parts.length > 0 && (
        <div className={`offline-banner offline-banner--${tone}`} data-testid="offline-banner">
          <p className="offline-banner__text">{parts.join(t('offline.join'))}</p>
          {outbox.length > 0 && (
            <Link to={paths.outbox} className="offline-banner__link">
              {t('offline.openOutbox')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
