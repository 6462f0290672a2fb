import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

type Namespaces = Record<string, object>;

/**
 * An i18next instance for a component test: English to start with, both languages' catalogs of
 * the namespaces given (a test switches with `changeLanguage`), no escaping (React escapes).
 */
export async function testI18n(
  resources: { en: Namespaces; 'zh-TW': Namespaces },
  defaultNS = 'common',
): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: Object.keys(resources.en),
    defaultNS,
    resources,
    interpolation: { escapeValue: false },
  });
  return i18n;
}
