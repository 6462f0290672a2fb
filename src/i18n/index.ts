import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import zhCommon from './locales/zh-TW/common.json';
import enCommon from './locales/en/common.json';
import { LANGUAGE_KEY, LANGUAGE_QUERY } from '../config/constants';
import { linkManifestFor } from './manifest-link';

export const LANGUAGES = ['zh-TW', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Any Chinese locale is Traditional Chinese; everything else is English. */
export const toSupported = (lng: string | undefined): Language =>
  lng && lng.toLowerCase().startsWith('zh') ? 'zh-TW' : lng ? 'en' : 'zh-TW';

const htmlLang = (lng: string) => (lng === 'zh-TW' ? 'zh-Hant-TW' : 'en');

// common is bundled for the first paint; every other namespace loads with its route.
const lazyNamespaces = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/*.json',
  '!./locales/*/common.json',
]);

void i18n
  .use(LanguageDetector)
  .use(
    resourcesToBackend((lng: string, ns: string) => {
      const load = lazyNamespaces[`./locales/${lng}/${ns}.json`];
      return load ? load() : Promise.resolve({ default: {} });
    }),
  )
  .use(initReactI18next)
  .init({
    partialBundledLanguages: true,
    resources: { 'zh-TW': { common: zhCommon }, en: { common: enCommon } },
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    fallbackLng: 'zh-TW',
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    nonExplicitSupportedLngs: false,
    detection: {
      // ?lng= first: a search engine's hreflang alternate opens the page in its language.
      order: ['querystring', 'localStorage', 'navigator'],
      lookupQuerystring: LANGUAGE_QUERY,
      lookupLocalStorage: LANGUAGE_KEY,
      caches: ['localStorage'],
      convertDetectedLanguage: (lng: string) => toSupported(lng),
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });

document.documentElement.lang = htmlLang(i18n.resolvedLanguage ?? 'zh-TW');
linkManifestFor(i18n.resolvedLanguage ?? 'zh-TW');
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = htmlLang(lng);
  linkManifestFor(lng);
});

export default i18n;
