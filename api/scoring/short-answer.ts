import { parseChineseNumeral } from '../quizgen/builtin/numbers.js';
import { toSimplifiedSameLength, toTraditional } from '../quizgen/text/chinese-script.js';
import { EN_NUMBER_WORDS } from '../quizgen/text/en-number-words.js';
import { withoutGenericHead, withoutGenericModifier } from '../quizgen/text/normalize.js';

// Everything a learner does not mean as part of the answer goes: spaces, punctuation, symbols.
// Two marks are kept because they change a number's value: a decimal point between digits
// (3.14 is not 314) and a minus sign starting a number (-5 is not 5; COVID-19 still folds).
// A percent sign goes too: "100%" and "100" answer the same question the same way.
const FOLD = /(?<=\d)(\.)(?=\d)|(?<![\p{L}\p{N}])([-−])(?=\d)|[\s\p{P}\p{S}]+/gu;

const ZH_NUMERAL = /[零〇一二兩三四五六七八九十百千萬億]+/gu;

/** Units a teacher reads as one: symbol, English word, Chinese word (after a number). */
const UNITS: Array<[RegExp, string]> = [
  [/(?<=\d)\s*(?:km|kilomet(?:er|re)s?|公里)(?![\p{L}])/giu, 'km'],
  [/(?<=\d)\s*(?:cm|centimet(?:er|re)s?|公分|釐米|厘米)(?![\p{L}])/giu, 'cm'],
  [/(?<=\d)\s*(?:mm|millimet(?:er|re)s?|公釐|毫米)(?![\p{L}])/giu, 'mm'],
  [/(?<=\d)\s*(?:m|met(?:er|re)s?|公尺|米)(?![\p{L}])/giu, 'm'],
  [/(?<=\d)\s*(?:kg|kilograms?|公斤|千克)(?![\p{L}])/giu, 'kg'],
  [/(?<=\d)\s*(?:g|grams?|公克|克)(?![\p{L}])/giu, 'g'],
  [/(?<=\d)\s*(?:°\s*c|℃|degrees?\s+celsius|度c|攝氏度)(?![\p{L}])/giu, '°c'],
  [/(?<=\d)\s*(?:h|hrs?|hours?|小時|鐘頭)(?![\p{L}])/giu, 'h'],
  [/(?<=\d)\s*(?:min|mins|minutes?|分鐘)(?![\p{L}])/giu, 'min'],
  [/(?<=\d)\s*(?:years?|yrs?|年)(?![\p{L}])/giu, 'yr'],
];

const EN_NUMBER_WORD = Object.keys(EN_NUMBER_WORDS).join('|');
const EN_NUMBER_RUN = new RegExp(
  `\\b(?:${EN_NUMBER_WORD})(?:(?:\\s+and)?[\\s-]+(?:${EN_NUMBER_WORD}))*\\b`,
  'g',
);

/** "three hundred and twenty" → 320, "sixty" → 60, "a thousand" keeps its article. */
function englishNumber(run: string): string {
  let total = 0;
  let current = 0;
  for (const word of run.split(/[\s-]+/)) {
    if (word === 'and') continue;
    const v = EN_NUMBER_WORDS[word]!;
    if (v === 100) current = (current || 1) * 100;
    else if (v >= 1000) {
      total += (current || 1) * v;
      current = 0;
    } else current += v;
  }
  return String(total + current);
}

/** An English word's singular, by the regular rules (studies → study, boxes → box, cells → cell). */
function singular(word: string): string {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return word;
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(?:s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word) && !/(?:is|us|ss)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * The comparison form of a short answer: width-folded, lower-case, Chinese script and variant
 * forms folded (细胞/細胞, 台/臺, 里/裡), percent words and Chinese numerals as digits
 * (百分之百 = 100 percent = 100% = 100), common units as one symbol, English plurals and a
 * leading article dropped, then without spaces and punctuation.
 */
export function normalizeShortAnswer(text: string): string {
  // Every script and variant form to one: Simplified and Taiwan/OpenCC variants (臺/台, 裡/裏)
  // to Simplified character by character, then to Traditional with Taiwan forms.
  let t = toTraditional(toSimplifiedSameLength(text.normalize('NFKC').toLowerCase()));
  t = t.replace(/百分之([零〇一二兩三四五六七八九十百千萬億]+|\d+(?:\.\d+)?)/gu, (_, n: string) => {
    const value = /\d/.test(n) ? Number(n) : parseChineseNumeral(n);
    return value === undefined ? `${n}%` : `${value}%`;
  });
  t = t.replace(/(\d)\s*(?:percent|per\s+cent|pct)\b/g, '$1%');
  // Chinese numerals as digits, on both sides alike (二十五 = 25, 第三 = 第3).
  t = t.replace(ZH_NUMERAL, (run) => {
    const value = parseChineseNumeral(run);
    return value === undefined || !Number.isFinite(value) ? run : String(value);
  });
  // English number words as digits, on both sides alike (sixty days = 60 days).
  t = t.replace(EN_NUMBER_RUN, englishNumber);
  // One decimal form: .10 = 0.10 = 0.1 (the key is read as the same quantity either way).
  t = t
    .replace(/(?<![\d.])\.(\d)/g, '0.$1')
    .replace(/(\d\.\d*?)0+(?!\d)/g, '$1')
    .replace(/(\d)\.(?!\d)/g, '$1');
  for (const [pattern, unit] of UNITS) t = t.replace(pattern, unit);
  // The week and its days, three words for one (星期 = 禮拜 = 週): 禮拜天 = 星期日 = 週日.
  t = t
    .replace(/(?:禮拜|週|周)(?=[1-7日天])/gu, '星期')
    .replace(/星期天/gu, '星期日')
    .replace(/^\s*(?:個)?(?:禮拜|週|周|星期)\s*$/u, '星期');
  // A whole answer that is a count: 八成 = 80%, 九個 = 9個 = 9 (the stem says what is counted).
  const tenths = /^\s*(\d+(?:\.\d+)?)\s*成\s*$/u.exec(t);
  if (tenths) t = `${Number(tenths[1]) * 10}%`;
  t = t.replace(
    /^\s*(-?\d+(?:\.\d+)?)\s*(?:個|位|名|項|種|次|件|條|隻|家|所|間|座|張|本|份|人)\s*$/u,
    '$1',
  );
  t = t.replace(/^(?:the|a|an)\s+/, '');
  // "entire" and "whole" say the same before a noun (the entire breast = the whole breast).
  t = t.replace(/\bentire\b/g, 'whole');
  t = t.replace(/[a-z]+/g, singular);
  return t.replace(FOLD, (_, dot?: string, minus?: string) => (dot ? '.' : minus ? '-' : ''));
}

/** The comparison forms of a text: folded, and folded without a generic modifier or head. */
const formsOf = (text: string) =>
  new Set([
    normalizeShortAnswer(text),
    normalizeShortAnswer(withoutGenericModifier(text)),
    normalizeShortAnswer(withoutGenericHead(withoutGenericModifier(text))),
  ]);

/** Forms of accepted answers already folded: a quiz's keys are the same on every submission. */
const keyForms = new Map<string, ReadonlySet<string>>();
const KEY_FORMS_KEPT = 5000;

function acceptedForms(answer: string): ReadonlySet<string> {
  let forms = keyForms.get(answer);
  if (!forms) {
    forms = formsOf(answer);
    if (keyForms.size >= KEY_FORMS_KEPT) keyForms.delete(keyForms.keys().next().value!);
    keyForms.set(answer, forms);
  }
  return forms;
}

/** True when the answer reads the same as one of the accepted answers; empty never matches. */
export function shortAnswerMatches(given: string, accepted: readonly string[]): boolean {
  const keys = formsOf(given);
  keys.delete('');
  if (keys.size === 0) return false;
  // Exact comparison only (after folding, a generic determiner such as 整個 and a generic
  // head such as 朋友 taken off either side): an edit distance would accept a different term that looks alike.
  for (const answer of accepted) {
    for (const f of acceptedForms(answer)) if (keys.has(f)) return true;
  }
  return false;
}
