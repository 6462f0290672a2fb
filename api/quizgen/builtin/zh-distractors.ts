import type { DocAnalysis } from './analysis.js';
import type { Answer } from './answers.js';
import type { Distractor } from './distractors.js';
import type { Term } from './keyphrases.js';
import type { TermKind } from './terms.js';
import { taiwanWording } from '../text/zh-vocabulary.js';
import { generalIdf, zhTagged } from './zh-importance.js';
import { isAskableZh } from './zh-keys.js';

/**
 * Strict typing of Chinese distractors (and of the swaps that make a statement false). jieba's
 * dictionary tags many common words as names (榮譽, 高昂, 青少年 as persons; 普及, 上路 as
 * places), so a name tag is trusted only when the word looks like a name of that kind; then a
 * distractor is of the key's kind (a person for a person, never a "person" beside a common
 * noun), of a similar length, and shares the key's category ending (…法, …部, …會, …制度) when
 * the key has one and the two are not co-members of one list.
 */

/** The kinds of terms.ts (English adds law and event; Chinese terms rarely carry them). */
export type ZhKind = TermKind;

/** Characters of transliterated foreign names (約翰, 喬治, 威廉, 愛沙尼亞, 華盛頓). */
const TRANSLITERATION = new Set([
  ...'阿埃艾愛安奧澳巴拜班邦保貝本比彼畢波伯柏布查達戴丹德迪蒂丁杜多厄恩法菲費芬弗福富伏甘戈格葛古圭哈海漢赫亨胡華霍基吉加賈簡傑金喬卡凱坎康柯科克肯庫奎拉萊蘭朗勞勒雷蕾里理麗利莉林琳羅洛盧魯路倫馬瑪邁麥曼梅蒙米密摩莫穆納娜內尼妮紐諾歐帕派潘佩皮普奇齊恰切欽瓊丘薩塞森沙莎史斯松蘇索塔泰湯唐特提托瓦威韋維溫沃伍西希席謝辛休雅亞揚耶伊依因英尤約詹珍朱茲佐翰治廉頓遜爾姆蒂娃絲芙瑞賽奈爵喀',
]);

/** Frequent family names: a three-character word starting with one is likely a person's name. */
const SURNAMES = new Set([
  ...'王李張劉陳楊黃趙吳周徐孫馬朱胡郭何高林羅鄭梁謝宋唐許韓馮鄧曹彭曾蕭田董袁潘蔣蔡余杜葉程蘇魏呂丁任沈姚盧姜崔鍾譚陸汪范金石廖賈夏韋方白鄒孟熊秦邱江尹薛段雷侯龍史陶黎賀顧毛郝龔邵萬錢嚴武戴莫孔向湯卓游詹柯簡顏翁賴洪莊',
]);

/** Words right after a name that say it is a person's: a title or a speaker label. */
const PERSON_CONTEXT =
  /^(?:[：:]|先生|女士|小姐|老師|教授|博士|部長|院長|主委|委員|理事長|執行長|總統|市長|議員|同學|律師|醫師|牧師|法官|大法官)/u;

/**
 * Place-name endings: 臺灣, 亞洲, 澎湖縣, 東吉嶼, 延平南路. A two-character word needs a strong
 * ending (登山, 上路 are verbs; 玉山 is lost): mountains, rivers, islands, roads need three.
 */
const PLACE_END = /.[國州洲省市縣鄉鎮灣北南]$|.{2,}[區村島嶼山河湖海洋港城路街]$/u;

/** Roads and streets: a place of another grain than a country or a city. */
const ROAD = /.{2,}[路街巷段]$/u;

/** A place's grain by its ending: a road, a city or county, or a country or region. */
export function placeGrain(text: string): 'road' | 'city' | 'country' {
  if (ROAD.test(text)) return 'road';
  return /.[市北南縣鄉鎮區村]$/u.test(text) ? 'city' : 'country';
}

/** Endings of organisations: 數位發展部, 國發會, 資安署. */
const ORG_END = /[部會院署局處司所館黨校社團隊廠行署府]$/u;

/** Category endings that make two compounds things of one kind (資安署/產業署, 刑法/民法). */
const CATEGORY_END =
  /(?:制度|政策|計畫|方案|條款|法案|委員會)$|[法部會院署局處司制權員者師官長黨獎症病菌素器機體率論學性化]$/u;

/** Characters almost only names use (翰 of 約翰, 喬 of 喬治): a two-character name needs one. */
const NAME_ONLY = new Set([
  ...'翰喬廉瑪莉娜蒂琳茲遜頓傑妮娃絲芙瑞賽奈爵喀佐詹珍薩莎蘇索塔湯伊尤約邁麥蕾',
]);

/**
 * Whether a word reads as a transliterated name: every character one such names use, and for
 * two characters one that ordinary words hardly use (約翰, 塔林, not 倫理 or 普及).
 */
function transliterated(text: string): boolean {
  const chars = [...text];
  if (chars.length < 2 || !chars.every((c) => TRANSLITERATION.has(c))) return false;
  return chars.length >= 3 || chars.some((c) => NAME_ONLY.has(c));
}

/** Whether the material ever writes the word as a person's: followed by a title or a colon. */
function usedAsPerson(fullText: string, word: string): boolean {
  for (let at = fullText.indexOf(word); at >= 0; at = fullText.indexOf(word, at + 1))
    if (PERSON_CONTEXT.test(fullText.slice(at + word.length, at + word.length + 4))) return true;
  return false;
}

let nameSegmenter: Intl.Segmenter | undefined;

/**
 * A three-character word read as family name + given name: the word segmenter sets the
 * family name apart (陳|泉|錫, 王|小明); a word it knows whole (向前走, 青少年) is no name
 * unless the material gives it a title.
 */
function readsAsName(text: string): boolean {
  nameSegmenter ??= new Intl.Segmenter('zh-TW', { granularity: 'word' });
  const first = nameSegmenter.segment(text)[Symbol.iterator]().next().value;
  return first !== undefined && first.segment.length === 1;
}

const kinds = new WeakMap<DocAnalysis, Map<string, ZhKind>>();

/** A term's kind once jieba's name tags are checked against how the word looks and is used. */
export function verifiedKind(a: DocAnalysis, term: Pick<Term, 'text' | 'kind'>): ZhKind {
  let cache = kinds.get(a);
  if (!cache) kinds.set(a, (cache = new Map()));
  const known = cache.get(term.text);
  if (known) return known;
  const text = term.text;
  const han = /^\p{Script=Han}+$/u.test(text);
  let kind: ZhKind = term.kind;
  if (han && term.kind === 'person') {
    const length = [...text].length;
    // A family name in front, and three characters or a title after it in the material.
    const person =
      (transliterated(text) && length <= 5) ||
      (SURNAMES.has(text[0]!) &&
        !CATEGORY_END.test(text) &&
        ((length === 3 && readsAsName(text)) || usedAsPerson(a.fullText, text)));
    kind = person ? 'person' : 'term';
  } else if (han && term.kind === 'place') {
    kind =
      (PLACE_END.test(text) || transliterated(text)) && !wordBeforeName(a, text) ? 'place' : 'term';
  } else if (han && term.kind === 'org') {
    kind = ORG_END.test(text) ? 'org' : 'term';
  } else if (han && term.kind === 'proper') {
    // jieba's "other proper noun" (and a word it did not know) is no kind of its own in Han.
    kind = ORG_END.test(text) && [...text].length >= 3 ? 'org' : 'term';
  }
  cache.set(text, kind);
  return kind;
}

/**
 * 關心臺灣, 美國方面: a word glued in front of a place the material names on its own is a
 * phrase about the place, not another place (臺北市 and 新北 are not: the front is no word).
 */
function wordBeforeName(a: DocAnalysis, text: string): boolean {
  const chars = [...text];
  for (let k = 2; k <= chars.length - 2; k++) {
    const rest = termOf(a, chars.slice(k).join(''));
    if (rest && rest.kind === 'place' && termOf(a, chars.slice(0, k).join('')) === undefined)
      return !transliterated(chars.slice(0, k).join(''));
    if (rest && rest.kind === 'place') return true;
  }
  return false;
}

const termsByText = new WeakMap<DocAnalysis, Map<string, Term>>();

function termOf(a: DocAnalysis, text: string): Term | undefined {
  let map = termsByText.get(a);
  if (!map) {
    map = new Map();
    for (const t of a.terms.values()) if (!map.has(t.text)) map.set(t.text, t);
    termsByText.set(a, map);
  }
  return map.get(text);
}

/** Names compete with names of their kind; places and organisations are told apart loosely. */
function kindGroup(kind: ZhKind): string {
  return kind === 'place' || kind === 'org' ? 'name' : kind;
}

/** The category ending a Chinese key has, if any (制度, 法, 部, 會 …). */
export function categoryEnding(text: string): string | undefined {
  if ([...text].length < 3) return undefined;
  return CATEGORY_END.exec(text)?.[0];
}

/**
 * Keeps the distractors of a Chinese term answer that are of its kind. Numbers and table cells
 * are typed where they are made; a Latin name (NFT, Uber) keeps the checks it had.
 */
export function typedZhDistractors(
  a: DocAnalysis,
  answer: Answer,
  picked: Distractor[],
  sentence?: { text: string },
): Distractor[] {
  if (a.language !== 'zh' || answer.kind !== 'term') return picked;
  // A Latin name in Chinese text: never a fragment of a dotted name (Pol of Pol.is, sli of
  // sli.do) on either side.
  if (!/\p{Script=Han}/u.test(answer.text)) {
    if (dottedFragment(a, answer.text) || latinPhraseFragment(a, answer.text)) return [];
    // A person's Latin name (Joseph, Nana) is no option beside a product (Facetime, Skype),
    // nor a product beside a person.
    const keyPerson = latinPerson(a, answer.text);
    const keyShape = latinShape(answer.text);
    return picked.filter(
      (d) =>
        !dottedFragment(a, d.text) &&
        !latinPhraseFragment(a, d.text) &&
        latinPerson(a, d.text) === keyPerson &&
        // A Latin name in Chinese text has no kind the material shows (PTT, GPS, MIT, ROG are a
        // forum, a technology, a university, a brand; Uber, Trello, Gamers): beside a thing
        // only names the material lists or names together with it (英國GDS、法國的Etalab、美國的
        // USDS; Amazon, Google, Oracle in one sentence) are of its kind; persons are one kind.
        (d.relation === 'sibling' || keyPerson || namedTogether(a, answer.text, d.text)) &&
        // An acronym among acronyms (NCC, NFT), a name among names (Skype, Facetime).
        latinShape(d.text) === keyShape &&
        // Worm of OpenWorm: a piece of a longer Latin name of the material is no option.
        !latinFragment(a, d.text),
    );
  }
  // No options at all for a blank that should not be asked (大家, 一次, 上有), nor for a key
  // that says its head twice (數據資料: every "…資料" option would fit as well).
  if (!isAskableZh(answer) || pleonastic(answer.text)) return [];
  const keyKind = verifiedKind(a, answer.term);
  const keyLength = [...answer.text].length;
  const ending = categoryEnding(answer.text);
  const kept = picked.filter((d) => {
    if (!/^\p{Script=Han}+$/u.test(d.text)) return false;
    const term = termOf(a, d.text);
    if (!term) return false;
    if (
      !isAskableZh({ kind: 'term', text: d.text, start: 0, end: 0, mention: answer.mention, term })
    )
      return false;
    const kind = verifiedKind(a, term);
    if (kindGroup(kind) !== kindGroup(keyKind)) return false;
    // 長期以來 beside 主管機關, 不足之處 beside 資管處: a set phrase (an adverbial idiom, a
    // 「…之處」 phrase) is no thing of the key's kind, whatever its last character.
    if (setPhrase(term) && !setPhrase(answer.term)) return false;
    // "Another name of the same kind" holds only for names that are names (not 榮譽 → 約翰).
    if (d.relation === 'kind' && (kind === 'term' || keyKind === 'term')) return false;
    const length = [...d.text].length;
    if (Math.abs(length - keyLength) > Math.max(1, Math.floor(keyLength / 2))) return false;
    // A road among roads, a city among cities, a country among countries (not 延平南路 or
    // 台北 beside 愛沙尼亞).
    if (kind === 'place' && placeGrain(d.text) !== placeGrain(answer.text)) return false;
    // 數位部 beside 數發部: two short forms of one name (數位發展部) are one answer.
    if (sameEntity(a, answer.text, d.text)) return false;
    // A category compound (憲法, 數位發展部) among others of its category, unless listed with it.
    if (ending && d.relation !== 'sibling' && !d.text.endsWith(ending)) return false;
    // 資料庫 beside 數據庫: one term in Taiwan and mainland wording is the same answer.
    if (taiwanForm(d.text) === taiwanForm(answer.text)) return false;
    // 數據資料 (data data), 政府機關 beside 主管機關: an everyday word in front of the key's own
    // head names the broad class, which also fits the blank.
    if (d.relation !== 'sibling' && broadSameHead(answer.text, d.text)) return false;
    // 倡議者/信仰者/受訪者/創業者, 研究員/公務員: a role suffix alone makes people of any
    // kind, and most roles fit a slot for a person (「都各有各的_____」); only roles the
    // material lists with the key, or that share more than the suffix, are of its kind.
    if (d.relation !== 'sibling' && roleSuffixOnly(answer.text, d.text)) return false;
    // 勢必會, 一定會: an adverb or modal verb with the modal 會 ("will"), not 會 of 公聽會;
    // it is no name of a meeting or a council.
    if (modalHuiWord(d.text)) return false;
    // 政委會 (「政委會去協調」), 基本上政府: a word glued to the modal 會 or to a discourse
    // adverb in front is a piece of a sentence, never a thing the material names.
    if (gluedFragment(a, d.text)) return false;
    // 金管會 beside 公聽會, 攝影機 beside 大飛機: 會 and 機 end words of several categories
    // (a meeting, a body; an aircraft, a device, a moment); the ending alone is no kind.
    if (d.relation !== 'sibling' && !sameEndingSense(answer.text, d.text)) return false;
    if (sentence) {
      // 「五家_____」: a measure word before the blank takes only nouns it counts (家 counts
      // banks, not 模式 or 台幣); an option the material never counts so gives the key away.
      // Names keep their kind's check (a person after 這位 is any person).
      if (keyKind === 'term' && !countedAlike(a, sentence, answer, d.text)) return false;
      // 「辦這個_____」 keyed 討論會 where the material also says 辦這個座談會: an option the
      // material itself writes in the key's place is a second right answer.
      if (writtenInKeyFrame(a, sentence, answer, d.text)) return false;
      // 「我們今天辦這個_____」 keyed 討論會 in a material titled 「…焦點座談會」: after a pointer
      // at the occasion itself, an option the title names is as right as the key.
      if (titleNamesOccasion(a, sentence, answer, d.text)) return false;
    }
    return true;
  });
  // 政府機關 beside 政府行政機關: two options that are forms of one name leave two answers
  // that read alike; the longer goes (not 眾議院 inside 眾議院兩院, a word and more).
  return kept.filter(
    (d) =>
      !kept.some(
        (o) => o.text !== d.text && !d.text.includes(o.text) && abbreviates(o.text, d.text),
      ),
  );
}

/** Discourse adverbs and connectives a speaker puts before a noun (基本上政府, 其實制度). */
const DISCOURSE_FRONT =
  /^(?:基本上|其實|當然|所以|然後|因為|就是|可能|一定|勢必|應該|還是|已經|也是|真的|現在|目前|大概|反正|總之|剛剛|剛才|另外|而且|但是|不過|甚至|尤其|特別是|包括|例如|比如|像是)/u;

const glued = new WeakMap<DocAnalysis, Map<string, boolean>>();

/**
 * Verbs the modal 會 ("will") stands before and a body's name hardly does (政委會去協調,
 * 縣長會在下週回覆); not 都, 也, 是, 有, which follow any noun.
 */
const MODAL_HUI_VERB =
  /^\s*(?:去|在|把|說|講|覺得|認為|想|幫|處理|協調|請|再|幫忙|提出|邀請|回覆|跟你|跟大家|希望|知道|發現)/u;

/**
 * Whether a Chinese option is a piece of a sentence glued into one word: a discourse adverb
 * in front of a noun (基本上政府), or a word the material writes only before a verb with the
 * modal 會 (「政委會去協調」, 「政委會在…」): not a body or a meeting of the material.
 */
export function gluedFragment(a: Pick<DocAnalysis, 'fullText'>, word: string): boolean {
  if (
    DISCOURSE_FRONT.test(word) &&
    [...word].length >= [...word.match(DISCOURSE_FRONT)![0]].length + 2
  )
    return true;
  // A meeting (研討會都談過) is a noun whatever follows it.
  if (!word.endsWith('會') || [...word].length < 3 || huiSense(word) === 'meeting') return false;
  let cache = glued.get(a as DocAnalysis);
  if (!cache) glued.set(a as DocAnalysis, (cache = new Map()));
  let known = cache.get(word);
  if (known === undefined) {
    const text = a.fullText;
    let uses = 0;
    let modal = 0;
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
      uses++;
      if (MODAL_HUI_VERB.test(text.slice(at + word.length))) modal++;
    }
    known = uses > 0 && modal === uses;
    cache.set(word, known);
  }
  return known;
}

/** What a word ending in 會 names: a meeting (公聽會, 記者會), a society, or a body (金管會, 協會). */
function huiSense(text: string): string {
  if (
    /(?:聽|談|者|明|討|論|調|報|展|覽|唱|晚|舞|茶|年|餐|聚|表|享|流|宴|親|拜|審|歡|書)會$/u.test(
      text,
    )
  )
    return 'meeting';
  if (/社會$/u.test(text)) return 'society';
  return 'body';
}

/** What a word ending in 機 names: an aircraft (直升機), a moment or reason (危機, 動機), a device. */
function jiSense(text: string): string {
  if (/(?:飛|升|人|客|戰|鬥|貨|空|航空|運輸|民航|教練|私人)機$/u.test(text)) return 'aircraft';
  if (/(?:危|動|契|時|商|轉|生|良|心|殺|投|玄|先|待|隨)機$/u.test(text) && [...text].length <= 3)
    return 'moment';
  return 'device';
}

/**
 * Whether two words that end in 會 or 機 name things of one sense of that ending (a meeting
 * for a meeting, an aircraft for an aircraft); words with other endings always agree here.
 */
export function sameEndingSense(key: string, option: string): boolean {
  const last = key.slice(-1);
  if (last !== option.slice(-1)) return true;
  if (last === '會') return huiSense(key) === huiSense(option);
  if (last === '機') return jiSense(key) === jiSense(option);
  return true;
}

/** Modal verbs that stand before 會 ("will"): 可能會, 應該會. */
const MODAL_VERB = /^(?:可能|應該|應當|或許|也許|可以|必須|需要)$/u;

/**
 * Whether a word ending in 會 is an adverb or a modal verb with the modal 會 ("will"): 勢必會,
 * 一定會, 可能會 (jieba's dictionary holds 勢必會 as a noun), not 公聽會, 學生會, 說明會.
 */
export function modalHuiWord(word: string): boolean {
  if (!word.endsWith('會') || [...word].length < 3) return false;
  const front = word.slice(0, -1);
  if (MODAL_VERB.test(front)) return true;
  const tokens = zhTagged(front);
  return tokens.length === 1 && tokens[0]!.tag === 'd';
}

/** A numeral (or 每, 這, 哪, 各) with a measure word that chooses its noun, right before a blank. */
const MEASURED =
  /(?:[零〇一二兩三四五六七八九十百千幾數每這那哪各]|\d)\s*([家間位名所座條輛隻本張架棟篇首顆筆])\s*$/u;

/**
 * Whether an option may follow the measure word before the blank as the key does: the
 * material counts it with that measure word somewhere (兩家銀行 → 家銀行), or no measure word
 * chooses the noun (個, 種 count anything).
 */
export function countedAlike(
  a: DocAnalysis,
  sentence: { text: string },
  answer: { start: number },
  option: string,
): boolean {
  const measure = MEASURED.exec(sentence.text.slice(0, answer.start))?.[1];
  if (!measure) return true;
  return a.fullText.includes(measure + option);
}

/**
 * Whether the material writes an option in the key's place: after the three characters
 * before the blank or before the three after it (辦這個座談會 for 「辦這個_____」). Fewer
 * characters (這個, 的) fit any noun and say nothing.
 */
export function writtenInKeyFrame(
  a: DocAnalysis,
  sentence: { text: string },
  answer: { start: number; end: number },
  option: string,
): boolean {
  const han3 = /^\p{Script=Han}{3}$/u;
  const left = sentence.text.slice(Math.max(0, answer.start - 3), answer.start);
  const right = sentence.text.slice(answer.end, answer.end + 3);
  return (
    (han3.test(left) && a.fullText.includes(left + option)) ||
    (han3.test(right) && a.fullText.includes(option + right))
  );
}

/** A pointer at the occasion of the talk itself: 這個, 這次, 本次, 今天的, 今天這場. */
const OCCASION_POINTER = /(?:這個|這次|這場|本次|本場|今天的|今天這個|今天這場)\s*$/u;

const titles = new WeakMap<DocAnalysis, string>();

/** The material's titles: the first heading of every part (a transcript's title line). */
function titleText(a: DocAnalysis): string {
  let known = titles.get(a);
  if (known === undefined) {
    const firsts = new Set<string>();
    for (const s of a.sentences)
      if (s.location.kind === 'paragraph' && s.location.headingPath?.[0])
        firsts.add(s.location.headingPath[0]);
    known = [...firsts].join('\n');
    titles.set(a, known);
  }
  return known;
}

/**
 * Whether the blank follows a pointer at the occasion itself (這個, 這次) and the option is a
 * word the material's title names: the talk is that occasion, so the option is right too.
 */
export function titleNamesOccasion(
  a: DocAnalysis,
  sentence: { text: string },
  answer: { start: number },
  option: string,
): boolean {
  if (!OCCASION_POINTER.test(sentence.text.slice(0, answer.start))) return false;
  return titleText(a).includes(option);
}

/** Whether a term is a set phrase (jieba's idiom tags) or a 「…之處」 phrase, not a noun. */
export function setPhrase(term: Pick<Term, 'text' | 'pos'>): boolean {
  return /^(?:l|i)$/.test(term.pos ?? '') || /之\p{Script=Han}$/u.test(term.text);
}

/** Suffixes that make a word for a person of any kind: 者, 員, 人, 家, 師, 手. */
const ROLE_SUFFIX = /[者員人家師手]$/u;

/** Whether two words share only a one-character role suffix (倡議者 / 信仰者). */
export function roleSuffixOnly(key: string, option: string): boolean {
  if (!ROLE_SUFFIX.test(key) || !ROLE_SUFFIX.test(option)) return false;
  const k = [...key];
  const o = [...option];
  return k[k.length - 1] === o[o.length - 1] && k[k.length - 2] !== o[o.length - 2];
}

/** A term's wording in Taiwan usage (數據庫 → 資料庫); the term itself when it has no other. */
function taiwanForm(text: string): string {
  return taiwanWording(text) ?? text;
}

/**
 * Below this general IDF a modifier is among the most frequent words of Chinese (一般 4.3,
 * 政府 4.6, 數據 4.8, 相關 4.8): 政府機關 is then the class 主管機關 belongs to. A topical
 * modifier (金融 5.3, 法律 5.6, 憲法 7.0) names another member (法律規定 ≠ 憲法規定).
 */
const BROAD_IDF = 5;

/** A compound whose modifier means its head (數據資料, in Taiwan wording 資料資料). */
function pleonastic(text: string): boolean {
  const t = [...text];
  for (let h = 1; h < t.length; h++) {
    const head = t.slice(t.length - h).join('');
    const modifier = t.slice(0, t.length - h).join('');
    if (modifier.length >= 2 && head.length >= 2 && taiwanForm(modifier) === taiwanForm(head))
      return true;
  }
  return false;
}

/**
 * Whether an option shares the key's head of two or more characters (…資料, …機關) and puts
 * only one of the most frequent words in front of it (政府, 數據, 一般), or a word the head itself means
 * (數據 of 數據資料, in Taiwan wording 資料): a broad class of the key, not another member.
 */
export function broadSameHead(key: string, option: string): boolean {
  const k = [...key];
  const o = [...option];
  let shared = 0;
  while (
    shared < Math.min(k.length, o.length) &&
    k[k.length - 1 - shared] === o[o.length - 1 - shared]
  )
    shared++;
  if (shared < 2 || shared >= o.length || shared >= k.length) return false;
  const head = o.slice(o.length - shared).join('');
  const modifier = o.slice(0, o.length - shared).join('');
  if (taiwanForm(modifier) === taiwanForm(head)) return true;
  const idf = generalIdf(modifier);
  return idf !== undefined && idf < BROAD_IDF;
}

/** Particles and prepositions: a neighbour that fits almost any word. */
const FUNCTION_CHAR = /^[的了是在和與及或也都就而之有為著把被對從向]$/u;

/**
 * Whether a word may stand in the key's place and still read as Chinese: the material writes
 * it somewhere right after the character before the key, or right before the character after
 * it (被任命為 → 被法官為 has neither, 是交通部 → 是內政部 has the first). Punctuation gives
 * no evidence.
 */
export function fitsLocalFrame(
  a: DocAnalysis,
  sentence: { text: string },
  answer: { start: number; end: number },
  substitute: string,
): boolean {
  const han = /^\p{Script=Han}+$/u;
  // A particle beside the key (的, 是, 在) fits anything: then two characters are the frame.
  const width = (c: string) => (FUNCTION_CHAR.test(c) ? 2 : 1);
  const l1 = sentence.text.slice(Math.max(0, answer.start - 1), answer.start);
  const left = sentence.text.slice(Math.max(0, answer.start - width(l1)), answer.start);
  const r1 = sentence.text.slice(answer.end, answer.end + 1);
  const right = sentence.text.slice(answer.end, answer.end + width(r1));
  if (han.test(left) && a.fullText.includes(left + substitute)) return true;
  if (han.test(right) && a.fullText.includes(substitute + right)) return true;
  return false;
}

/** Whether `short` is `long` with characters left out (數發部 of 數位發展部), same first and last. */
export function abbreviates(short: string, long: string): boolean {
  const s = [...short];
  const l = [...long];
  if (s.length >= l.length || s[0] !== l[0] || s[s.length - 1] !== l[l.length - 1]) return false;
  let i = 0;
  for (const c of l) if (c === s[i]) i++;
  return i === s.length;
}

/**
 * Whether two Chinese names are forms of one: one abbreviates the other, or both abbreviate
 * a longer name of the material (數位部 and 數發部 of 數位發展部).
 */
export function sameEntity(a: DocAnalysis, x: string, y: string): boolean {
  if (abbreviates(x, y) || abbreviates(y, x)) return true;
  const fx = [...x];
  const fy = [...y];
  if (fx[0] !== fy[0] || fx[fx.length - 1] !== fy[fy.length - 1]) return false;
  for (const t of a.terms.values())
    if (abbreviates(x, t.text) && abbreviates(y, t.text)) return true;
  return false;
}

/**
 * Whether an answer is part of a longer term the material uses (政策 of 政策履歷, 聊天 of
 * 聊天機器人): a blank or a swap there splits a word.
 */
export function insideLongerTerm(
  a: DocAnalysis,
  sentence: { text: string },
  answer: { start: number; end: number },
): boolean {
  const text = sentence.text;
  const left = text.slice(Math.max(0, answer.start - 40), answer.start);
  const right = text.slice(answer.end, answer.end + 40);
  // 「_____ & Bradstreet」: a Latin word joined to another by & or + is part of a name.
  if (/[A-Za-z]\s*[&+]\s*$/u.test(left) || /^\s*[&+]\s*[A-Za-z]/u.test(right)) return true;
  const key = text.slice(answer.start, answer.end);
  // 「Dun & Bradstreet _____」, 「鄧白氏（_____）」: a name beside its other-script form, in
  // brackets or after a space, gives the key away.
  if (/\p{Script=Han}/u.test(key)) {
    const latinName = /(?:[A-Z][\w.-]*\s*(?:&|and|\+)?\s*){2,}/u.source;
    if (new RegExp(`${latinName}[\\s(（]*$`, 'u').test(left)) return true;
    if (new RegExp(`^[\\s)）(（]*${latinName}`, 'u').test(right)) return true;
  } else if (/\p{Script=Han}{2}\s*[（(]\s*$/u.test(left) && /^\s*[)）]/u.test(right)) return true;
  else if (/^\s*[（(]\s*\p{Script=Han}{2,}[^()（）]{0,8}[)）]/u.test(right)) return true;
  for (let k = 1; k <= 3; k++) {
    const after = text.slice(answer.start, answer.end + k);
    const before = text.slice(Math.max(0, answer.start - k), answer.end);
    if (
      after.length > answer.end - answer.start &&
      /\p{Script=Han}$/u.test(after) &&
      termOf(a, after)
    )
      return true;
    if (answer.start - k >= 0 && /^\p{Script=Han}/u.test(before) && termOf(a, before)) return true;
  }
  return false;
}

/** Whether the sentence shows another form of the key (數位發展部 beside a blank for 數發部). */
export function showsOtherForm(
  sentence: { mentions: Array<{ text: string; start: number }> },
  answer: { text: string; start: number },
): boolean {
  return sentence.mentions.some(
    (m) =>
      m.start !== answer.start &&
      m.text !== answer.text &&
      (abbreviates(answer.text, m.text) || abbreviates(m.text, answer.text)),
  );
}

const fragments = new WeakMap<DocAnalysis, Map<string, boolean>>();

/** Whether every use of a Latin word in the material is glued to a dot and more letters. */
export function dottedFragment(a: DocAnalysis, word: string): boolean {
  if (!/^[A-Za-z][\w-]*$/.test(word)) return false;
  let cache = fragments.get(a);
  if (!cache) fragments.set(a, (cache = new Map()));
  let known = cache.get(word);
  if (known === undefined) {
    const text = a.fullText;
    let uses = 0;
    let glued = 0;
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
      const before = text.slice(Math.max(0, at - 2), at);
      const after = text.slice(at + word.length, at + word.length + 2);
      if (/[A-Za-z0-9]$/.test(before) || /^[A-Za-z0-9]/.test(after)) continue;
      uses++;
      if (/^\.[A-Za-z]/.test(after) || /[A-Za-z]\.$/.test(before)) glued++;
    }
    known = uses > 0 && glued === uses;
    cache.set(word, known);
  }
  return known;
}

const latinPeople = new WeakMap<DocAnalysis, Map<string, boolean>>();

/**
 * Whether the material uses a Latin word as a person's name: introduced as one (「我叫Nana」,
 * 「你也可以叫我Judy」, 「我是銘傳國小六年級的Joseph」), written with a title or a speaker's
 * colon after it, or kept by the term ranking as a person.
 */
export function latinPerson(a: DocAnalysis, word: string): boolean {
  let cache = latinPeople.get(a);
  if (!cache) latinPeople.set(a, (cache = new Map()));
  let known = cache.get(word);
  if (known === undefined) {
    const w = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const introduced = new RegExp(
      `(?:我叫|叫我|我是[^，。！？\\n]{0,16}的|名字是|名叫|你是)\\s*${w}(?![A-Za-z])`,
      'u',
    );
    // 「Tina？」 alone on a line: someone addressed by name.
    const addressed = new RegExp(`(?:^|\\n)\\s*${w}\\s*[？?！!]\\s*(?:$|\\n)`, 'u');
    // 「首席 AI 科學家 Yann LeCun」: a role right before the name.
    const titled = new RegExp(
      `(?:科學家|執行長|教授|博士|部長|總統|創辦人|共同創辦人|學者|作家|記者|主席|院士|學家|總監|大使|議員)\\s*${w}(?![A-Za-z])`,
      'u',
    );
    // 「有一位思想家叫做Cass Sunstein」, 「一個歌手叫做「Leonard Cohen」」.
    const called = new RegExp(
      `(?:家|者|手|人|師|員)(?:叫做|叫作|名叫|叫)\\s*[「『]?\\s*${w}(?![A-Za-z])`,
      'u',
    );
    known =
      introduced.test(a.fullText) ||
      addressed.test(a.fullText) ||
      called.test(a.fullText) ||
      titled.test(a.fullText) ||
      usedAsPerson(a.fullText, word) ||
      [...a.terms.values()].some((t) => t.text === word && t.kind === 'person');
    cache.set(word, known);
  }
  return known;
}

/** A Latin word as a word of its own (not inside a longer Latin word). */
function hasLatinWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1))
    if (
      !/[A-Za-z0-9]/.test(text[at - 1] ?? '') &&
      !/[A-Za-z0-9]/.test(text[at + word.length] ?? '')
    )
      return true;
  return false;
}

/** Whether one sentence of the material names both Latin names. */
export function namedTogether(a: DocAnalysis, x: string, y: string): boolean {
  return a.sentences.some((s) => hasLatinWord(s.text, x) && hasLatinWord(s.text, y));
}

const phraseFragments = new WeakMap<DocAnalysis, Map<string, boolean>>();

/**
 * Whether every use of a Latin word in Chinese text runs on into more Latin words ("Be Free"
 * and "Information Wants" of 「Information Wants to Be Free」, "Gamers" of "Republic of
 * Gamers"): a piece of an English phrase or slogan, not a name of its own.
 */
export function latinPhraseFragment(a: DocAnalysis, word: string): boolean {
  if (!/^[A-Za-z]/.test(word)) return false;
  let cache = phraseFragments.get(a);
  if (!cache) phraseFragments.set(a, (cache = new Map()));
  let known = cache.get(word);
  if (known === undefined) {
    const text = a.fullText;
    let uses = 0;
    let runOn = 0;
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
      const before = text.slice(Math.max(0, at - 3), at);
      const after = text.slice(at + word.length, at + word.length + 3);
      if (/[A-Za-z0-9]$/.test(before) || /^[A-Za-z0-9]/.test(after)) continue;
      uses++;
      if (/[A-Za-z][\s-]$/u.test(before) || /^[\s-][A-Za-z]/u.test(after)) runOn++;
    }
    known = uses > 0 && runOn === uses;
    cache.set(word, known);
  }
  return known;
}

/** The written shape of a Latin name: an acronym (NCC, 3D) or a word-like name (Skype). */
function latinShape(text: string): 'acronym' | 'name' {
  return /^[A-Z0-9][A-Z0-9+&.-]{1,6}$/.test(text) ? 'acronym' : 'name';
}

/**
 * Whether a Latin word is part of a longer Latin name of the material (Worm and Open of
 * OpenWorm, glossed word by word): as an option it reads as a fragment, not a thing.
 */
function latinFragment(a: DocAnalysis, word: string): boolean {
  for (const t of a.terms.values())
    if (t.text !== word && /^[A-Za-z]/.test(t.text) && t.text.includes(word)) return true;
  return false;
}
