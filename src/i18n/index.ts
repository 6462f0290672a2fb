import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import zhCommon from './locales/zh-TW/common.json';
import enCommon from './locales/en/common.json';
import { LANGUAGE_COOKIE, LANGUAGE_KEY, LANGUAGE_QUERY } from '../config/constants';
import { linkManifestFor } from './manifest-link';

export const LANGUAGES = ['zh-TW', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Any Chinese locale is Traditional Chinese; everything else is English. */
export const toSupported = (lng: string | undefined): Language =>
  lng && lng.toLowerCase().startsWith('zh') ? 'zh-TW' : lng ? 'en' : 'zh-TW';

export const htmlLang = (lng: string) => (lng === 'zh-TW' ? 'zh-Hant-TW' : 'en');

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
    // English has every key (tests/unit/locale-parity.test.ts), so an English page does not
    // also fetch each namespace in Chinese as a fallback; zh-TW is what nothing detected gets.
    fallbackLng: { en: [], default: ['zh-TW'] },
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    nonExplicitSupportedLngs: false,
    detection: {
      // ?lng= first: a search engine's hreflang alternate opens the page in its language. Then
      // the cookie, which the server also reads to pick a prerendered page's language (it
      // cannot see localStorage; that stays for choices made before the cookie existed).
      order: ['querystring', 'cookie', 'localStorage', 'navigator'],
      lookupQuerystring: LANGUAGE_QUERY,
      lookupCookie: LANGUAGE_COOKIE,
      lookupLocalStorage: LANGUAGE_KEY,
      caches: ['localStorage', 'cookie'],
      cookieMinutes: 60 * 24 * 365,
      cookieOptions: { path: '/', sameSite: 'lax' },
      convertDetectedLanguage: (lng: string) => toSupported(lng),
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });

// The build's prerender (src/prerender.tsx) runs this module in Node, with no document.
if (typeof document !== 'undefined') {
  document.documentElement.lang = htmlLang(i18n.resolvedLanguage ?? 'zh-TW');
  linkManifestFor(i18n.resolvedLanguage ?? 'zh-TW');
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = htmlLang(lng);
    linkManifestFor(lng);
  });
}

export default i18n;
