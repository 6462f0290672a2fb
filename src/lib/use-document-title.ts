import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "Title · Mnemo" while the screen is open (nothing while the title is still empty). */
export function useDocumentTitle(title: string) {
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
