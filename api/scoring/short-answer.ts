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

const EN_UNDER_TWENTY = Object.entries(EN_NUMBER_WORDS)
  .filter(([, v]) => v < 20)
  .sort((a, b) => a[1] - b[1])
  .map(([w]) => w);
const EN_TENS = Object.fromEntries(
  Object.entries(EN_NUMBER_WORDS)
    .filter(([, v]) => v >= 20 && v < 100)
    .map(([w, v]) => [v, w]),
) as Record<number, string>;
const ZH_DIGITS = '零一二三四五六七八九';

/** 0–99 in English words (42 → forty-two); undefined above. */
function englishWords(n: number): string | undefined {
  if (!Number.isInteger(n) || n < 0 || n >= 100) return undefined;
  if (n < 20) return EN_UNDER_TWENTY[n];
  return n % 10 ? `${EN_TENS[n - (n % 10)]}-${EN_UNDER_TWENTY[n % 10]}` : EN_TENS[n];
}

/** 0–99 in Chinese numerals (25 → 二十五, 10 → 十); undefined above. */
function chineseWords(n: number): string | undefined {
  if (!Number.isInteger(n) || n < 0 || n >= 100) return undefined;
  if (n < 10) return ZH_DIGITS[n];
  const tens = Math.floor(n / 10);
  return `${tens > 1 ? ZH_DIGITS[tens] : ''}十${n % 10 ? ZH_DIGITS[n % 10] : ''}`;
}

/** Unit spellings the checker reads as one (a sample of UNITS, for the report line). */
const UNIT_SPELLINGS = [
  ['km', 'kilometres', '公里'],
  ['cm', 'centimetres', '公分'],
  ['kg', 'kilograms', '公斤'],
  ['m', 'metres', '公尺'],
  ['g', 'grams', '公克'],
  ['°C', 'degrees Celsius', '℃'],
  ['hours', 'h', '小時'],
  ['minutes', 'min', '分鐘'],
  ['years', 'yrs', '年'],
];

/**
 * Other forms the checker marks right for a key, each with what it differs in — for the report
 * a grader reads, so "only NGOs is accepted" is not assumed when NGO is as well. Every form here
 * is checked through shortAnswerMatches, so the list never claims more than the checker does.
 */
export function sameAnswerForms(accepted: readonly string[]): Array<{ form: string; why: string }> {
  const key = accepted[0]?.trim();
  if (!key) return [];
  const out: Array<{ form: string; why: string }> = [];
  const add = (form: string | undefined, why: string) => {
    if (!form || form === key || accepted.includes(form)) return;
    if (out.some((o) => o.form === form || (o.why === why && why !== 'generic word'))) return;
    if (shortAnswerMatches(form, accepted)) out.push({ form, why });
  };
  const latin = /[A-Za-z]/.test(key);
  const han = /\p{Script=Han}/u.test(key);
  if (latin) {
    add(key === key.toLowerCase() ? key.toUpperCase() : key.toLowerCase(), 'case');
    if (/\w-\w/.test(key)) add(key.replace(/(?<=\w)-(?=\w)/g, ' '), 'hyphen/space');
    else if (/[A-Za-z] [A-Za-z]/.test(key))
      add(key.replace(/(?<=[A-Za-z]) (?=[A-Za-z])/g, '-'), 'hyphen/space');
    const last = /([A-Za-z]+)$/.exec(key)?.[1];
    if (last) {
      const one = singular(last.toLowerCase());
      if (one !== last.toLowerCase() && last.toLowerCase().startsWith(one))
        add(key.slice(0, key.length - last.length) + last.slice(0, one.length), 'singular');
      else if (!/\d/.test(key)) {
        const plural = /[^aeiou]y$/i.test(last)
          ? `${key.slice(0, -1)}ies`
          : /(?:s|x|z|ch|sh)$/i.test(last)
            ? `${key}es`
            : `${key}s`;
        add(plural, 'plural');
      }
    }
    if (!/^(?:the|a|an)\s/i.test(key) && !han) add(`the ${key}`, 'leading article');
  }
  // Numbers: digits ↔ words, percent spellings, unit spellings.
  const digits = /(?<![\d.,])(\d{1,2})(?![\d.,])/.exec(key);
  if (digits && !/%/.test(key)) {
    const n = Number(digits[1]);
    const words = han ? chineseWords(n) : englishWords(n);
    if (words)
      add(
        key.replace(digits[0], han ? words : `${words}`),
        han ? 'Chinese numeral' : 'number in words',
      );
  }
  const wordRun = latin ? new RegExp(EN_NUMBER_RUN.source, 'i').exec(key) : null;
  if (wordRun) add(key.replace(wordRun[0], englishNumber(wordRun[0].toLowerCase())), 'digits');
  // A Chinese numeral as digits only where the key is a number (二十五年), not a term (三權分立).
  const zhRun = han
    ? /^[零〇一二兩三四五六七八九十百千萬億]+(?=\p{Script=Han}{0,2}$)/u.exec(key)
    : null;
  if (zhRun) {
    const value = parseChineseNumeral(zhRun[0]);
    if (value !== undefined && Number.isFinite(value))
      add(key.replace(zhRun[0], String(value)), 'digits');
  }
  const pct = /(\d+(?:\.\d+)?)\s*%/.exec(key);
  if (pct) add(key.replace(pct[0], han ? `百分之${pct[1]}` : `${pct[1]} percent`), 'percent');
  for (const spellings of UNIT_SPELLINGS) {
    const at = spellings.findIndex((u) =>
      new RegExp(`(?<=\\d)\\s*${u.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'iu').test(
        key,
      ),
    );
    if (at < 0) continue;
    const other = spellings[(at + 1) % spellings.length]!;
    add(
      key.replace(new RegExp(`(?<=\\d)\\s*${spellings[at]}(?![\\p{L}])`, 'iu'), ` ${other}`),
      'unit spelling',
    );
    break;
  }
  if (han) {
    if (/台/u.test(key)) add(key.replace(/台/gu, '臺'), '台/臺');
    if (/臺/u.test(key)) add(key.replace(/臺/gu, '台'), '台/臺');
    const simplified = toSimplifiedSameLength(key);
    add(simplified, 'simplified');
    if (/^\p{Script=Han}{2,}$/u.test(key)) {
      add(`整個${key}`, 'generic word');
      add(`${key}部分`, 'generic word');
    }
  }
  return out;
}

/** Folds the line names in words rather than by example (they apply to every key alike). */
const FOLDS_IN_WORDS = new Set(['case', 'hyphen/space', 'leading article']);

/**
 * One short line for a report: the key-specific forms the checker also marks right (quoted), then
 * the folds that apply to any key in words.
 */
export function sameAnswerLine(accepted: readonly string[]): string {
  const forms = sameAnswerForms(accepted);
  const quoted = forms
    .filter((o) => !FOLDS_IN_WORDS.has(o.why))
    .map((o) => `“${o.form}” (${o.why})`);
  const latin = /[A-Za-z]/.test(accepted[0] ?? '');
  const general = latin
    ? 'any case, hyphens, a leading a/an/the, extra spaces and punctuation around words'
    : 'extra spaces and punctuation around words';
  return `also marked right: ${[...quoted, general].join(' · ')}`;
}
