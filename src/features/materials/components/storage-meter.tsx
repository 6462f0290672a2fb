import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatStorage, getStorage, type StorageUsage } from '../api';

/**
 * "12 MB of 200 MB used · 188 MB left" under the upload form (issue 19). Shown when the server
 * answers; offline (the upload is queued) it is simply left out. `refresh` re-reads it.
 */
export function StorageMeter({ refresh = 0 }: { refresh?: number }) {
  const { t } = useTranslation('materials');
  const [usage, setUsage] = useState<StorageUsage | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    getStorage(ctrl.signal).then(setUsage, () => undefined);
    return () => ctrl.abort();
  }, [refresh]);
  if (!usage) return null;
  const percent = Math.min(100, Math.round((usage.usedBytes / usage.limitBytes) * 100));
  return (
    <div className="storage-meter" data-full={usage.availableBytes === 0 || undefined}>
      <p className="storage-meter__text">
        {t('upload.storage', {
          used: formatStorage(usage.usedBytes),
          limit: formatStorage(usage.limitBytes),
          available: formatStorage(usage.availableBytes),
        })}
      </p>
      {/* A gauge, not a task's progress (role meter: the upload's own bar is the progressbar). */}
      <meter
        className="storage-meter__bar"
        min={0}
        max={100}
        high={90}
        optimum={0}
        value={percent}
        aria-label={t('upload.storageLabel')}
      />
      {usage.availableBytes === 0 && (
        <p className="storage-meter__full">{t('upload.storageFull')}</p>
      )}
    </div>
  );
}
