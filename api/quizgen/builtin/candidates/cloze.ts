import { isBarePageNumber, isPunctuationOnly } from '../../text/normalize.js';
import { EN_LIST_GAP, ZH_LIST_GAP, type AnalysedSentence, type DocAnalysis } from '../analysis.js';
import type { Answer } from '../answers.js';
import { isOptionWorthy, zhPosGroup } from '../distractors.js';
import { columnWeight, isDetermined, tableKey } from '../records.js';
import { segmentChinese } from '../segment-zh.js';
import { termKey } from '../terms.js';
import { EN_STOPWORDS, ZH_STOPWORDS } from '../../text/stopwords.js';
import { findSpeakers, isMinorSpeakerLine } from '../material/speakers.js';
import { isNumberWorthAskingZh, isWorthKnowingZh } from '../zh-importance.js';
import { barePronounSubject, clauseWindows, lendsWindows } from '../zh-clauses.js';
import { zhListCandidates } from '../zh-enumeration.js';
import { blankAfterPointer, modalHuiKey, zhLacksContext } from '../zh-context.js';
import { isEvaluativeAdjective, standsAsEnglishOption } from '../../text/en-lexicon.js';
import { isEnglishAside, spellsAcronym } from '../en-asides.js';
import { cutsEnglishWord, englishSentenceStandsAlone, leansOnPrevious } from '../en-standalone.js';
import { isRestored } from '../restore-context.js';
import { isNounPhraseAt } from '../en-pos.js';

/** A sentence and the answers that could be blanked in it, best first. */
export interface ClozeCandidate {
  sentence: AnalysedSentence;
  answers: Answer[];
  /** Importance of the sentence × its best answer, 0..1 within the document. */
  score: number;
  /**
   * The stem leans on the sentence before and its context could not be restored: asked only
   * when no other candidate fills a slot (session 13).
   */
  lastResort?: boolean;
}

const ANAPHORA_ZH = /^(?:這|此|它|其|他們|她們|這些|那些|該|上述|前述|因此|但|而|所以|同時)/;
const ANAPHORA_EN =
  /^(?:this|these|that|those|it|they|he|she|such|but|so|thus|however|all of this)\b/i;

/**
 * Cloze candidates: usable sentences with the keyphrases or numbers that may be blanked. A blank
 * never holds a function word, punctuation or a bare page number, nor a word that is still
 * visible elsewhere in the sentence.
 */
export function clozeCandidates(a: DocAnalysis): ClozeCandidate[] {
  const maxCentrality = Math.max(...a.sentences.map((s) => s.centrality), 1);
  const maxTerm = Math.max(...[...a.terms.values()].map((t) => t.score), 1);
  const out: ClozeCandidate[] = [];
  const speakers = a.language === 'zh' ? findSpeakers(a.sentences) : undefined;
  // A run-on sentence of a Chinese talk (over 150 characters) lends its opening clauses.
  // restoredContext (decision 0052) would give a sentence leaning on the one before that one
  // back as its context; not wired (0057: wired, single-type quizzes of a corpus talk lost their
  // spread over the material).
  const sentences = a.sentences.flatMap((s) =>
    lendsWindows(s, a.language) ? clauseWindows(s) : [s],
  );
  for (const sentence of sentences) {
    if (sentence.record) {
      const row = recordCandidate(a, sentence);
      if (row) out.push(row);
      continue;
    }
    if (!sentence.usable || DISCOURSE.test(sentence.text)) continue;
    if (a.language === 'en' && framingSentences(a).has(sentence.id)) continue;
    if (a.language === 'en' && isEnglishAside(sentence.text)) continue;
    // Round 5: a stem or statement the learner can read alone — no figure to look at ("these
    // data", "the dashed line"), no spoken fragment leaning on the sentence before.
    if (a.language === 'en' && !englishSentenceStandsAlone(sentence.text)) continue;
    // "At the moment it's about _____ now.": a pointer whose referent could not be restored.
    const lastResort = a.language === 'en' && leansOnPrevious(sentence.text);
    // A Chinese transcript's host, interviewer or questioner frames the talk (「我是中山國中的
    // 喆曦」, 「像我們高中生也會有…」): their lines give no blank and no statement.
    if (speakers && isMinorSpeakerLine(speakers, sentence)) continue;
    // 「他是第一次…」, 「這一件事…」: a stem whose subject points outside it has no referent.
    if (a.language === 'zh' && barePronounSubject(sentence.text)) continue;
    // 「剛剛提到…」, 「在我們國家…」: pointing back at the talk or at the speaker's place (round 6).
    if (a.language === 'zh' && zhLacksContext(sentence.text)) continue;
    const answers: Array<{ answer: Answer; weight: number }> = [];
    const listGap = a.language === 'zh' ? ZH_LIST_GAP : EN_SERIES_GAP;
    sentence.mentions.forEach((m, i) => {
      const term = a.terms.get(m.key)!;
      // A blank inside a list ("A、_____與C", "e.g., A, _____ and C") has several right answers.
      const prev = sentence.mentions[i - 1];
      const next = sentence.mentions[i + 1];
      if (prev && listGap.test(sentence.text.slice(prev.end, m.start))) return;
      if (next && listGap.test(sentence.text.slice(m.end, next.start))) return;
      if (!isBlankable(sentence.text, m.text, m.start, a.language)) return;
      if (sentence.mentions.some((o) => o !== m && o.key === m.key)) return;
      if (!isOptionWorthy(a, term)) return;
      if (a.language === 'zh' && !zhKeyFits(a, sentence, m.text, m.start, term)) return;
      // 「這樣的_____」: the key is what the pointer points at, outside the sentence.
      if (a.language === 'zh' && blankAfterPointer(sentence.text, m.start)) return;
      // 「學生會|覺得」: a word and the modal 會 read as one term (學生會) is a wrong key.
      if (a.language === 'zh' && modalHuiKey(sentence.text, m)) return;
      if (a.language === 'zh' && !isWorthKnowingZh(a, sentence, m, term)) return;
      let weight = Math.sqrt(term.score / maxTerm) * (term.sentenceIds.length > 1 ? 1 : 0.8);
      if (a.language === 'en' && !englishKeyMatters(a, sentence.text, m.text, m.start, term))
        return;
      // "reduces our uncertainty in _____" keyed "predicting aid": a gerund with its object is a
      // verb phrase where it stands, and no learner writes it as the key (round 5).
      if (
        a.language === 'en' &&
        /^\p{Ll}+ing\s/u.test(m.text) &&
        isNounPhraseAt(sentence.text, m.start, m.end) === false
      )
        return;
      if (a.language === 'en') {
        const fit = englishKeyFit(sentence.text, m.text, m.start, term.sentenceIds.length);
        if (fit <= 0) return;
        weight *= fit;
      }
      answers.push({
        answer: { kind: 'term', text: m.text, start: m.start, end: m.end, mention: m, term },
        weight,
      });
    });
    for (const n of sentence.numbers) {
      if (!n.unit || isBarePageNumber(n.text)) continue;
      if (!isBlankable(sentence.text, n.text, n.start, a.language)) continue;
      if (a.language === 'en' && !englishNumberFits(sentence.text, n)) continue;
      if (a.language === 'zh' && !isNumberWorthAskingZh(sentence, n)) continue;
      // A zh number blank covers whole jieba tokens (「也就是_____代」 cut 1990年 from 年代).
      if (a.language === 'zh' && !coversWholeTokens(sentence, n.start, n.end)) continue;
      answers.push({
        answer: { kind: 'number', text: n.text, start: n.start, end: n.end, number: n },
        weight: 0.45,
      });
    }
    if (!answers.length) continue;
    answers.sort((x, y) => y.weight - x.weight || x.answer.start - y.answer.start);
    const anaphora = (a.language === 'zh' ? ANAPHORA_ZH : ANAPHORA_EN).test(sentence.text);
    // "This is the idea of _____.": a short sentence that only points back says nothing alone.
    if (a.language === 'en' && anaphora && sentence.text.split(/\s+/).length < 9) continue;
    const central = Math.sqrt(sentence.centrality / maxCentrality);
    const score =
      (0.55 * central + 0.45 * answers[0]!.weight) *
      // A stem with its context restored is longer and shows more terms: it fills in.
      (anaphora || isRestored(sentence) ? 0.7 : 1) *
      lengthFit(sentence, a.language);
    out.push({
      sentence,
      answers: answers.map((x) => x.answer),
      score,
      ...(lastResort ? { lastResort } : {}),
    });
  }
  // 「A、B與C」: which of these is not one of what the passage lists (a relation item).
  out.push(
    ...zhListCandidates(
      a,
      sentences,
      (s) =>
        s.usable &&
        !s.record &&
        !DISCOURSE.test(s.text) &&
        !(a.language === 'en' && (isEnglishAside(s.text) || !englishSentenceStandsAlone(s.text))) &&
        !(speakers && isMinorSpeakerLine(speakers, s)),
    ),
  );
  return out.sort((x, y) => y.score - x.score || x.sentence.id - y.sentence.id);
}

/**
 * A table row: its cells worth asking (rare or varied columns first). The row's score is its
 * best column's weight, so a calendar's holidays come before its ordinary weekdays.
 */
function recordCandidate(a: DocAnalysis, sentence: AnalysedSentence): ClozeCandidate | undefined {
  const table = a.tables.get(tableKey(sentence));
  if (!table || !sentence.record) return undefined;
  const answers: Array<{ answer: Answer; weight: number }> = [];
  for (const field of sentence.record) {
    const column = table.columns.get(field.header)!;
    const weight = columnWeight(table, column);
    if (!field.value || weight < 0.5 || [...field.value].length > 40) continue;
    if (!isDetermined(table, sentence.record, field.header)) continue;
    if (!isBlankable(sentence.text, field.value, field.start, a.language)) continue;
    const answer: Answer = {
      kind: 'field',
      text: field.value,
      start: field.start,
      end: field.end,
      field,
      table,
    };
    answers.push({ answer, weight });
  }
  if (!answers.length) return undefined;
  answers.sort((x, y) => y.weight - x.weight || x.answer.start - y.answer.start);
  // Cells of common columns (a weekday) are trivia: only columns weighing 0.5 or more are asked.
  const best = answers[0]!.weight;
  return { sentence, answers: answers.map((x) => x.answer), score: 0.5 * best };
}

/**
 * Between two members of one English list: a comma or "and"/"or", and the spoken series
 * ("such as Nicky’s games, such as Duolingo, such as Scratch"), where any member fits a blank.
 */
const EN_SERIES_GAP = new RegExp(
  `${EN_LIST_GAP.source}|^\\s*,?\\s*(?:(?:and|or)\\s+)?(?:such as|like|including|as well as)\\s+$`,
  'i',
);

const framing = new WeakMap<DocAnalysis, Set<number>>();

/**
 * In an English transcript (turns headed "Name:"), the sentences of the interviewer's, host's or
 * audience's turns: a "Question:"/"Moderator:" turn, or a speaker who says less than 40% of
 * what the main speaker says. Their framing ("You have been called …") is no material to learn.
 */
export function framingSentences(a: DocAnalysis): Set<number> {
  let known = framing.get(a);
  if (known) return known;
  known = new Set<number>();
  const speakerOf = (s: AnalysedSentence): string | undefined => {
    const path = s.location.kind === 'paragraph' ? s.location.headingPath : undefined;
    const last = path?.[path.length - 1]?.trim();
    return last && /^[^.!?]{1,40}:$/.test(last) && last.split(/\s+/).length <= 4
      ? last.slice(0, -1).trim().toLowerCase()
      : undefined;
  };
  const words = new Map<string, number>();
  for (const s of a.sentences) {
    const who = speakerOf(s);
    if (who) words.set(who, (words.get(who) ?? 0) + s.text.split(/\s+/).length);
  }
  if (words.size >= 2) {
    const most = Math.max(...words.values());
    for (const s of a.sentences) {
      const who = speakerOf(s);
      if (
        who &&
        (/^(?:question|questions|q|moderator|host|interviewer|audience|chair|mc|q&a)$/.test(who) ||
          words.get(who)! < 0.4 * most)
      )
        known.add(s.id);
    }
  }
  framing.set(a, known);
  return known;
}

/** Thanks, greetings, talk about the talk and its logistics ("as I mentioned in my email"): nothing to learn in them. */
const DISCOURSE =
  /謝謝|感謝|歡迎|大家好|各位好|主持人|今天(?:很高興|跟大家)|\bthank(?:s| you)\b|\bwelcome\b|\bgood (?:morning|afternoon|evening)\b|\b(?:I|we) (?:want|would like|am going|are going) to (?:share|talk|tell|start|begin|introduce)|\blet me (?:start|begin|introduce|share)|\b(?:in|by|over) (?:my|your|our|the) (?:e-?mail|message|last call|letter)\b|\b(?:the (?:team|person|people) to talk to|(?:send|forward) (?:you|me) (?:the|a) (?:link|email|note))\b/iu;

/** Whether a span of a Chinese sentence starts and ends where jieba's tokens do. */
export function coversWholeTokens(sentence: AnalysedSentence, start: number, end: number): boolean {
  return (
    sentence.tokens.some((t) => t.start === start) && sentence.tokens.some((t) => t.end === end)
  );
}

let zhWords: Intl.Segmenter | undefined;

/**
 * Whether a Chinese term can be blanked here: the blank falls on word boundaries (深_____ for
 * 深偽詐騙 splits a word), no part of the term stays visible beside it (數位部 beside
 * 數位發展部), no translation or romanisation in parentheses spells it out, and a verb
 * (合作, 運作) is asked only where the material lists others of its kind.
 */
export function zhKeyFits(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  text: string,
  start: number,
  term: { key: string; pos?: string },
): boolean {
  const end = start + text.length;
  if (zhPosGroup(term.pos) === 'v' && !a.siblings.get(term.key)?.size) return false;
  if (/^[」』"”]?\s*[(（][^)）]*[A-Za-z]/u.test(sentence.text.slice(end))) return false;
  if (
    /[A-Za-z][^(（]*[)）]\s*[「『"“]?$/u.test(sentence.text.slice(Math.max(0, start - 40), start))
  )
    return false;
  const rest = sentence.text.slice(0, start) + '\u0000' + sentence.text.slice(end);
  const chars = [...text];
  if (chars.length >= 3)
    for (let i = 0; i + 2 <= chars.length; i++)
      if (rest.includes(chars[i]! + chars[i + 1]!)) return false;
  zhWords ??= new Intl.Segmenter('zh-TW', { granularity: 'word' });
  for (const w of zhWords.segment(sentence.text)) {
    const wEnd = w.index + w.segment.length;
    if ((w.index < start && wEnd > start) || (w.index < end && wEnd > end)) return false;
  }
  // jieba's own cut: a blank that ends inside a token, or is followed by a one-character noun
  // suffix glued to it (辦公處|所), splits a word.
  const next = sentence.tokens.find((t) => t.start === end);
  if (
    !sentence.tokens.some((t) => t.end === end) ||
    !sentence.tokens.some((t) => t.start === start)
  )
    return false;
  if (next && [...next.text].length === 1 && /^(?:n|ng|k)$/.test(next.pos)) return false;
  // A lone noun character glued before the blank is the start of the word (資|通訊產業 of
  // 資通訊產業, 毛|治國 of 毛治國): the blank would split it (round 5b).
  const prev = sentence.tokens.find((t) => t.end === start);
  if (prev && /^\p{Script=Han}$/u.test(prev.text) && /^(?:n|nr|ng|nz|j)$/.test(prev.pos))
    return false;
  // The key with the character after (or before) it is one dictionary word: 辦公處|所有 is
  // also 辦公處所|有, and the blank would split 辦公處所.
  const glued = [
    text + sentence.text.slice(end, end + 1),
    sentence.text.slice(Math.max(0, start - 1), start) + text,
  ];
  for (const word of glued)
    if (/^\p{Script=Han}+$/u.test(word) && [...word].length > [...text].length) {
      const cut = segmentChinese(word);
      if (cut.length === 1 && cut[0]!.pos !== 'x') return false;
    }
  // A lone character left between the blank and a pause (辦公處|所，) is the rest of the word.
  const after = sentence.tokens[sentence.tokens.indexOf(next!) + 1];
  return !(
    next &&
    /^\p{Script=Han}$/u.test(next.text) &&
    !/[的了嗎呢吧啊呀喔哦等中上下內外裡時後前間者們]/u.test(next.text) &&
    (!after || !/[\p{L}\p{N}]/u.test(after.text))
  );
}

/**
 * Whether an English key is worth a blank in this document: not the place the whole material is
 * set in ("in _____, as everywhere else" for Taiwan in a Taiwanese speaker's talk), not a
 * capitalised everyday word the material does not study (Internet, Earth, Parliament used in
 * passing), and not a piece of a longer term of the material ("Type 1 _____" when the material's
 * term is "Type 1 error").
 */
export function englishKeyMatters(
  a: DocAnalysis,
  sentence: string,
  key: string,
  start: number,
  term: { key: string; kind: string; sentenceIds: number[] },
): boolean {
  if (term.kind === 'place' && settingPlaces(a).has(term.key)) return false;
  if (isEverydayName(key) && term.sentenceIds.length < 4) return false;
  // "Note that …", "Recall …": a capitalised first word the material otherwise writes in lower
  // case is an ordinary word, not a name.
  if (start === 0 && /^\p{Lu}\p{Ll}+$/u.test(key) && writesLowerCase(a, key)) return false;
  // A unit alone ("98 _____") asks for the word after a number, not for a fact.
  if (
    /^(?:percent|per cent|percentage points?|dollars?|cents?|minutes?|hours?|seconds?)$/i.test(key)
  )
    return false;
  const before = sentence.slice(0, start);
  const after = sentence.slice(start + key.length);
  // "Last _____ (March), we turned to …": a time told from the speaker's day, not a fact.
  if (term.kind === 'time' && /\b(?:last|next|this|every|each|early|late)\s+$/i.test(before))
    return false;
  // "Type 1 _____", "Phase 2 _____": a numbered name whose last word is the blank.
  if (/\b\p{Lu}\p{Ll}*\s+(?:\d+|[IVX]+)\s*$/u.test(before)) return false;
  const wordsBefore = before.match(/[\p{L}\d'’-]+\s*$|[\p{L}\d'’-]+\s+[\p{L}\d'’-]+\s*$/u)?.[0];
  const wordsAfter = after.match(/^\s*[\p{L}\d'’-]+(?:\s+[\p{L}\d'’-]+)?/u)?.[0];
  const glued: string[] = [];
  if (wordsBefore && /\s$/.test(wordsBefore)) {
    const ws = wordsBefore.trim().split(/\s+/);
    for (let i = ws.length - 1; i >= 0; i--) glued.push(ws.slice(i).join(' ') + ' ' + key);
  }
  if (wordsAfter && /^\s/.test(wordsAfter)) {
    const ws = wordsAfter.trim().split(/\s+/);
    for (let i = 1; i <= ws.length; i++) glued.push(key + ' ' + ws.slice(0, i).join(' '));
  }
  return !glued.some((phrase) => {
    const longer = a.terms.get(termKey(phrase));
    return longer !== undefined && longer.key !== term.key;
  });
}

const lowerWords = new WeakMap<DocAnalysis, Set<string>>();

/** Whether the material writes a word in lower case somewhere (not only as a name). */
function writesLowerCase(a: DocAnalysis, word: string): boolean {
  let words = lowerWords.get(a);
  if (!words) {
    words = new Set(a.fullText.match(/(?<![\p{L}\d])\p{Ll}+(?![\p{L}\d])/gu) ?? []);
    lowerWords.set(a, words);
  }
  return words.has(word.toLowerCase());
}

/** Capitalised everyday words: a blank on them tests nothing unless the material studies them. */
const EVERYDAY_NAMES = new Set(
  `internet web earth world sun moon parliament congress government state nation country city
university school church god people`.split(/\s+/),
);

function isEverydayName(key: string): boolean {
  return /^\p{Lu}\p{Ll}+$/u.test(key) && EVERYDAY_NAMES.has(key.toLowerCase());
}

const settings = new WeakMap<DocAnalysis, Set<string>>();

/**
 * The place a material is set in: its most-mentioned place, named in at least four sentences
 * and twice as often as any other place (Taiwan in a Taiwanese speaker's talk). Where the
 * material talks about several places alike, none is the setting.
 */
function settingPlaces(a: DocAnalysis): Set<string> {
  let known = settings.get(a);
  if (known) return known;
  const places = [...a.terms.values()]
    .filter((t) => t.kind === 'place')
    .sort((x, y) => y.sentenceIds.length - x.sentenceIds.length);
  known = new Set<string>();
  const [top, next] = places;
  if (
    top &&
    top.sentenceIds.length >= 4 &&
    top.sentenceIds.length >= 2 * (next?.sentenceIds.length ?? 0)
  )
    known.add(top.key);
  settings.set(a, known);
  return known;
}

const MODAL_BEFORE =
  /\b(?:to|not|never|can|could|will|would|shall|should|must|may|might|did|does|do|we|they|you|i|he|she|it)\s+$/i;
const DOTTED = /^(?:\p{L}\.)+\p{L}?\.?$/u;

/**
 * How well an English phrase serves as a key, 0 (not at all) to 1. Without a tagger: a word
 * after "to"/a modal is a verb; a dotted abbreviation is no fact; a lone common word must
 * recur to matter; a key whose words (in any number) stay visible in the sentence gives itself
 * away, and one sharing a word with it half does.
 */
function englishKeyFit(sentence: string, key: string, start: number, uses: number): number {
  const words = key.split(/\s+/);
  if (DOTTED.test(key) || !standsAsEnglishOption(key)) return 0;
  // "similar individuals", "latest technologies", "unusual cases": the blank would test an
  // evaluative word, and any other adjective would fit as well.
  if (words.length > 1 && isEvaluativeAdjective(words[0]!)) return 0;
  // After "a"/"an", a phrase ending in -s is no plural noun: its last word is a verb.
  if (/\ban?\s+$/i.test(sentence.slice(0, start)) && /[^s'’]s$/.test(key)) return 0;
  if (words.length === 1 && MODAL_BEFORE.test(sentence.slice(0, start))) return 0;
  // "this _____", "our own _____": what the blank names is already pointed at (this Handbook,
  // this case study); the blank tests the word for it, not a fact.
  if (/\b(?:this|these|that|those|our own|their own)\s+$/i.test(sentence.slice(0, start))) return 0;
  if (words.length === 1 && /^\p{Ll}/u.test(key) && uses < 3) return 0;
  if (/^\s*\d/.test(sentence.slice(start + key.length)) && start === 0) return 0;
  const rest = new Set(
    (sentence.slice(0, start) + ' ' + sentence.slice(start + key.length))
      .split(/[^\p{L}\d'-]+/u)
      .map((w) => termKey(w)),
  );
  const keyWords = words.map((w) => termKey(w)).filter((w) => !EN_STOPWORDS.has(w));
  const seen = keyWords.filter((w) => rest.has(w)).length;
  if (keyWords.length && seen === keyWords.length) return 0;
  // A modifier of a common term visible in the stem ("the observed _____ … observed counts"
  // for "observed statistic") gives the key half away; only its head (the kind) may show.
  if (/^\p{Ll}/u.test(key) && keyWords.slice(0, -1).some((w) => rest.has(w) && w.length > 3))
    return 0;
  // "what I call the _____—not macOS—but the Maximization Operating System": the stem spells
  // the key out.
  if (spellsAcronym(key, sentence.slice(0, start) + ' ' + sentence.slice(start + key.length)))
    return 0;
  // "a Type 1 error … unlike a Type 2 error": the key differs from a phrase the stem shows only
  // by its number, so the blank asks for a digit next to its own words.
  const named = keyWords.filter((w) => !/^(?:\d+|[ivx]+)$/.test(w));
  if (named.length && named.length < keyWords.length && named.every((w) => rest.has(w))) return 0;
  return seen ? 0.6 : words.length === 1 && /^\p{Ll}/u.test(key) ? 0.75 : 1;
}

function isBlankable(
  sentence: string,
  text: string,
  start: number,
  language: 'zh' | 'en',
): boolean {
  const bare = text.trim();
  if (!bare || isPunctuationOnly(bare) || isBarePageNumber(bare)) return false;
  if ((language === 'zh' ? ZH_STOPWORDS : EN_STOPWORDS).has(bare.toLowerCase())) return false;
  // A title (《…》, 〈…〉, “…” in a citation) is quoted, not taught: no blank inside it.
  const before = sentence.slice(0, start);
  if (before.lastIndexOf('《') > before.lastIndexOf('》')) return false;
  if (before.lastIndexOf('〈') > before.lastIndexOf('〉')) return false;
  // A blank in parentheses asks for a translation or an aside, not for the fact.
  if (/[(（]$/.test(sentence.slice(0, start)) && /^[)）]/.test(sentence.slice(start + text.length)))
    return false;
  const rest = sentence.slice(0, start) + sentence.slice(start + text.length);
  if (rest.toLowerCase().includes(bare.toLowerCase())) return false;
  // A blank ends at whole words: never a piece of a hyphenated word or name ("_____-stakeholder",
  // "President _____-wen’s").
  if (language === 'en' && cutsEnglishWord(sentence, start, start + text.length)) return false;
  // A blank that starts the sentence leaves a stem without a subject to read from.
  return language === 'zh' || start > 0 || /^\p{Lu}|^\d/u.test(bare);
}

/**
 * An English number worth blanking: not the second term of a ratio ("2 in _____", "6-in-_____"),
 * not after a sign or comparison ("+_____", "≥ _____"), not a lone "1 year" (every other value
 * would be plural and give it away), not part of a fraction or a range.
 */
function englishNumberFits(
  sentence: string,
  n: { text: string; start: number; end: number; value: number },
): boolean {
  const before = sentence.slice(0, n.start);
  const after = sentence.slice(n.end);
  // "(Note that this only makes a difference of about 10% …)", "Suppose you flip a coin 100
  // times": an aside or a made-up case, not a figure of the material worth learning.
  if (/^[(（]/.test(sentence) || /^(?:suppose|imagine|say|let's say|pretend)\b/i.test(sentence))
    return false;
  // "For instance, the highlighted dot … has 39.4% of …": a value picked to illustrate a
  // point is the example's, not a figure worth learning.
  if (/^(?:for (?:instance|example)|as an example|e\.g\.|to illustrate)\b/i.test(sentence))
    return false;
  if (/\d\s*(?:-?\s*in\s*-?|out of|of every|per)\s*$/i.test(before)) return false;
  if (/[+±≥≤<>~≈=/−–-]\s*$/.test(before) || /^\s*[/=–-]\s*\d/.test(after)) return false;
  if (n.value === 1 && !/s$/i.test(n.text)) return false;
  return true;
}

/** Sentences of comfortable reading length score higher. */
function lengthFit(sentence: AnalysedSentence, language: 'zh' | 'en'): number {
  const size = language === 'zh' ? [...sentence.text].length : sentence.text.split(/\s+/).length;
  const [low, high] = language === 'zh' ? [18, 80] : [10, 35];
  if (size < low) return 0.75;
  if (size > high) return Math.max(0.6, 1 - (size - high) / (high * 2));
  return 1;
}
