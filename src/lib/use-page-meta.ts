import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../i18n';
import { LANGUAGE_QUERY } from '../config/constants';

/** The html `lang` (BCP 47) of each language, as hreflang names it. */
const HREFLANG: Record<Language, string> = { 'zh-TW': 'zh-Hant-TW', en: 'en' };

/** Sets `<head>`'s element matching `selector`, made from `attrs` when missing; undoes it. */
function setHead(selector: string, tag: string, attrs: Record<string, string>) {
  let el = document.head.querySelector<HTMLElement>(selector);
  const made = !el;
  const before: Record<string, string | null> = {};
  if (!el) {
    el = document.createElement(tag);
    document.head.append(el);
  }
  for (const [name, value] of Object.entries(attrs)) {
    before[name] = el.getAttribute(name);
    el.setAttribute(name, value);
  }
  const node = el;
  return () => {
    if (made) return node.remove();
    for (const [name, value] of Object.entries(before)) {
      if (value === null) node.removeAttribute(name);
      else node.setAttribute(name, value);
    }
  };
}

/**
 * A public page's description for search results (in the reader's language), its canonical
 * address and one alternate per language (`?lng=`, which the language detector reads first),
 * with the bare address as x-default. Undone when the page closes, so a signed-in screen keeps
 * none of it.
 */
export function usePageMeta(description: string) {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage;
  useEffect(() => {
    if (!description) return;
    const here = `${window.location.origin}${window.location.pathname}`;
    const undo = [
      setHead('meta[name="description"]', 'meta', { name: 'description', content: description }),
      setHead('link[rel="canonical"]', 'link', { rel: 'canonical', href: here }),
      ...LANGUAGES.map((lng) =>
        setHead(`link[rel="alternate"][hreflang="${HREFLANG[lng]}"]`, 'link', {
          rel: 'alternate',
          hreflang: HREFLANG[lng],
          href: `${here}?${LANGUAGE_QUERY}=${lng}`,
        }),
      ),
      setHead('link[rel="alternate"][hreflang="x-default"]', 'link', {
        rel: 'alternate',
        hreflang: 'x-default',
        href: here,
      }),
    ];
    return () => undo.reverse().forEach((f) => f());
  }, [description, lang]);
}
