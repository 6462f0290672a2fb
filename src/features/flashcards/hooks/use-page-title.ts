import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "Title · Mnemo" while the screen is open. */
export function usePageTitle(title: string) {
  const { t } = useTranslation();
  const app = t('common.appName');
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · ${app}`;
    return () => {
      document.title = previous;
    };
  }, [title, app]);
}
