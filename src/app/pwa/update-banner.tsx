import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { usePwaStore } from './pwa-store';
import './pwa.css';

/**
 * "A new version is available — Reload", under the header while a new worker waits. Not a
 * dialog: nothing is blocked, focus stays where it is, both buttons are in the tab order right
 * after the header's. The live region is always mounted so screen readers announce the message.
 */
export function UpdateBanner() {
  const { t } = useTranslation();
  const applyUpdate = usePwaStore((s) => s.applyUpdate);
  const dismissed = usePwaStore((s) => s.updateDismissed);
  const visible = applyUpdate && !dismissed;

  return (
    <div className="update-banner" role="status" data-testid="update-banner">
      {visible && (
        <div className="update-banner__bar">
          <div className="update-banner__inner">
            <p className="update-banner__text">{t('pwa.updateAvailable')}</p>
            <div className="update-banner__actions">
              <Button size="sm" onClick={applyUpdate}>
                {t('pwa.reload')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => usePwaStore.setState({ updateDismissed: true })}
              >
                {t('pwa.later')}
              </Button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
