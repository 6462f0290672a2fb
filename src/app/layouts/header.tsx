import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';

/** Placeholder header (replaced by the shell work). */
export function Header() {
  const { t } = useTranslation();
  return (
    <header>
      <Link to="/">Mnemo</Link>
      <button
        type="button"
        onClick={() => void i18n.changeLanguage(i18n.resolvedLanguage === 'en' ? 'zh-TW' : 'en')}
      >
        {t('common.language')}
      </button>
    </header>
  );
}
