import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { OfflineIcon } from './icons';

/** "Available offline": the quiz data is on this device and can be taken with no network. */
export function OfflineMark() {
  const { t } = useTranslation('offline');
  return (
    <Badge
      tone="success"
      className="offline-mark"
      title={t('mark.availableHint')}
      data-testid="offline-mark"
    >
      <OfflineIcon />
      {t('mark.available')}
    </Badge>
  );
}
