/**
 * The web app manifest of each UI language (scripts/build-manifest.ts writes both; the zh-TW
 * one is what index.html links). The installed app's name follows the language the learner
 * chose: on load from the stored language, and on every switch.
 */
export const MANIFEST_HREF = {
  'zh-TW': '/manifest.webmanifest',
  en: '/manifest.en.webmanifest',
} as const;

/** Points <link rel="manifest"> at `lng`'s manifest (no link, as in dev: nothing to do). */
export function linkManifestFor(lng: string): void {
  if (typeof document === 'undefined' || typeof document.querySelector !== 'function') return;
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = lng === 'en' ? MANIFEST_HREF.en : MANIFEST_HREF['zh-TW'];
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}
