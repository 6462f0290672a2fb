import { abbreviates } from './zh-distractors.js';
import { parseChineseNumeral, toChineseNumeral } from './numbers.js';
import { segmentChinese } from './segment-zh.js';
import { generalIdf } from './zh-importance.js';

/**
 * The material's own shorter forms of a Chinese key, for typed answers: the material writes
 * 物聯網 beside 萬物聯網, 網路 beside 網際網路, 民眾黨 beside 臺灣民眾黨. A learner who types
 * the form the material itself uses is right. A shorter form counts only when
 *   - it is the key's tail of three or more characters (物聯網 of 萬物聯網), or keeps the key's
 *     first and last characters in order (數發部 of 數位發展部) AND the material pairs the two
 *     explicitly (數位發展部（數發部）, 簡稱數發部): dropping inner characters may make
 *     another word (公聽會 → 公會, a trade association), so a merely similar word never counts;
 *   - the material uses it on its own, and every such use stands as a word (after punctuation,
 *     a particle or a pronoun), hardly ever as the head of another compound (立法院委員會 makes
 *     委員會 a class, not this key's other name);
 *   - it is no everyday word (委員會, 資料, 世界: the general IDF is below 7).
 */

/** What may stand before a word used on its own: no character, punctuation, particles. */
const OPEN_BEFORE =
  /(?:^|[^\p{Script=Han}]|[的是在和與及或也都就把被對從向跟用到說叫稱為這那個些種])$/u;

/**
 * Whether a word at `at` stands alone: punctuation or a particle before it, or a word before
 * it that is no modifier (討論|物聯網: a verb and its object; 工業|物聯網: a compound).
 */
function standsAlone(fullText: string, at: number, form: string): boolean {
  const prev = fullText.slice(Math.max(0, at - 1), at);
  const window = fullText.slice(Math.max(0, at - 4), at);
  const tokens = segmentChinese(window + form);
  // 駕|駛執照: the form's first character belongs to the word before it; no word of its own.
  if (!tokens.some((t) => t.start === window.length)) return false;
  if (OPEN_BEFORE.test(prev)) return true;
  const last = tokens.find((t) => t.end === window.length);
  return last !== undefined && /^(?:v|vd|vi|vg|p|c|u|ul|uj|d|r|m|q|f|y)$/.test(last.pos);
}

/** Prefixes that turn a word into its opposite or its absence. */
const NEGATING = /^[非不無未反沒否免去除]$/u;

/** Below this general IDF a word is an everyday one (委員會 5.7, 資料 5.9, 世界 4.4). */
const EVERYDAY = 7;

export function zhMaterialForms(fullText: string, key: string): string[] {
  const k = [...key.trim()];
  if (k.length < 3 || !k.every((c) => /\p{Script=Han}/u.test(c))) return [];
  const keyText = k.join('');
  const candidates = new Set<string>();
  for (let n = 3; n < k.length; n++) {
    // A tail after a negating or opposing prefix says the opposite (非傳統營利 → 傳統營利,
    // 不正當競爭 → 正當競爭, 反壟斷 …): never the key's other name.
    if (NEGATING.test(k[k.length - n - 1]!)) continue;
    candidates.add(k.slice(k.length - n).join(''));
  }
  // Forms keeping the first and last characters, read off the material around the key's first
  // character (網…路): at most six characters.
  const first = k[0]!;
  const last = k[k.length - 1]!;
  for (let at = fullText.indexOf(first); at >= 0; at = fullText.indexOf(first, at + 1)) {
    for (let n = 2; n < k.length && n <= 6; n++) {
      const piece = fullText.slice(at, at + n);
      if (piece.endsWith(last) && [...piece].length === n && abbreviates(piece, keyText))
        candidates.add(piece);
    }
  }
  const out: string[] = [];
  for (const form of candidates) {
    const tail = [...form].length >= 3 && keyText.endsWith(form);
    if (!tail && !pairedExplicitly(fullText, keyText, form)) continue;
    if (!usedOnItsOwn(fullText, keyText, form)) continue;
    const idf = generalIdf(form);
    if (idf !== undefined && idf < EVERYDAY) continue;
    out.push(form);
  }
  return out.slice(0, 3);
}

/**
 * Whether the material writes `form` outside the key, mostly as a word of its own: at least
 * at least half of such uses stand alone (學術網路 once among many 網路 does not make 網路 a class).
 */
function usedOnItsOwn(fullText: string, key: string, form: string): boolean {
  let uses = 0;
  let compound = 0;
  for (let at = fullText.indexOf(form); at >= 0; at = fullText.indexOf(form, at + 1)) {
    // Inside an occurrence of the key itself.
    const keyAt = fullText.lastIndexOf(key, at + form.length - 1);
    if (keyAt >= 0 && keyAt <= at && keyAt + key.length >= at + form.length) continue;
    if (standsAlone(fullText, at, form)) uses++;
    else compound++;
  }
  return uses > 0 && compound <= uses;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether the material names `form` as the key's other name: in brackets after it (or the
 * key in brackets after the form), or introduced by 簡稱/又稱/俗稱/以下稱 close after the key.
 */
export function pairedExplicitly(fullText: string, key: string, form: string): boolean {
  const k = escape(key);
  const f = escape(form);
  return new RegExp(
    `${k}[（(「]${f}[）)」]|${f}[（(「]${k}[）)」]|${k}[^。！？\\n]{0,8}?(?:簡稱|又稱|俗稱|以下稱|以下簡稱)[「『]?${f}`,
    'u',
  ).test(fullText);
}

/**
 * A count in digits as in Chinese numerals (round 5b): 兩萬人 ↔ 2萬人, 三十個 ↔ 30個. Only a
 * whole count below ten thousand before an optional 萬/億 and a unit of one to three Han
 * characters; never a year (1990年 is no 一千九百九十年).
 */
export function zhCountForms(key: string): string[] {
  const m =
    /^([零〇一二兩三四五六七八九十百千]+|\d{1,4})([萬億]?)([^\d零〇一二兩三四五六七八九十百千萬億\s]{1,3})$/u.exec(
      key.trim(),
    );
  if (!m || !/^\p{Script=Han}+$/u.test(m[3]!)) return [];
  const [, num, big, unit] = m as unknown as [string, string, string, string];
  if (/^\d/.test(num)) {
    const n = Number(num);
    if (n >= 1000 && !big) return [];
    if (unit.startsWith('年') && n >= 100) return [];
    const zh = toChineseNumeral(n);
    const liang = toChineseNumeral(n, true);
    return [...new Set([liang, zh])].filter((x) => x !== String(n)).map((x) => `${x}${big}${unit}`);
  }
  const n = parseChineseNumeral(num);
  if (n === undefined || !Number.isInteger(n) || n <= 0 || n >= 10_000) return [];
  if (/^[零〇一二三四五六七八九]{3,}$/u.test(num)) return [];
  return [`${n}${big}${unit}`];
}
