/**
 * Text normalisation shared by both generators: width folding, comparison keys, punctuation.
 */

/** Full-width letters, digits and punctuation folded to half width (ＡＢＣ１２３ → ABC123). */
export function foldWidth(text: string): string {
  return text.normalize('NFKC');
}

/** Collapses runs of whitespace into one space and trims. */
export function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A key for comparing answers and options: width-folded, lower-cased, without whitespace,
 * punctuation or symbols. Two strings with the same key read the same to a learner.
 */
export function comparisonKey(text: string): string {
  return foldWidth(text)
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** True when the text has no letter, digit or Han character (punctuation, symbols, spaces). */
export function isPunctuationOnly(text: string): boolean {
  return !/[\p{L}\p{N}]/u.test(text);
}

/** True for a bare page-number-like answer: digits, roman numerals or "p. 12" alone. */
export function isBarePageNumber(text: string): boolean {
  const t = foldWidth(text).trim();
  return /^(p\.?\s*|page\s*|第\s*)?\d{1,4}(\s*頁)?$/i.test(t) || /^[ivxlc]{1,6}$/i.test(t);
}

/** Removes parenthetical asides: 「安全政策（policy）」 → 「安全政策」. */
export function withoutParentheticals(text: string): string {
  return collapseSpaces(text.replace(/\s*[(（][^()（）]*[)）]/g, ''));
}

/** The texts inside parentheses: 「安全政策（policy）」 → ['policy']. */
export function parentheticals(text: string): string[] {
  return [...text.matchAll(/[(（]([^()（）]+)[)）]/g)].map((m) => m[1]!.trim()).filter(Boolean);
}

/**
 * A generic determiner in front of a Chinese noun (整個產業 → 產業, 所有成員 → 成員): the stem
 * supplies the rest, so a teacher accepts the noun with or without it. Only before two or more
 * Han characters, and never 所有 of 所有權 (ownership).
 */
const ZH_DETERMINER =
  /^(?:整個|整體|所有(?!權)|全部|各個|每個|每一個|這個|那個|這些|那些|該)(?=\p{Script=Han}{2})/u;

/**
 * A generic head after a Chinese noun (青年朋友 → 青年, 開放政府議題 → 開放政府): the words around
 * the blank say what kind of thing it is, so a teacher accepts the noun without it. Only after
 * two or more Han characters.
 */
const ZH_GENERIC_HEAD =
  /(?<=\p{Script=Han}{2})(?:朋友們|朋友|們|族群|世代|群體|人士|這一塊|這個部分|的部分|部分|方面|層面|議題)$/u;

export function withoutGenericModifier(text: string): string {
  const t = text.trim();
  return t.replace(ZH_DETERMINER, '');
}

/** A Chinese noun without a generic head (青年朋友 → 青年); other text as it is. */
export function withoutGenericHead(text: string): string {
  return text.trim().replace(ZH_GENERIC_HEAD, '');
}
