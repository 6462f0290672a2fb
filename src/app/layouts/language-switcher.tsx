import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toSupported, type Language } from '../../i18n';
import { api } from '../../lib/api-client';
import { useAuthStore } from '../../stores/auth-store';

/**
 * Switches zh-TW ⇄ en. The detector stores the choice under localStorage 'i18nextLng'; a
 * signed-in learner's choice also goes to the server so e-mails follow it.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const signedIn = useAuthStore((s) => s.status === 'signedIn');
  const current = toSupported(i18n.resolvedLanguage);

  const change = (e: ChangeEvent<HTMLSelectElement>) => {
    const locale = e.target.value as Language;
    void i18n.changeLanguage(locale);
    if (signedIn) {
      // Fire and forget: the app works the same if this fails.
      api('/api/v1/user/preferences', { method: 'PUT', body: { locale } }).catch(() => undefined);
    }
  };

  return (
    <div className="lang-switch">
      <label htmlFor={id} className="visually-hidden">
        {t('common.language')}
      </label>
      <svg
        className="lang-switch__icon"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <select id={id} className="lang-switch__select" value={current} onChange={change}>
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng === 'zh-TW' ? 'zh-Hant-TW' : 'en'}>
            {t(`languageNames.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
