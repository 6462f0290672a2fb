import type { DocumentLanguage } from './types.js';

const EN_STOPWORDS = new Set(
  'the of and to in is a that for it as was with be by on not he this are or his from at which but have an they you were her she there been one all we their can has more if will would its into may these'.split(
    ' ',
  ),
);

const enum Script {
  Other = 0,
  Han = 1,
  Kana = 2,
  Hangul = 3,
  Latin = 4,
}

const HAN = /^\p{Script=Han}$/u;
const KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}]$/u;
const HANGUL = /^\p{Script=Hangul}$/u;
const LATIN = /^\p{Script=Latin}$/u;

function scriptOf(ch: string): Script {
  if (HAN.test(ch)) return Script.Han;
  if (KANA.test(ch)) return Script.Kana;
  if (HANGUL.test(ch)) return Script.Hangul;
  if (LATIN.test(ch)) return Script.Latin;
  return Script.Other;
}

/**
 * The script of every BMP character seen so far (255: not looked up yet). Unicode's script
 * property decides, through the regular expressions above, once per character; a document uses
 * a few thousand distinct characters, so counting costs one table read per character instead of
 * a regular expression match (and a string in a result array) per character.
 */
const bmpScripts = new Uint8Array(0x10000).fill(255);
const astralScripts = new Map<number, Script>();

function scriptAt(code: number): Script {
  if (code < 0x10000) {
    let script = bmpScripts[code]!;
    if (script === 255) bmpScripts[code] = script = scriptOf(String.fromCharCode(code));
    return script;
  }
  let script = astralScripts.get(code);
  if (script === undefined)
    astralScripts.set(code, (script = scriptOf(String.fromCodePoint(code))));
  return script;
}

/** Share of English function words among the a–z words of a (lowercased) text. */
function stopwordShare(lower: string): number {
  let words = 0;
  let stop = 0;
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 0;
    if (c >= 97 && c <= 122) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      words++;
      if (i - start <= 5 && EN_STOPWORDS.has(lower.slice(start, i))) stop++;
      start = -1;
    }
  }
  return words > 0 ? stop / words : 0;
}

/**
 * The document's language from a sample of its text: Chinese (Han script, shown as zh-TW),
 * English (Latin script with English function words), or other (kana, Hangul, other languages).
 */
export function detectLanguage(text: string): DocumentLanguage {
  const sample = text.slice(0, 200_000);
  let han = 0;
  let kana = 0;
  let hangul = 0;
  let latin = 0;
  for (let i = 0; i < sample.length; i++) {
    let code = sample.charCodeAt(i);
    // A surrogate pair is one character; a lone surrogate has no script.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < sample.length) {
      const low = sample.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    switch (
      code < 0x80 ? (((code | 32) - 97) >>> 0 < 26 ? Script.Latin : Script.Other) : scriptAt(code)
    ) {
      case Script.Han:
        han++;
        break;
      case Script.Kana:
        kana++;
        break;
      case Script.Hangul:
        hangul++;
        break;
      case Script.Latin:
        latin++;
        break;
    }
  }
  const total = han + kana + hangul + latin;
  if (total === 0) return 'other';
  if (kana > 0.1 * (han + kana) && kana > 20) return 'other';
  if (hangul > han && hangul > latin) return 'other';
  // A Chinese character carries about as much as a short English word: weigh them up.
  if (han * 3 >= latin) return 'zh-TW';
  return stopwordShare(sample.toLowerCase()) > 0.08 ? 'en' : 'other';
}
