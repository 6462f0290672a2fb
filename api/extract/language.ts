import type { DocumentLanguage } from './types.js';

const EN_STOPWORDS = new Set(
  'the of and to in is a that for it as was with be by on not he this are or his from at which but have an they you were her she there been one all we their can has more if will would its into may these'.split(
    ' ',
  ),
);

/**
 * The document's language from a sample of its text: Chinese (Han script, shown as zh-TW),
 * English (Latin script with English function words), or other (kana, Hangul, other languages).
 */
export function detectLanguage(text: string): DocumentLanguage {
  const sample = text.slice(0, 200_000);
  const count = (re: RegExp) => sample.match(re)?.length ?? 0;
  const han = count(/\p{Script=Han}/gu);
  const kana = count(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  const hangul = count(/\p{Script=Hangul}/gu);
  const latin = count(/\p{Script=Latin}/gu);
  const total = han + kana + hangul + latin;
  if (total === 0) return 'other';
  if (kana > 0.1 * (han + kana) && kana > 20) return 'other';
  if (hangul > han && hangul > latin) return 'other';
  // A Chinese character carries about as much as a short English word: weigh them up.
  if (han * 3 >= latin) return 'zh-TW';
  const words = sample.toLowerCase().match(/[a-z]+/g) ?? [];
  const stop = words.filter((w) => EN_STOPWORDS.has(w)).length;
  return words.length > 0 && stop / words.length > 0.08 ? 'en' : 'other';
}
