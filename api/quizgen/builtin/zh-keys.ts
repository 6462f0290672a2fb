import { ZH_GENERIC, ZH_STOPWORDS } from '../text/stopwords.js';
import type { Answer } from './answers.js';
import { segmentChinese } from './segment-zh.js';

/**
 * Which Chinese answers are worth a blank, a typed answer or a swap: terms a teacher would ask
 * about, never filler (大家, 接下來, 一次), a discourse word, a verb or adverb jieba glued to a
 * neighbour (上有, 就是), nor a small count of times or things (一次, 兩個, 三個).
 */

/** Words that carry no fact of the material, beside the shared generic list. */
const ZH_FILLER = new Set(
  `一次 兩次 一下 一些 一點 一起 一直 一定 一樣 一般 大家 各位 接下來 然後 後來 剛剛 剛才 現在 今天 這次 那次 這種 那種 這樣 那樣 這邊 那邊 這裡 那裡 東西 事情 部分 方面 時候 地方 樣子 感覺 意思 問題 情況 東東 人們 朋友 同仁 大概 真的 其實 當然 整個 所有 全部 任何 一個 一種 某些 某個 上有 裡面 外面 上面 下面 前面 後面 以上 以下 之後 之前 當中 其中 瞭解 了解 知道 覺得 認為 希望 謝謝 感謝 報告 試著 試試 基本上 辦法 說是 而已 的話 差不多 大部分 比較 所謂 算是 可以說 某種程度`.split(
    /\s+/,
  ),
);

/** Sentence adverbs built on 上 or 來說 (事實上, 基本上, 一般來說). */
const SENTENCE_ADVERB =
  /^(?:事實|基本|原則|實際|理論|表面|本質|大致|大體|一般|總體|整體|相對|某種程度|技術|法律|形式|名義)(?:上|來說|而言)$/u;

/** Parts of speech of a word that names something (jieba tags). */
const NAMING_POS = /^(?:n|nr|nrt|nrfg|ns|nt|nz|ng|nw|vn|an|eng|j|l|i|x)$/;

/** A first character that marks a mis-cut word: a locative, a verb or a particle glued on. */
const GLUED_START = /^[上下裡中內外是有會能要就都也為如讓把被跟與和及或並而且再又很最]/u;

/** Generic determiners in front of a noun (整個產業 ↔ 產業). */
export const DETERMINER =
  /^(?:整個|整體|所有|全部|各個|各種|每個|每一個|這個|那個|這些|那些|這種|那種|一個|一種|某個|某些|我們的|該)(?=\p{Script=Han}{2})/u;

/** Measure words of counts too small to test ("每天來一次", "兩、三個"). */
const SMALL_COUNT_UNIT = /^(?:次|個|下|種|位|點|些|樣|回|遍|趟|件|項)$/u;

/** True when a Chinese answer is a term worth asking about. */
export function isAskableZh(answer: Answer): boolean {
  const text = answer.text.trim();
  if (answer.kind === 'number') {
    const { unit, value, ordinal, style } = answer.number;
    // 第三個問題, 第二點, 第二次: a speaker's own numbering, not a fact of the material.
    if (ordinal) return !/^(?:個|點|項|次|種|位|段|部分|件|題)$/u.test(unit);
    // 一天, 一條, 一個: "one" in Chinese words is mostly an article (每一天, 一條線), not a count.
    if (style === 'chinese' && value === 1 && !/^(?:年|歲|%|％)$/u.test(unit)) return false;
    return !(SMALL_COUNT_UNIT.test(unit) && value <= 3);
  }
  if (answer.kind === 'field') return true;
  // A Latin word in Chinese text is worth asking only as a name or an acronym (NFT, Uber,
  // Arduino); a lower-case English word (department, stakeholder) is a gloss or a fragment.
  if (!/\p{Script=Han}/u.test(text)) return text.length >= 2 && /^[\p{Lu}\d]/u.test(text);
  if (ZH_FILLER.has(text) || ZH_GENERIC.has(text) || ZH_STOPWORDS.has(text)) return false;
  // 事實上, 原則上, 理論上: a sentence adverb of the speaker, not a term.
  if (SENTENCE_ADVERB.test(text)) return false;
  if (GLUED_START.test(text) && [...text].length <= 2) return false;
  // 不太會, 不一定, 不能: a negated modal or adverb, not a term.
  if (/^不(?:太|會|能|要|用|是|一定|必|見得|再|斷)/u.test(text)) return false;
  // 整個社會, 所有人, 這個計畫: a determiner glued on; the blank would test the determiner.
  if (DETERMINER.test(text)) return false;
  // 大家社會, 意見全部: a pronoun or a quantifier glued to a noun is a mis-cut span, no term.
  if (gluedClosedWord(text)) return false;
  const pos = answer.term.pos;
  if (pos && !NAMING_POS.test(pos)) return false;
  // 關心臺灣, 挽救媒體: a verb in front makes a phrase, not a term (jieba tags its head).
  return !startsWithVerb(text);
}

/** A Chinese key a learner can type: a term, not a clause (at most 8 characters, no comma). */
export function isTypeableZh(text: string): boolean {
  const t = text.trim();
  return (
    [...t].length <= 8 && !/[，,。；;、\s]/u.test(t.replace(/(?<=[A-Za-z]) (?=[A-Za-z])/g, ''))
  );
}

/** Pronouns and quantifiers (a closed class): never the first or last piece of a term. */
const CLOSED_WORD = new Set(
  `大家 各位 全部 所有 一切 整個 我們 你們 他們 她們 自己 一起 一直 而已 一樣 這樣 那樣 這邊 那邊 這裡 那裡 一些 一點 每個 某些`.split(
    /\s+/,
  ),
);

const closedGlue = new Map<string, boolean>();

/** Whether a Chinese span starts or ends with a pronoun or quantifier word (大家|社會, 意見|全部). */
function gluedClosedWord(text: string): boolean {
  if ([...text].length < 3) return false;
  let known = closedGlue.get(text);
  if (known === undefined) {
    const tokens = segmentChinese(text);
    known =
      tokens.length >= 2 &&
      (CLOSED_WORD.has(tokens[0]!.text) || CLOSED_WORD.has(tokens[tokens.length - 1]!.text));
    if (closedGlue.size > 20_000) closedGlue.clear();
    closedGlue.set(text, known);
  }
  return known;
}

const verbStart = new Map<string, boolean>();

/** Whether a Chinese phrase of three or more characters starts with a verb, adverb or pronoun. */
function startsWithVerb(text: string): boolean {
  if ([...text].length < 3) return false;
  let known = verbStart.get(text);
  if (known === undefined) {
    const tokens = segmentChinese(text);
    const first = tokens[0];
    known =
      tokens.length >= 2 &&
      first !== undefined &&
      /^(?:v|vd|vg|vi|d|p|r|c)$/.test(first.pos) &&
      [...first.text].length >= 2;
    if (verbStart.size > 20_000) verbStart.clear();
    verbStart.set(text, known);
  }
  return known;
}

/** Particles, prepositions, adverbs and punctuation: neighbours that leave a word free. */
export const ZH_OPEN_NEIGHBOUR =
  /[的了是在和與及或也都就而之有為著把被對從向其中上下裡內外前後間以來所這那個些種等已還會能要再才又很最將仍並讓給使令跟當像如用，。、；：「」（）\s]/u;

/**
 * A Chinese count glued into a compound: a one-character unit followed by a content
 * character (二元關係, 一條線, 兩秒鐘, 三百個人): the number is part of a word or an aside,
 * not a fact to change or blank.
 */
export function isGluedCount(text: string, answer: Answer): boolean {
  if (answer.kind !== 'number') return false;
  // 一、兩秒, 兩、三個: a rough range, not a value to test.
  const before = text.slice(Math.max(0, answer.start - 2), answer.start);
  const after = text.slice(answer.end, answer.end + 2);
  if (/[零〇一二兩三四五六七八九十\d][、～~－-]$/u.test(before)) return true;
  if (/^[、～~－-][零〇一二兩三四五六七八九十\d]/u.test(after)) return true;
  if (gluedOrdinal(text, answer) || roughMagnitude(text, answer.start)) return true;
  if (answer.number.style !== 'chinese') return false;
  if ([...answer.number.unit].length !== 1) return false;
  const next = text.slice(answer.end, answer.end + 1);
  // 八個月, 三個星期: the count goes on into a time unit; that is still a quantity.
  if (/[月年日天週星時]/u.test(next)) return false;
  return /\p{Script=Han}/u.test(next) && !ZH_OPEN_NEIGHBOUR.test(next);
}

/**
 * An ordinal whose unit is the first character of a word (第一時|間 of 第一時間, the idiom
 * "at once"): a blank or a swap there splits the word and 「第二時」 is no word.
 */
export function gluedOrdinal(
  text: string,
  n: { end: number; number: { ordinal?: boolean; unit: string } },
): boolean {
  if (!n.number.ordinal || [...n.number.unit].length !== 1) return false;
  const next = text.slice(n.end, n.end + 1);
  if (!/\p{Script=Han}/u.test(next)) return false;
  const word = segmentChinese(n.number.unit + next);
  return word.length === 1 && /^[nt]/.test(word[0]!.pos);
}

/** 上萬人, 成千上百, 數百萬: a magnitude word after 上/成/數/幾 is a rough size, not a count. */
export function roughMagnitude(text: string, start: number): boolean {
  return (
    /[上成數幾]$/u.test(text.slice(Math.max(0, start - 1), start)) &&
    /^[十百千萬億]/u.test(text.slice(start, start + 1))
  );
}
