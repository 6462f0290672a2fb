import { Jieba, TfIdf } from '@node-rs/jieba';
import { dict, idf } from '@node-rs/jieba/dict.js';
import { toSimplifiedSameLength } from '../text/chinese-script.js';
import type { AnalysedSentence, DocAnalysis } from './analysis.js';
import type { Answer } from './answers.js';
import type { Term } from './keyphrases.js';
import { findSpeakers } from './material/speakers.js';
import type { NumberMention } from './numbers.js';
import { verifiedKind } from './zh-distractors.js';
import { gluedOrdinal, roughMagnitude } from './zh-keys.js';

/**
 * Whether a Chinese key is worth knowing (issue 16: "the blank must be a term worth knowing").
 * Graders failed blanks on everyday words with many fitting answers (資料, 技術, 意見, 部長), on
 * the place a talk is set in (臺灣 in a Taiwanese talk), on the category word of a name
 * (指南|國小, 調適|平台), on one member of a list (「web3、_____等等」) and on numbers of the
 * room and the clock (十一點三十分, 大概二十年前). The rules are about language, not documents:
 * how common a word is in general Chinese (jieba's IDF table, from a large general corpus),
 * how the material itself treats the word (defines it, quotes it, lists it, heads a section
 * with it), and what stands around the blank.
 */

let jieba: Jieba | undefined;
let tfidf: TfIdf | undefined;
const idfCache = new Map<string, number | undefined>();

/**
 * A word's inverse document frequency in general Chinese (jieba's table), or undefined when
 * jieba reads it as several words (a compound of the material: 公民社會, 開放政府).
 */
export function generalIdf(word: string): number | undefined {
  if (idfCache.has(word)) return idfCache.get(word);
  jieba ??= Jieba.withDict(dict);
  tfidf ??= TfIdf.withDict(idf);
  const simplified = toSimplifiedSameLength(word);
  const tokens = jieba.cut(simplified, false);
  let value: number | undefined;
  if (tokens.length === 1) value = tfidf.extractKeywords(jieba, simplified, 1)[0]?.weight;
  // 計畫 (计画), 部會 (部会): a Taiwanese two-character word jieba's Simplified dictionary
  // reads as two single characters is an ordinary word it does not know, not a compound of
  // the material: it counts as everyday.
  else if ([...word].length === 2 && tokens.every((t) => [...t].length === 1))
    value = EVERYDAY_IDF - 0.01;
  if (idfCache.size > 20_000) idfCache.clear();
  idfCache.set(word, value);
  return value;
}

/** jieba's reading of a word (in Simplified form, as its dictionary holds it): tokens and tags. */
export function zhTagged(word: string): Array<{ word: string; tag: string }> {
  jieba ??= Jieba.withDict(dict);
  return jieba.tag(toSimplifiedSameLength(word));
}

/** Below this IDF a word is everyday Chinese (政府 4.6, 資料 5.9, 部長 6.5, 機關 6.3). */
export const EVERYDAY_IDF = 7;
/** Below this a word is common (年輕人 7.1, 聊天 8.4, 出版社 8.4): asked only where it recurs. */
export const COMMON_IDF = 8.5;

const marked = new WeakMap<DocAnalysis, Set<string>>();

/**
 * Words the material itself marks as worth knowing: quoted (「天才」), defined (X是指, 所謂X,
 * 叫做X, 稱為X, 又稱X), glossed in English (駭客（hacker）) or heading a section.
 */
export function markedTerms(a: DocAnalysis): Set<string> {
  let known = marked.get(a);
  if (known) return known;
  known = new Set<string>();
  const text = a.fullText;
  for (const m of text.matchAll(/「([^「」\n]{2,12})」/gu)) known.add(m[1]!.trim());
  for (const m of text.matchAll(
    /(?:所謂|叫做|叫作|稱為|稱作|又稱|簡稱|名為)「?(\p{Script=Han}{2,8}?)」?(?=[，。、；：（(「]|是|的|$)/gmu,
  ))
    known.add(m[1]!);
  for (const m of text.matchAll(/(\p{Script=Han}{2,8}?)」?(?:是指|係指|指的是|意指|的定義是)/gu))
    known.add(m[1]!);
  for (const m of text.matchAll(
    /(\p{Script=Han}{2,8})」?\s*[（(]\s*[A-Za-z][A-Za-z .'’-]{1,40}[）)]/gu,
  ))
    known.add(m[1]!);
  for (const s of a.sentences) {
    const where = s.location;
    if (where.kind !== 'paragraph') continue;
    for (const heading of where.headingPath ?? [])
      if (!/[:：]\s*$/.test(heading)) known.add(heading.trim());
  }
  marked.set(a, known);
  return known;
}

/**
 * Whether the material marks the term (any marked phrase contains it or is it). An everyday
 * word is marked only by itself: 政府 inside 「開放政府」 is the compound's head, not a term the
 * material points at.
 */
function isMarked(a: DocAnalysis, text: string, exact = false): boolean {
  const words = markedTerms(a);
  if (words.has(text)) return true;
  if (exact) return false;
  // A heading or quote that is the term with a little more (「數位移民」, 「自學三法」 for 自學).
  for (const w of words) if (w.length <= text.length + 4 && w.includes(text)) return true;
  return false;
}

const settings = new WeakMap<DocAnalysis, Set<string>>();

/** The home of the zh-TW locale, in both written forms. */
const HOME = ['臺灣', '台灣'];

/**
 * The place a Chinese material is set in: its most-mentioned checked place, in at least four
 * sentences and twice as many as any other (臺灣 in a Taiwanese talk). Everyone knows it;
 * a blank on it asks for the setting, and the stem's context gives it away.
 */
export function settingPlaceZh(a: DocAnalysis): Set<string> {
  let known = settings.get(a);
  if (known) return known;
  known = new Set<string>();
  // 臺灣 and 台灣 are one place: their sentences count together.
  const uses = new Map<string, Set<number>>();
  for (const t of a.terms.values()) {
    if (!/\p{Script=Han}/u.test(t.text) || verifiedKind(a, t) !== 'place') continue;
    const form = t.text.replace(/台/gu, '臺');
    const ids = uses.get(form) ?? new Set<number>();
    for (const id of t.sentenceIds) ids.add(id);
    uses.set(form, ids);
  }
  const places = [...uses].sort((x, y) => y[1].size - x[1].size);
  const [top, next] = places;
  if (top && top[1].size >= 4 && top[1].size >= 2 * (next?.[1].size ?? 0)) {
    known.add(top[0]);
    known.add(top[0].replace(/臺/gu, '台'));
  }
  // A zh-TW material is written from Taiwan: named in a few sentences, 臺灣 is its home even
  // when the talk is about Estonia as much (「_____現在可以說…一定會想到的地方」).
  if ((uses.get('臺灣')?.size ?? 0) >= 3) for (const form of HOME) known.add(form);
  settings.set(a, known);
  return known;
}

/** Words that open an example (好比, 比如, 例如, 譬如, 舉例, 比方說), not a hypothesis (假如). */
const EXAMPLE_OPENER = /好比|比如|例如|譬如|舉例|打個比方|比方說/u;

/** Noun tags of jieba: a touching noun before the key makes the key a compound's head. */
const NOUN_TAG = /^(?:n|nr|nrt|nrfg|ns|nt|nz|ng|nw|j|eng)$/;

/** A determiner that points at the document itself or back in it (本憲法, 該法, 此計畫). */
const SELF_REFERENCE = /(?:本|該|此)$/u;

/**
 * Whether a Chinese term is worth a blank, a typed answer or a swap in this sentence. Names and
 * compounds of the material pass; everyday words pass only where the material marks or lists
 * them; the setting place, a name's category word and one member of a list never do.
 */
export function isWorthKnowingZh(
  a: DocAnalysis,
  sentence: Pick<AnalysedSentence, 'text' | 'tokens'>,
  key: { text: string; start: number; end: number },
  term: Pick<Term, 'text' | 'kind' | 'key' | 'sentenceIds' | 'pos'>,
): boolean {
  const text = key.text;
  const before = sentence.text.slice(0, key.start);
  const after = sentence.text.slice(key.end);
  // 「web3、_____等等」: one member of a list; any other member fits the blank.
  if (/、\s*$/u.test(before) || /^\s*(?:、|等)/u.test(after)) return false;
  // 「好比五家_____各灌一個伺服器」, 「例如，在_____」: a key a speaker gives as an example (in
  // its clause or the one before) stands for any other of its kind; the point is what it
  // illustrates. A writer picks examples on purpose (例如在泰國，冒犯君王屬於違法內容): prose
  // keeps them.
  const clauses = before.slice(Math.max(before.lastIndexOf('。'), before.lastIndexOf('；')) + 1);
  const near = clauses
    .split(/[，,：:！？]/u)
    .slice(-2)
    .join('，');
  if (EXAMPLE_OPENER.test(near) && isSpoken(a) && !isMarked(a, text)) return false;
  if (!/\p{Script=Han}/u.test(text)) return latinWorthAsking(sentence.text, key);
  if (settingPlaceZh(a).has(text)) return false;
  // 「是_____最開放的」 (亞洲), 「在_____的時候」: a place a talk names in one sentence only is
  // mentioned in passing; what the speaker says there is not about the place.
  if (
    verifiedKind(a, term) === 'place' &&
    new Set(term.sentenceIds).size < 2 &&
    isSpoken(a) &&
    !isMarked(a, text)
  )
    return false;
  // 「非常_____的」: a degree word asks for an adjective; 「_____一些方法」: a word taking an
  // object is a verb, whatever jieba tagged it.
  if (/(?:非常|很|最|太|更|比較|相當|十分|越來越)\s*$/u.test(before)) return false;
  if (/^(?:一些|一個|一種|這些|那些|了|過|著)/u.test(after)) return false;
  // 本憲法, 該法: the determiner says which one; the blank names the document itself.
  if (SELF_REFERENCE.test(before)) return false;
  // 「_____流動」 for 性別流動: a blank inside a quoted term splits the term.
  const open = Math.max(before.lastIndexOf('「'), before.lastIndexOf('『'));
  const close = Math.max(before.lastIndexOf('」'), before.lastIndexOf('』'));
  const wholeQuote = /^[「『]\s*$/u.test(before.slice(open)) && /^\s*[」』]/u.test(after);
  if (open > close && !wholeQuote) return false;
  // 大家越_____越偏: the slot of 越…越 holds a verb, whatever jieba glued to it.
  if (/越\s*$/u.test(before) && /^\s*越/u.test(after)) return false;
  const kind = verifiedKind(a, term);
  const chars = [...text].length;
  if (kind === 'term' && chars <= 2) {
    // 指南|國小, 調適|平台: a short common word right after a noun is the category word of a
    // compound or name; the blank tests the suffix, not the thing.
    const left = sentence.tokens.find((t) => t.end === key.start);
    if (left && NOUN_TAG.test(left.pos) && /\p{Script=Han}$/u.test(left.text)) return false;
    // 可公開驗證的_____機制, AI _____機器人: a short word right before a noun is the
    // modifier of a compound; the blank tests the modifier.
    const right = sentence.tokens.find((t) => t.start === key.end);
    if (right && /^(?:n|ng|vn)$/.test(right.pos) && /^\p{Script=Han}{2,}$/u.test(right.text))
      return false;
  }
  if (kind !== 'term') return true;
  const score = generalIdf(text);
  if (score === undefined) return true;
  const listed = (a.siblings.get(term.key)?.size ?? 0) > 0;
  if (isMarked(a, text, score < EVERYDAY_IDF) || listed) return true;
  if (score < EVERYDAY_IDF) return false;
  // A common word (年輕人, 出版社) is asked only where the material keeps using it as a noun;
  // jieba's name tags on common words (修正/nr) do not count as nouns.
  return !(
    score < COMMON_IDF &&
    (term.sentenceIds.length < 3 || !/^(?:n|nz|vn|l)$/.test(term.pos ?? ''))
  );
}

/**
 * A Latin key in Chinese text is worth asking when nothing beside it spells it: not an acronym
 * whose Chinese expansion or gloss stands next to it (「_____，也就是大學社會責任計畫」,
 * 「_____（應用程式介面）」), not a quoted name whose Chinese name the sentence also quotes
 * (「搜尋快手」…「_____」).
 */
function latinWorthAsking(sentence: string, key: { start: number; end: number }): boolean {
  const before = sentence.slice(0, key.start);
  const after = sentence.slice(key.end);
  // 「Taiwan plus」, 「Join 平臺」 stays: a Latin word beside another Latin word is a piece of
  // a longer Latin name.
  if (/[A-Za-z0-9][\s.-]?$/u.test(before) || /^[\s.-]?[A-Za-z0-9]/u.test(after)) return false;
  if (
    /^\s*[」』]?\s*(?:[，,]?\s*(?:也就是|亦即|即|就是|又稱|簡稱)|[（(]\s*\p{Script=Han})/u.test(
      after,
    )
  )
    return false;
  if (/(?:也就是|亦即|又稱|簡稱)\s*[「『]?\s*$/u.test(before)) return false;
  const quoted = /[「『]\s*$/u.test(before) && /^\s*[」』]/u.test(after);
  if (quoted && /[「『]\p{Script=Han}[^「」『』]{1,12}[」』]/u.test(before + after)) return false;
  return true;
}

/** Family members in a speaker's anecdote. */
const KIN =
  /(?:我|我們|他|她)(?:的)?(?:阿媽|阿嬤|阿公|奶奶|爺爺|外婆|外公|媽媽|爸爸|媽|爸|母親|父親|女兒|兒子|太太|先生|老婆|老公|哥哥|姊姊|姐姐|弟弟|妹妹|孩子|小孩)/u;

/** Units of the clock and the stopwatch: the room's schedule, not a fact of the material. */
const CLOCK_UNIT = /^(?:點|分|秒)$/u;
/** Words that make a number rough or hypothetical (大概二十年前, 可能是五年之內, 十年左右). */
const ROUGH_BEFORE =
  /(?:大概|大約|約莫|約|差不多|可能是|可能|好像|將近|接近|幾乎|如果|假設|假如|譬如|比如|例如)\s*$/u;
const ROUGH_AFTER = /^(?:左右|上下|多|幾|以上|以下|之譜)/u;
/** A time counted back from the day of speaking: 兩個月前, 三天前, 上禮拜, 前幾天, 昨天. */
const RECENT =
  /[零〇一二兩三四五六七八九十幾\d]+\s*(?:個)?(?:月|天|日|週|星期|禮拜|個禮拜)前|上(?:個)?(?:月|禮拜|星期|週)|前幾天|前陣子|前些日子|昨天|前天/u;
/** Words that make a duration a rule (不得超過四十小時, 至少六十天), not an aside. */
const NORMATIVE = /不得|應於|應在|須|必須|規定|至少|最多|最長|最短|以內|內/u;

/**
 * Whether a number in a Chinese sentence is a fact to ask: not a time of day or a count of
 * minutes in a talk's running order, not a rough or hypothetical figure, and not one value of a
 * pair or range (「五年、十年」, 「十個、二十個」, 「二十五至三十分鐘」).
 */
/** Words that open a made-up example: 好比, 比如, 例如, 譬如, 假設, 假如, 舉例, 打個比方. */
const EXAMPLE = /好比|比如|例如|譬如|假設|假如|舉例|打個比方|比方說/u;

/** Units of a count of people or of times. */
const ROUND_COUNT_UNIT = /^(?:人|個人|位|次|遍|回)$/u;

/** Words before a count that state it as a figure (有一千人, 超過兩千次, 共五百位). */
const STATED_BEFORE =
  /(?:有|超過|達到|達|共|總共|約|將近|多達|高達|至少|已經|累積|累計|增加|減少|第)$/u;

/** A value of one significant digit from a hundred up (一百, 一千, 兩千, 一萬). */
function isRound(value: number): boolean {
  if (value < 100) return false;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return value % magnitude === 0;
}

export function isNumberWorthAskingZh(
  sentence: Pick<AnalysedSentence, 'text' | 'numbers'>,
  n: Pick<NumberMention, 'text' | 'start' | 'end' | 'unit' | 'value'> &
    Partial<Pick<NumberMention, 'ordinal'>>,
): boolean {
  const text = sentence.text;
  const before = text.slice(0, n.start);
  const after = text.slice(n.end);
  if (CLOCK_UNIT.test(n.unit) || /點\s*$/u.test(before)) return false;
  // 「上禮拜_____3日」, 「在 _____ 27 日」: the month of a spoken date is a date part, not a fact.
  if (n.unit === '月' && /^\s*[\d一二三四五六七八九十]+\s*[日號]/u.test(after)) return false;
  // 「我阿媽已經 95 歲了」: a number of the speaker's family anecdote is no fact to learn.
  const clause = before.slice(Math.max(before.lastIndexOf('，'), before.lastIndexOf('。')) + 1);
  if (KIN.test(clause)) return false;
  if (/^(?:分鐘|小時)$/u.test(n.unit) && !NORMATIVE.test(text)) return false;
  // 「我們在兩個月前去義大利跟十七個國家的首長討論」: a sentence dated from the day of the
  // talk tells the speaker's recent doings; its numbers are an anecdote, not the material's facts.
  if (RECENT.test(text)) return false;
  // 「我搞不好過兩天就要往那個方向走」, 「再過幾個月」: a span counted on from the day of speaking
  // is a manner of speaking, not a fact (經過三年, 超過十天 are not this 過).
  if (
    /(?<![經通超不])過\s*$/u.test(before) &&
    /^(?:天|日|週|周|星期|禮拜|個星期|個禮拜|個月|月|年)$/u.test(n.unit) &&
    !NORMATIVE.test(text)
  )
    return false;
  // Round 6: 「現在的小孩跟十年前不一樣」, 「在二十年前確實是小眾」: a span back from the day of
  // the talk dates an aside, not a fact of the material.
  if (
    /^\s*(?:前|以前|之前)/u.test(after) &&
    /年|月|天|週|周|星期|禮拜/u.test(n.unit) &&
    n.value < 1000
  )
    return false;
  // 「歷經八個|月研發」: a count whose time unit follows the blank splits the word 八個月.
  if (/個$/u.test(n.text) && /^\s*(?:月|小時|星期|禮拜)/u.test(after)) return false;
  // 「現在八十歲也有在用LINE」, 「預測到十八歲的時候」: an age is a fact to learn only where the
  // material sets it as a rule or a threshold (年滿, 未滿, 不滿, 以上, 年齡…).
  if (n.unit === '歲' && !/滿|以上|以下|年齡|至少|未達|規定|法定|須|應/u.test(text)) return false;
  // 「好比七歲的小孩」, 「比如我們本來說蒐集六十天，結果蒐集六天」: a value made up for an
  // example (in its clause or the one before) is no fact of the material.
  const clauses = before.slice(before.lastIndexOf('。') + 1).split(/[，,；;]/u);
  if (EXAMPLE.test(clauses.slice(-2).join('，'))) return false;
  // 第一時|間, 上萬人: a number that is part of a word or a rough size.
  if (gluedOrdinal(text, { end: n.end, number: { ordinal: n.ordinal ?? false, unit: n.unit } }))
    return false;
  if (roughMagnitude(text, n.start)) return false;
  // 「我十二歲心臟動手術之後…訓練了十二年」: the stem shows the value again (in another unit).
  if (sentence.numbers.some((o) => o.start !== n.start && o.value === n.value && n.value > 0))
    return false;
  // 「聽一千人的意見」, 「你看到一千次就沒有感覺了」: a round count of people or times with no
  // word that states it (有, 超過, 達到) is a figure of speech, not a count to learn.
  if (ROUND_COUNT_UNIT.test(n.unit) && isRound(n.value) && !STATED_BEFORE.test(before.slice(-4)))
    return false;
  // 「政府網站分散在十七個。」: a count whose noun is left out ends its clause; what it counts is
  // an aside of the speaker's, not a fact the material states (五十個州 names what it counts).
  if (/^(?:個|種|項|家|處|間)$/u.test(n.unit) && !/^\s*[\p{Script=Han}A-Za-z]/u.test(after))
    return false;
  if (ROUGH_BEFORE.test(before) || ROUGH_AFTER.test(after)) return false;
  // 大概從二十年前, 大約在十點: a rough word a few characters before still makes it rough.
  if (/(?:大概|大約|差不多|可能|好像)[^，。；、]{0,3}$/u.test(before)) return false;
  // 「六至十二個月」: the first value of a range may stand bare, without its unit.
  if (/[零〇一二兩三四五六七八九十百\d]\s*(?:至|到|～|~|–|-)\s*$/u.test(before)) return false;
  if (/^\s*(?:至|到|～|~|–|-)\s*[零〇一二兩三四五六七八九十百\d]/u.test(after)) return false;
  return !pairedNumber(text, n, sentence.numbers);
}

/** Words between two values of one pair or range. */
const PAIR_JOIN =
  /^\s*(?:底|初|中旬|左右|多)?\s*(?:或者是|或者|或是|或|還是|到|至|、|～|~|–|-|跟|和)\s*$/u;

/** Whether the number stands in a pair or range with another value of its unit (any step). */
export function pairedNumber(
  text: string,
  n: Pick<NumberMention, 'start' | 'end' | 'unit'>,
  others: ReadonlyArray<Pick<NumberMention, 'start' | 'end' | 'unit'>>,
): boolean {
  return others.some((o) => {
    if (o.start === n.start) return false;
    if (o.unit && n.unit && o.unit !== n.unit) return false;
    const between = o.start >= n.end ? text.slice(n.end, o.start) : text.slice(o.end, n.start);
    return PAIR_JOIN.test(between);
  });
}

/** At or above this general IDF a word is rare enough to have no everyday synonym (規格書 13.9). */
export const RARE_IDF = 10;

const spoken = new WeakMap<DocAnalysis, boolean>();

/** Whether the material is a talk or an interview: two or more speakers' turns. */
function isSpoken(a: DocAnalysis): boolean {
  let known = spoken.get(a);
  if (known === undefined) {
    known = findSpeakers(a.sentences).main !== undefined;
    spoken.set(a, known);
  }
  return known;
}

/**
 * Whether the words around a typed Chinese answer leave the learner one way to write it. A
 * name, a number, a Latin word, a compound of the material (數位韌性, 州立法會), a rare word
 * (規格書) or a word the material quotes or defines has one; so has a term of written prose,
 * where law and textbook fix their words (締結的一切條約). A single ordinary word in a talk
 * (「賦能接受_____的人」 關懷: 照顧, 幫助; 「沒有相同_____的人」 親身經歷: 經驗) does not: a
 * speaker's wording is one of several, and the item is a choice or nothing.
 */
export function typedKeyPinnedZh(a: DocAnalysis, answer: Answer): boolean {
  // jieba tags many plain words as names (關懷 as a person): a name must look like one.
  if (answer.kind !== 'term' || verifiedKind(a, answer.term) !== 'term') return true;
  const text = answer.text.trim();
  if (!/^\p{Script=Han}+$/u.test(text)) return true;
  const idf = generalIdf(text);
  if (idf === undefined || idf >= RARE_IDF) return true;
  if (markedTerms(a).has(text)) return true;
  return !isSpoken(a);
}
