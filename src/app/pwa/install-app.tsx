import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { LineIcon } from '../../components/ui/line-icon';
import { useHydrated } from '../../lib/use-hydrated';
import { usePwaStore } from './pwa-store';
import { currentPlatform, needsIosInstallHowTo } from './platform';
import './pwa.css';

const homeScreenIcon = (
  <LineIcon d="M7 2h10v20H7zM12 7v7M9 11l3 3 3-3M10 18h4" size={18} strokeWidth={1.8} />
);

/**
 * The footer's way to put Mnemo on the home screen: a button where the browser offered
 * `beforeinstallprompt`, a two-step how-to on iOS Safari, nothing elsewhere or once installed.
 */
export function InstallApp() {
  const { t } = useTranslation();
  const installPrompt = usePwaStore((s) => s.installPrompt);
  // The browser never changes under the page; false while a prerendered page hydrates (the
  // server's HTML has no how-to), then the real answer.
  const hydrated = useHydrated();
  const ios = hydrated && needsIosInstallHowTo(currentPlatform());

  if (installPrompt) {
    const install = async () => {
      usePwaStore.setState({ installPrompt: null }); // a prompt can be shown only once
      await installPrompt.prompt();
      await installPrompt.userChoice;
    };
    return (
      <Button variant="secondary" size="sm" className="install-app" onClick={() => void install()}>
        {homeScreenIcon}
        {t('pwa.install')}
      </Button>
    );
  }
  if (!ios) return null;
  return (
    <details className="install-app install-app--ios">
      <summary>
        {homeScreenIcon}
        {t('pwa.iosInstall')}
      </summary>
      <p>{t('pwa.iosSteps')}</p>
    </details>
  );
}
