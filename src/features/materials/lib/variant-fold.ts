/**
 * The form the material search compares text in, as the server does (api/materials/search.ts):
 * NFKC, lower case, and each Traditional character as its Simplified one, which folds variants
 * together (臺/台, 裡/裏/里) and lets a Simplified query find Traditional text. Pure; the
 * dictionaries (~17 KB gzip) load only when a search needs them.
 */
export type Fold = (text: string) => string;

/** Width and case only: what the search uses until the dictionaries are loaded. */
export const basicFold: Fold = (text) => text.normalize('NFKC').toLowerCase();

const pairs = (dict: string) => dict.split('|').map((entry) => entry.split(' '));

/** The full fold from OpenCC's TSCharacters and TWVariantsRev ("from to|from to|..."). */
export function variantFoldFrom(tsCharacters: string, twVariantsRev: string): Fold {
  const map = new Map<string, string>();
  const single = (from = '', to = '') => from.length === to.length && [...from].length === 1;
  for (const [from, to] of pairs(tsCharacters)) if (single(from, to)) map.set(from!, to!);
  // Taiwan forms (裡, 啟) go to OpenCC's Traditional form first (裏, 啓), then to Simplified.
  for (const [from, to] of pairs(twVariantsRev)) {
    if (single(from, to) && !map.has(from!)) map.set(from!, map.get(to!) ?? to!);
  }
  return (text) => {
    let out = '';
    for (const ch of basicFold(text)) out += map.get(ch) ?? ch;
    return out;
  };
}

let loading: Promise<Fold> | undefined;

/** The full fold, its dictionaries fetched once (a lazy chunk, cached for offline use). */
export function loadVariantFold(): Promise<Fold> {
  loading ??= Promise.all([
    import('opencc-js/dict/TSCharacters'),
    import('opencc-js/dict/TWVariantsRev'),
  ]).then(([ts, tw]) => variantFoldFrom(ts.default, tw.default));
  return loading;
}
