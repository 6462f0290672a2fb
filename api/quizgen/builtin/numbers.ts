/**
 * Numbers with their unit, in Arabic or Chinese numerals, so a number can be blanked, swapped
 * for another of the same unit, or changed to make a false statement.
 */
export interface NumberMention {
  text: string;
  start: number;
  end: number;
  value: number;
  /** What is counted: 年, 歲, 名, %, years, ... ('' for a bare number). */
  unit: string;
  style: 'arabic' | 'chinese';
  /** 第 before the numeral (an ordinal). */
  ordinal: boolean;
}

const ZH_DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const ZH_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000, 萬: 10_000, 億: 100_000_000 };
const ZH_COUNTERS = '年歲月日天週周名位個人次倍條款項章節頁票州院組屆分秒小時公里公斤億萬元%％';
const EN_UNITS =
  '%|percent|years?|months?|weeks?|days?|hours?|minutes?|seconds?|ms|km|kg|cm|mm|m|mb|gb|kb|times|members?|states?|votes?|pages?|people|persons?|senators?|representatives?';

const ZH_NUMBER = new RegExp(
  `(第)?([零〇一二兩三四五六七八九十百千萬億]+(?:分之[零〇一二兩三四五六七八九十百千萬]+|(?=小時|公里|公斤|[${ZH_COUNTERS}])))(小時|公里|公斤|[${ZH_COUNTERS}])?`,
  'gu',
);
const ARABIC_NUMBER = new RegExp(
  `(第\\s*)?(\\d+(?:[.,]\\d+)*)(?:\\s*(${EN_UNITS})\\b|\\s*(小時|公里|公斤|[${ZH_COUNTERS}]))?`,
  'giu',
);

/** Every number in a sentence with the unit that follows it. */
export function findNumbers(sentence: string): NumberMention[] {
  const out: NumberMention[] = [];
  for (const m of sentence.matchAll(ZH_NUMBER)) {
    // 萬元 of 200萬元 is the tail of an Arabic number, not a number of its own (read alone it
    // was 0 and a short answer accepted 0元: a wrong key on hold-out v8).
    if (!m[1] && /[\d０-９.,]/u.test(sentence[m.index - 1] ?? '')) continue;
    const value = parseChineseNumeral(m[2]!);
    if (value === undefined) continue;
    out.push({
      text: m[0],
      start: m.index,
      end: m.index + m[0].length,
      value,
      unit: m[3] ?? '',
      style: 'chinese',
      ordinal: !!m[1],
    });
  }
  for (const m of sentence.matchAll(ARABIC_NUMBER)) {
    if (/[A-Za-z\d.]/.test(sentence[m.index - 1] ?? '') && !m[1]) continue;
    const value = Number(m[2]!.replace(/,/g, ''));
    if (!Number.isFinite(value)) continue;
    out.push({
      text: m[0],
      start: m.index,
      end: m.index + m[0].length,
      value,
      unit: (m[3] ?? m[4] ?? '').toLowerCase(),
      style: 'arabic',
      ordinal: !!m[1],
    });
  }
  out.sort((a, b) => a.start - b.start);
  // A label, a citation's year or a figure of speech is no quantity of the material: never a
  // key, a swapped value or a distractor (decision 0046).
  return out.filter((m) => !isTriviaNumber(sentence, m, out));
}

/** A number that labels a part of the book: Figure 3, Fig. 2.1, Table 4, page 12, Plot 2. */
const LABEL_BEFORE =
  /\b(?:fig(?:ure)?s?\.?|tables?|pages?|pp?\.|plots?|panels?|exhibits?|appendix|appendices|exercises?|examples?|equations?|eqs?\.|footnotes?|slides?|lines?)\s*$/iu;
/** Section 1.2, Chapter 3.4: a book's own numbering (Section 8 of a law is content). */
const NUMBERED_PART_BEFORE = /\b(?:sections?|chapters?)\s*$/iu;
/** 圖 3、表二、第 12 頁: a figure, table or page of the book. */
const ZH_LABEL_BEFORE = /[圖表]\s*$/u;
const ZH_PAGE = /^(?:第\s*)?[\d零〇一二兩三四五六七八九十百]+\s*頁$/u;
/** A citation's year: (Smith, 2019), Smith et al. (2019), （王，2019）. */
const CITATION_BEFORE =
  /(?:(?:\p{Lu}[\p{L}'’-]+|et al\.?)\s*[,，]?\s*|\p{Lu}[\p{L}'’-]+(?:\s+et al\.?)?\s*\(|[\p{Script=Han}]{2,4}\s*[，,]\s*)$/u;
/** 一千、一萬、百萬: a round figure said for "very many" (聽一千人的意見). */
const ROUND_FIGURE = /^(?:一?[百千萬]|十萬|一?百萬|一?千萬|一?億)(?:[人個次遍句種倍]|$)/u;

/**
 * Whether a number of the sentence is trivia rather than a quantity it teaches: a label of the
 * book (Figure 3, page 12, 圖 2, 第 12 頁), the year of a citation ("(Smith, 2019)"), or a round
 * figure used as a figure of speech (「聽一千人的意見」: a lone 一千/一萬 of people or times).
 */
export function isTriviaNumber(
  sentence: string,
  m: NumberMention,
  all: readonly NumberMention[] = [m],
): boolean {
  const before = sentence.slice(Math.max(0, m.start - 24), m.start);
  if (!m.ordinal && LABEL_BEFORE.test(before)) return true;
  if (NUMBERED_PART_BEFORE.test(before) && /^\d+\.\d/u.test(m.text)) return true;
  if (m.style === 'arabic' && ZH_LABEL_BEFORE.test(before)) return true;
  if (ZH_LABEL_BEFORE.test(before) && m.style === 'chinese' && !m.unit) return true;
  if (m.unit === '頁' && ZH_PAGE.test(m.text)) return true;
  const year = m.style === 'arabic' && !m.unit && m.value >= 1800 && m.value <= 2100;
  if (year) {
    const open =
      before.lastIndexOf('(') > before.lastIndexOf(')') ||
      before.lastIndexOf('（') > before.lastIndexOf('）');
    const after = sentence.slice(m.end, m.end + 3);
    if (open && CITATION_BEFORE.test(before) && /^[a-z]?\s*[)）;；,，]/u.test(after)) return true;
  }
  // A round figure of speech: the sentence states no other number, and says more than it.
  if (
    m.style === 'chinese' &&
    !m.ordinal &&
    ROUND_FIGURE.test(m.text) &&
    all.length === 1 &&
    [...sentence.trim()].length > [...m.text].length + 2
  )
    return true;
  return false;
}

/** 二十五 → 25, 兩 → 2, 五分之三 → 0.6; undefined when it is not a numeral. */
export function parseChineseNumeral(text: string): number | undefined {
  const fraction = /^(.+)分之(.+)$/.exec(text);
  if (fraction) {
    const den = parseChineseNumeral(fraction[1]!);
    const num = parseChineseNumeral(fraction[2]!);
    return den && num !== undefined ? num / den : undefined;
  }
  // Digits read one by one (一九八四 = 1984, 二〇二四 = 2024): a year or a code, not a sum.
  if (/^[零〇一二三四五六七八九]{3,}$/u.test(text))
    return Number([...text].map((ch) => ZH_DIGITS[ch]!).join(''));
  let total = 0;
  let section = 0;
  let digit: number | undefined;
  for (const ch of text) {
    if (ch in ZH_DIGITS) {
      digit = ZH_DIGITS[ch]!;
      continue;
    }
    const unit = ZH_UNITS[ch];
    if (unit === undefined) return undefined;
    if (unit >= 10_000) {
      // A bare 萬 or 億 (萬人) is one of it, not none.
      total += (section + (digit ?? (section ? 0 : 1))) * unit;
      section = 0;
    } else section += (digit ?? 1) * unit;
    digit = undefined;
  }
  return total + section + (digit ?? 0);
}

/** 25 → 二十五 (up to 99,999), using 兩 for a lone 2 when the original did. */
export function toChineseNumeral(n: number, useLiang = false): string {
  const digits = '零一二三四五六七八九';
  if (!Number.isInteger(n) || n < 0 || n >= 100_000) return String(n);
  if (n === 2 && useLiang) return '兩';
  if (n < 10) return digits[n]!;
  const units = ['', '十', '百', '千', '萬'];
  const parts: string[] = [];
  const s = String(n);
  let zero = false;
  for (let i = 0; i < s.length; i++) {
    const d = Number(s[i]);
    const unit = units[s.length - 1 - i]!;
    if (d === 0) {
      zero = parts.length > 0;
      continue;
    }
    if (zero) parts.push('零');
    zero = false;
    parts.push(d === 1 && unit === '十' && i === 0 ? '' : digits[d]!, unit);
  }
  return parts.join('');
}

/** Whether a mention can be rewritten with another value (fractions in words cannot). */
export function isRewritable(mention: NumberMention): boolean {
  return mention.style === 'arabic' || Number.isInteger(mention.value);
}

/** The mention rewritten with another value, keeping its style, ordinal marker and unit. */
export function renderNumber(mention: NumberMention, value: number): string {
  const numeral =
    mention.style === 'chinese'
      ? toChineseNumeral(value, mention.text.includes('兩'))
      : formatArabic(value, mention.text);
  const match =
    mention.style === 'chinese'
      ? /^(第)?([零〇一二兩三四五六七八九十百千萬億]+(?:分之[零〇一二兩三四五六七八九十百千萬]+)?)(.*)$/u
      : /^(第\s*)?([\d.,]+)(.*)$/u;
  const m = match.exec(mention.text);
  if (!m) return numeral;
  return `${m[1] ?? ''}${numeral}${agreeUnit(m[3] ?? '', value)}`;
}

const EN_COUNT_UNIT =
  /^(\s*)(year|month|week|day|hour|minute|second|member|state|vote|page|person|senator|representative)(s?)$/i;

/** "1 year" but "4 years": an English unit takes the number of its value. */
function agreeUnit(unit: string, value: number): string {
  const m = EN_COUNT_UNIT.exec(unit);
  if (!m) return unit;
  return `${m[1]}${m[2]}${value === 1 ? '' : 's'}`;
}

function formatArabic(value: number, original: string): string {
  const decimals = /\.(\d+)/.exec(original)?.[1]?.length ?? 0;
  const text = value.toFixed(decimals);
  return original.includes(',') ? Number(text).toLocaleString('en-US') : text;
}

/**
 * Other values a learner might believe: close to the true one and of the same size, for a
 * year a few years off. Deterministic; the caller filters out values the text also states.
 */
export function nearbyValues(value: number, unit: string): number[] {
  const max = unit === '月' ? 12 : unit === '日' ? 31 : Infinity;
  return [...new Set(candidateValues(value, unit))].filter((v) => v !== value && v > 0 && v <= max);
}

/** Two significant figures: 547.5 → 550, 1095 → 1100 (a value a person might state). */
function roundish(v: number): number {
  if (v < 10) return Math.round(v);
  const p = Math.pow(10, Math.floor(Math.log10(v)) - 1);
  return Math.round(v / p) * p;
}

function candidateValues(value: number, unit: string): number[] {
  // English units: values a reader might believe are multiples and halves of the true one,
  // written as round as people write them — not 315 and 415 days beside 365.
  if (/^[a-z]/.test(unit) && unit !== 'percent') {
    if (!Number.isInteger(value))
      return [value * 2, value / 2, value * 1.5].map((v) => Math.round(v * 100) / 100);
    // Years (an age, a span): a few years off, not double (160 years old).
    if (/^years?$/.test(unit) && value >= 15)
      return [value - 10, value + 10, value - 5, value + 5, value + 20];
    if (value <= 12) return [value * 2, Math.round(value / 2), value + 2, value + 1, value - 1];
    return [value * 2, value / 2, value * 1.5, value * 3, value * 0.75].map(roundish);
  }
  if (!Number.isInteger(value)) {
    return [value * 2, value / 2, value + 0.5, value * 1.5].map((v) => Math.round(v * 100) / 100);
  }
  if (value >= 1000 && value <= 2100 && (unit === '' || unit === '年')) {
    return [value - 1, value + 1, value - 3, value + 2, value - 10, value + 10];
  }
  if (unit === '%' || unit === '％' || unit === 'percent') {
    return [value + 10, value - 10, value + 5, value * 2, Math.round(value / 2)].filter(
      (v) => v > 0 && v <= 100,
    );
  }
  if (value <= 12)
    return [value + 1, value - 1, value + 2, value * 2, value + 3, value - 2].filter((v) => v > 0);
  const step = value >= 100 ? Math.pow(10, Math.floor(Math.log10(value)) - 1) * 5 : 5;
  return [value + step, value - step, value * 2, Math.round(value / 2), value + 2 * step].filter(
    (v) => v > 0,
  );
}
