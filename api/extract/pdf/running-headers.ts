import type { Fragment, PageText } from './page-text.js';

/** Share of the page height, at the top and at the bottom, where headers and footers live. */
const ZONE = 0.12;
/** A header must repeat on this share of the pages with text (and on at least two). */
const MIN_SHARE = 0.4;
const PAGE_NUMBER =
  /^(?:[-–—([]\s*)?(?:page|p\.|第)?\s*\d{1,4}\s*(?:頁|(?:of|\/|／)\s*\d{1,4})?(?:\s*[-–—)\]])?$/iu;

/**
 * Fragments that are running headers or footers: near the top or bottom edge and the same
 * text (digits aside, so "頁次：4－2" matches "頁次：4－3") on many pages, or a lone page number.
 */
export function runningFragments(pages: PageText[]): Set<Fragment> {
  const found = new Set<Fragment>();
  const withText = pages.filter((p) => p.fragments.length > 0);
  const pagesWithKey = new Map<string, number>();
  const keyed: Array<{ key: string; fragment: Fragment }> = [];
  for (const page of withText) {
    const seen = new Set<string>();
    const first = Math.min(...page.fragments.map((f) => f.top));
    const last = Math.max(...page.fragments.map((f) => f.bottom));
    for (const fragment of page.fragments) {
      const zone = zoneOf(fragment, page.height);
      if (!zone) continue;
      // A lone number counts as a page number only on the outermost line, not as the
      // number of a list item or exam question that starts near the edge.
      const outermost =
        zone === 'top'
          ? fragment.top <= first + fragment.size
          : fragment.bottom >= last - fragment.size;
      if (outermost && PAGE_NUMBER.test(fragment.text.trim())) {
        found.add(fragment);
        continue;
      }
      const key = `${zone}:${normalize(fragment.text)}`;
      keyed.push({ key, fragment });
      if (!seen.has(key)) {
        seen.add(key);
        pagesWithKey.set(key, (pagesWithKey.get(key) ?? 0) + 1);
      }
    }
  }
  const needed = Math.max(2, Math.ceil(MIN_SHARE * withText.length));
  for (const { key, fragment } of keyed) {
    if ((pagesWithKey.get(key) ?? 0) >= needed) found.add(fragment);
  }
  return found;
}

function zoneOf(f: Fragment, pageHeight: number): 'top' | 'bottom' | undefined {
  if (f.bottom <= ZONE * pageHeight) return 'top';
  if (f.top >= (1 - ZONE) * pageHeight) return 'bottom';
  return undefined;
}

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/\p{Nd}+/gu, '#')
    .replace(/[\s\u3000]+/gu, '');
}
