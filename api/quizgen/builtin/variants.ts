import {
  simplifiedOnlyChars,
  toSimplifiedSameLength,
  toTraditional,
} from '../text/chinese-script.js';
import {
  collapseSpaces,
  foldWidth,
  parentheticals,
  withoutGenericHead,
  withoutGenericModifier,
  withoutParentheticals,
} from '../text/normalize.js';
import { taiwanWording } from '../text/zh-vocabulary.js';
import type { Answer } from './answers.js';
import { toChineseNumeral } from './numbers.js';

/**
 * Every form of an answer a learner may type and be right: as written, without or only its
 * parenthetical, Traditional and Simplified forms, half-width, without a leading article, and
 * a number in Arabic or Chinese numerals.
 */
export function acceptedAnswers(
  answer: Pick<Answer, 'kind' | 'text'> & Partial<Answer>,
  language?: 'zh' | 'en',
): string[] {
  const key = answer.text.trim();
  const han = /\p{Script=Han}/u.test(key) || language === 'zh';
  const forms = [key, withoutParentheticals(key), ...parentheticals(key)];
  if (/^(?:the|a|an)\s+/i.test(key)) forms.push(key.replace(/^(?:the|a|an)\s+/i, ''));
  if (answer.kind === 'number' && 'number' in answer && answer.number) {
    const n = answer.number;
    const unit = key.slice(key.search(/[^第\s\d.,零〇一二兩三四五六七八九十百千萬億]/u));
    const prefix = n.ordinal ? '第' : '';
    if (Number.isInteger(n.value) && unit !== key) {
      forms.push(`${prefix}${n.value}${unit}`);
      // Chinese numerals only in a Chinese quiz (no 三百people, 十% in an English one).
      // A year is read digit by digit (1984年 = 一九八四年, not 一千九百八十四年).
      const year = !n.ordinal && n.value >= 1000 && n.value <= 2200 && /^\s*年/u.test(unit);
      if (year) forms.push(String(n.value));
      if (han && year)
        forms.push(
          `${[...String(n.value)].map((d) => '〇一二三四五六七八九'[Number(d)]).join('')}${unit.trim()}`,
        );
      else if (han) forms.push(`${prefix}${toChineseNumeral(n.value)}${unit}`);
    }
  }
  // Percentages: 45% = 45 percent = 百分之四十五; 80% = 八成.
  const percent = /^(\d+(?:\.\d+)?)\s?[%％]$/.exec(key);
  const percentValue = percent
    ? Number(percent[1])
    : answer.kind === 'number' && answer.number && /^[%％]$|percent/u.test(answer.number.unit)
      ? answer.number.value
      : undefined;
  if (percentValue !== undefined) {
    const n = percentValue;
    forms.push(`${n}%`, `${n} percent`);
    if (Number.isInteger(n) && han) {
      forms.push(`百分之${toChineseNumeral(n)}`);
      if (n % 10 === 0 && n > 0 && n < 100) forms.push(`${toChineseNumeral(n / 10)}成`);
    }
  }
  // A count: 九個 = 9個 = 9 (the stem says what is counted; the scorer folds these too).
  if (
    answer.kind === 'number' &&
    answer.number &&
    !answer.number.ordinal &&
    (/^(?:個|位|名|項|種|次|件|條|隻|家|所|間|座|張|本|份|人)$/u.test(answer.number.unit) ||
      // An English count of people or things (300 people = 300): not a measure (60 days ≠ 60).
      /^(?:times|members?|states?|votes?|pages?|people|persons?|senators?|representatives?)$/iu.test(
        answer.number.unit,
      ))
  )
    forms.push(String(answer.number.value));
  // 整個產業 ↔ 產業: the stem gives the rest, a teacher takes the noun with or without it.
  if (withoutGenericModifier(key) !== key) forms.push(withoutGenericModifier(key));
  // 青年朋友 ↔ 青年: a generic head the stem's words make plain.
  if (withoutGenericHead(key) !== key) forms.push(withoutGenericHead(key));
  // An English noun in the singular or plural (the scorer folds both; the list shows them);
  // only a lower-case common noun: a name or an acronym (Uber, NCC) has no plural.
  if (/^[a-z][a-z -]*[a-z]$/.test(key) && answer.kind === 'term' && countable(key))
    forms.push(otherNumber(key));
  for (const form of [...forms]) {
    forms.push(foldWidth(form));
    // A key written in Simplified gets its Traditional form (the converter is costly); a
    // Traditional key never lists Simplified-only forms: the scorer folds scripts itself.
    if (simplifiedOnlyChars(form).length) forms.push(toTraditional(form));
    else if (!/\p{Script=Han}/u.test(form)) forms.push(toSimplifiedSameLength(form));
    // 數據庫 → 資料庫: a mainland term's Taiwan wording (the scorer folds the two alike).
    const taiwan = taiwanWording(form);
    if (taiwan) forms.push(taiwan);
    // 臺灣 ↔ 台灣: both are Taiwan usage.
    if (/[臺台]/u.test(form)) forms.push(form.replace(/臺/gu, '台'), form.replace(/台/gu, '臺'));
  }
  const seen = new Set<string>();
  return forms
    .map((f) => collapseSpaces(f))
    .filter((f) => f && !seen.has(f) && (seen.add(f), true));
}

/** Nouns without a plural of their own (no "observed datas", "relational healths"). */
const UNCOUNTABLE =
  /(?:^|\s)(?:health|wealth|data|information|evidence|research|software|hardware|equipment|knowledge|advice|feedback|media|criteria|phenomena|news|progress|welfare|safety|privacy|governance|literacy|infrastructure|trust|traffic|weather|music|homework|access|awareness|mathematics|statistics|economics|physics|ethics|politics|\w+ness)$/;

/** Whether the last word of an English noun phrase has another grammatical number. */
function countable(phrase: string): boolean {
  return !UNCOUNTABLE.test(phrase.toLowerCase());
}

/** The other grammatical number of an English noun phrase's last word (study ↔ studies). */
function otherNumber(phrase: string): string {
  const m = /^(.*?)([A-Za-z]+)$/.exec(phrase)!;
  const [, head, word] = m as unknown as [string, string, string];
  const lower = word.toLowerCase();
  let other: string;
  if (/[^aeiou]ies$/.test(lower)) other = `${word.slice(0, -3)}y`;
  else if (/(?:s|x|z|ch|sh)es$/.test(lower)) other = word.slice(0, -2);
  else if (/[^su]s$/.test(lower) && !/(?:is|us|ss)$/.test(lower)) other = word.slice(0, -1);
  else if (/[^aeiou]y$/.test(lower)) other = `${word.slice(0, -1)}ies`;
  else if (/(?:s|x|z|ch|sh)$/.test(lower)) other = `${word}es`;
  else other = `${word}s`;
  return `${head}${other}`;
}
