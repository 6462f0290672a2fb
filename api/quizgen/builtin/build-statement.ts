import { BLANK_MARKER } from '../types.js';
import { EN_STOPWORDS } from '../text/stopwords.js';
import type { DocAnalysis } from './analysis.js';
import type { ClozeCandidate } from './candidates/cloze.js';
import type { DefinitionCandidate } from './candidates/definition.js';
import { rankDistractors } from './distractors.js';
import {
  blankOut,
  citationOf,
  freshAnswers,
  stemWhere,
  type BuildContext,
  type Draft,
} from './draft.js';
import { relatedConcepts } from './explain.js';
import { restate } from './restate.js';
import { recallableTypedKey } from './typed-one-answer.js';
import { acceptedAnswers } from './variants.js';
import { categoryEnding, fitsLocalFrame, verifiedKind } from './zh-distractors.js';
import { isAskableZh, isTypeableZh, ZH_OPEN_NEIGHBOUR } from './zh-keys.js';
import { zhStatementText } from './zh-context.js';
import { materialIncludes, type Answer } from './answers.js';
import type { NumberMention } from './numbers.js';

/** Discourse and filler words of speech: never the point a statement is made false on. */
const EN_FILLER =
  /^(?:yeah|yes|no|ok|okay|well|so|um|uh|oh|right|sure|like|just|really|actually|basically|maybe|thanks|thank|please|hello|hi|anyway|kind|sort|stuff|things?|guys?|folks|people|everyone|everybody|somebody|someone)$/i;

function isSwappableText(text: string): boolean {
  return !EN_FILLER.test(text.trim());
}

/** A key a false statement may be made on: a term, name or number, not a filler word. */
function isSwappableKey(a: DocAnalysis, answer: Answer): boolean {
  if (!isSwappableText(answer.text)) return false;
  return a.language !== 'zh' || isAskableZh(answer);
}

/**
 * A true/false item. A true one restates the sentence; a false one swaps a key term for a
 * sibling of the same kind, or a number for another with the same unit, that the text does not
 * state in that place — never by slipping in "not" or 不 — and is restated the same way.
 */
export function buildTrueFalse(
  ctx: BuildContext,
  candidate: ClozeCandidate,
  truth: boolean,
): Draft | undefined {
  const { a, t } = ctx;
  const { sentence } = candidate;
  const answers = freshAnswers(ctx, candidate.answers);
  if (!answers.length || !isCheckableStatement(sentence.text)) return undefined;
  const where = t.location(sentence.location);
  const base = {
    type: 'true_false' as const,
    source: candidate,
    citation: citationOf(sentence),
    fact: sentence.text,
    sentence,
  };
  const pick = !truth || ctx.checkableTruths ? checkableSwap(ctx, candidate, answers) : undefined;
  if (truth) {
    // A true statement is one the material could also have made false: the same kind of
    // sentence, turning on the same kind of point, as the false ones (a quiz whose false
    // statements are all changed numbers must not have its true ones all without numbers).
    // Only when the material has too few such sentences does any statement do.
    if (ctx.checkableTruths && !pick) return undefined;
    const key = pick?.answer ?? answers[0]!;
    // Restated like a false one (restate.ts): a true statement is not the verbatim sentence.
    const statement = shownStatement(a, sentence, restate(sentence.text, key, a.language));
    if (statement === undefined) return undefined;
    return {
      ...base,
      question: t.trueFalse(statement, stemWhere(ctx, sentence)),
      truth,
      explanation: `${t.explainSupport(where, sentence.text)}${t.join}${t.explainTrue()}`,
      relatedConcepts: relatedConcepts(a, sentence, [key.text]),
      keys: [key.text],
    };
  }
  if (!pick) return undefined;
  const { answer, swap } = pick;
  const swapped =
    sentence.text.slice(0, answer.start) + swap.text + sentence.text.slice(answer.end);
  const statement = shownStatement(
    a,
    sentence,
    restate(swapped, { start: answer.start, end: answer.start + swap.text.length }, a.language),
  );
  if (statement === undefined) return undefined;
  return {
    ...base,
    question: t.trueFalse(statement, stemWhere(ctx, sentence)),
    truth,
    explanation: `${t.explainSupport(where, sentence.text)}${t.join}${t.explainFalse(answer.text, swap.text)}`,
    relatedConcepts: relatedConcepts(a, sentence, [answer.text]),
    keys: [answer.text],
  };
}

/** A Chinese statement must stand alone (zh-context.ts, round 6); others show as restated. */
function shownStatement(
  a: DocAnalysis,
  sentence: ClozeCandidate['sentence'],
  statement: string,
): string | undefined {
  return a.language === 'zh' ? zhStatementText(statement, sentence) : statement;
}

/**
 * The point a false statement of the sentence turns on and what it is changed to, or none when
 * the sentence has no clean, checkable change.
 */
function checkableSwap(
  ctx: BuildContext,
  candidate: ClozeCandidate,
  answers: Answer[],
): { answer: Answer; swap: { text: string } } | undefined {
  const { a } = ctx;
  const { sentence } = candidate;
  for (const answer of answers) {
    // A filler or discourse word ("Yeah", "sure", 大家) is no checkable point: swapping it
    // makes nonsense or a statement that is still true.
    if (!isSwappableKey(a, answer)) continue;
    // A number under a bound or an approximation ("over 80%", "about 30", 超過八成, 三十人以上)
    // may stay true when changed ("over 50%" holds too): no checkable point, no swap.
    if (answer.kind === 'number' && boundedNumber(sentence.text, answer)) continue;
    // An example ("(e.g., 5.0 percent)", "such as …", 例如…) swapped for another value is
    // often just another example: the statement stays true (a wrong key on hold-out v7).
    if (givenAsExample(sentence.text, answer)) continue;
    // "For accountability, we're building a few things": with the key swapped the sentence
    // still says nothing checkable ("For transparency, we are building a few things" is true
    // too; a wrong key on hold-out v7). The rest of a false statement must be specific.
    if (a.language === 'en' && vagueClaim(sentence.text, answer)) continue;
    // A number tied to others of its sentence (60% … 40%, a total and its parts, 9 or 10)
    // changed alone contradicts its own sentence: the statement gives itself away.
    if (answer.kind === 'number' && tiedNumber(answer, sentence.numbers, sentence.text)) continue;
    // A swapped common noun reads as nonsense unless it is a sibling or shares the head word;
    // names and numbers swap cleanly.
    // A false statement contradicts the material on a checkable point: another member of
    // the list the key stands in, another compound of its category (參議院 → 眾議院), another
    // name of its kind, another value of the same unit. The swap is never stated in that
    // place anywhere in the material (rankDistractors checks), and a swapped common word
    // without such a relation would be a synonym or nonsense (idea → thought, 系統 → 測試).
    const swap = rankDistractors(a, sentence, answer, Math.min(1, ctx.closeness + 0.3), 4).find(
      (d) =>
        isSwappableText(d.text) &&
        // The material's home place (臺灣 in a Taiwanese talk) is "us": a statement moved
        // there reads absurd (「跟臺灣沒有邦交」), not checkably false.
        !isHomePlace(a, d.text) &&
        // A Chinese swap must read as Chinese: the swapped word stands somewhere in the
        // material after the key's left neighbour or before its right one (no 成本青少年).
        (a.language !== 'zh' ||
          answer.kind !== 'term' ||
          verifiedKind(a, answer.term) !== 'term' ||
          fitsLocalFrame(a, sentence, answer, d.text)) &&
        // An English swap is a phrase of the key's shape (a word for a word, a noun phrase
        // for a noun phrase), not a clause fragment ("hence establishing causal relationships").
        // A name swaps cleanly for a name (ChatGPT → Sora); a common word must fit the frame.
        (a.language !== 'en' ||
          answer.kind !== 'term' ||
          (sameEnglishShape(answer.text, d.text) &&
            (answer.term.kind !== 'term' ||
              fitsEnglishFrame(a.fullText, sentence.text, answer, d.text)))) &&
        (answer.kind !== 'term' ||
          // Co-members of a list; a Chinese common noun only with the key's category ending
          // (情境 → 文化 may still hold: 「在各種文化中被使用」).
          (d.relation === 'sibling' &&
            (a.language !== 'zh' ||
              verifiedKind(a, answer.term) !== 'term' ||
              (categoryEnding(answer.text) !== undefined &&
                d.text.endsWith(categoryEnding(answer.text)!)))) ||
          // A shared head in English is often a near-synonym ("cybersecurity challenges" →
          // "cyber challenges"): only Chinese compounds of a category swap on their head, and
          // only on a category ending (參議院 → 眾議院, not 長時間 → 單位時間).
          (d.relation === 'head' &&
            a.language === 'zh' &&
            categoryEnding(answer.text) !== undefined &&
            d.text.endsWith(categoryEnding(answer.text)!)) ||
          // Names swap cleanly in Chinese prose; in English a swapped name breaks the sentence
          // ("advise the Bankruptcy Code") unless it is a time word (June → March).
          // A place swapped for another place is false only if the text says the thing
          // holds for one place alone ("no ties with Estonia" → "with the US" is true too):
          // places, like Latin names, swap only as co-members of a list (sibling, above).
          (d.relation === 'kind' &&
            (a.language === 'zh'
              ? // Han names of a checked kind only: a Latin name in Chinese text may be a
                // thinker or a platform (「思想家叫做 Join」), jieba cannot tell.
                /\p{Script=Han}/u.test(answer.text) &&
                /^(?:person|org)$/.test(verifiedKind(a, answer.term)) &&
                !maySamePerson(answer.text, d.text)
              : answer.term.kind === 'time'))),
    );
    if (swap) return { answer, swap };
  }
  return undefined;
}

/**
 * True when a number is tied to other numbers of its sentence, so that changing it alone breaks
 * the sentence's own arithmetic or sequence: shares of one whole (60% … 40%), a total and its
 * parts (10 people: 6 … 4), consecutive values (九個或者是十個, June or July).
 */
export function tiedNumber(
  answer: { start: number; end: number; kind: 'number'; number: NumberMention },
  numbers: readonly NumberMention[],
  text?: string,
): boolean {
  const key = answer.number;
  const unit = (n: NumberMention) => n.unit.replace(/[％]|percent|per cent/u, '%');
  const others = numbers.filter(
    (n) => n.start !== key.start && !n.ordinal && (unit(n) === unit(key) || !n.unit || !key.unit),
  );
  // A year beside a count of years (西元1787年，即獨立後第十二年; "in 1787, 11 years after"):
  // the year follows from the count, another year contradicts it.
  const yearUnit = /^(?:年|years?)$/u;
  const isYear = (n: NumberMention) =>
    !n.ordinal && n.value >= 1000 && n.value <= 2200 && (yearUnit.test(n.unit) || !n.unit);
  const yearCount = (n: NumberMention) => yearUnit.test(n.unit) && n.value < 200;
  const other = (n: NumberMention) => n.start !== key.start;
  if (isYear(key) && numbers.some((n) => other(n) && yearCount(n))) return true;
  if (yearCount(key) && numbers.some((n) => other(n) && isYear(n))) return true;
  if (!others.length) return false;
  if (others.some((n) => Math.abs(n.value - key.value) === 1)) return true;
  // A change between two values of one unit ("from 9% in 2014 to more than 70%", 從三成到八成):
  // another value could reverse the direction the sentence states.
  if (
    text !== undefined &&
    others.some((n) => {
      if (unit(n) !== unit(key)) return false;
      const between =
        n.start > key.start ? text.slice(key.end, n.start) : text.slice(n.end, key.start);
      return (
        between.length <= 40 && /\b(?:to|than|versus|vs)\b|到|至|→|比|降|升|增|減/u.test(between)
      );
    })
  )
    return true;
  const all = [key, ...others].map((n) => n.value);
  const sum = all.reduce((x, y) => x + y, 0);
  if (unit(key) === '%' && Math.abs(sum - 100) < 1e-9) return true;
  // One of the values is the sum of the others (a total and its parts), when the sentence
  // says so (共, 其中, total, of whom): 兩年、六年、四年 are three terms, not a sum.
  return (
    text !== undefined &&
    /共|其中|合計|總計|總共|分別|\b(?:total|of (?:whom|which|them)|in all|altogether)\b/iu.test(
      text,
    ) &&
    all.length >= 3 &&
    all.some((v) => Math.abs(2 * v - sum) < 1e-9)
  );
}

/** Words that open a spoken sentence and carry nothing of its content. */
const LEADING_CONNECTIVE_ZH = /^(?:所以說|所以|其實|然後|那麼|而且|因此|基本上)[，,、]?\s*/u;
const LEADING_CONNECTIVE_EN = /^(?:So|And|Now|Well|Also|Basically|Actually),?\s+(?=\p{L})/u;
/** Spoken filler inside a sentence: 其實, 基本上, "basically," "actually". */
const INNER_FILLER = /其實|基本上|說真的|\b(?:basically|actually),?\s+/giu;
/** An aside in parentheses that can go without changing what a sentence states. */
const ASIDE = /\s?[（(]([^（）()]{3,40})[）)]/gu;
/** Asides that restrict or negate: removing them would change the statement's truth. */
const RESTRICTIVE =
  /\b(?:not|no|only|except|unless|excluding|including|without|at least|at most)\b|[不非無僅只除含未]/iu;

/**
 * A statement without its parenthetical asides and a leading connective, so that a true
 * statement is not the verbatim sentence and a false one not "verbatim with one word changed".
 * The point the statement turns on (`keep`) is never touched; an aside that restricts or negates
 * (「（不含）」, "(except …)") or holds a number stays.
 */
export function withoutAsides(text: string, keep: { start: number; end: number }): string {
  const spans: Array<[number, number]> = [];
  const free = (start: number, end: number) =>
    end <= keep.start || start >= keep.end + (/^[（(]/u.test(text.slice(keep.end)) ? 1 : 0);
  for (const m of text.matchAll(ASIDE)) {
    const start = m.index;
    const end = start + m[0].length;
    // An aside right after the tested point may define or gloss it: it stays.
    if (!free(start, end) || start === keep.end) continue;
    const inner = m[1]!;
    if (RESTRICTIVE.test(inner) || /\d|[零一二兩三四五六七八九十百千萬]/u.test(inner)) continue;
    spans.push([start, end]);
  }
  // Spoken filler inside the sentence (其實, 基本上, "basically"): it states nothing.
  for (const m of text.matchAll(INNER_FILLER)) {
    const start = m.index;
    const end = start + m[0].length;
    if (free(start, end) && !spans.some(([x, y]) => start < y && end > x)) spans.push([start, end]);
  }
  spans.sort((x, y) => x[0] - y[0]);
  let out = '';
  let last = 0;
  for (const [start, end] of spans) {
    if (start < last) continue;
    out += text.slice(last, start);
    last = end;
  }
  out += text.slice(last);
  const shift = text.length - out.length;
  // A leading connective goes only when the tested point is not in it.
  const lead = (LEADING_CONNECTIVE_ZH.exec(out) ?? LEADING_CONNECTIVE_EN.exec(out))?.[0];
  if (lead && keep.start - shift >= lead.length && out.length - lead.length >= 12)
    out = out.slice(lead.length);
  if (/^\p{Ll}/u.test(out) && /^\p{Lu}/u.test(text)) out = out[0]!.toUpperCase() + out.slice(1);
  out = out.trim();
  // Too little left, or nothing changed but spaces: the sentence as it is.
  return out.length >= Math.min(12, text.length) ? out : text;
}

/**
 * Words that bound a number rather than state it: the statement stays true when the number
 * moves one way ("more than 10" → "more than 5", "after 10 days" → "after 20 days", 十天之內 →
 * 十一天之內 are implied by the original). A number beside one is never swapped (decision 0046):
 * which way makes it false depends on the quantifier, and "not implied" is not yet "false".
 */
const BOUND_BEFORE =
  /(?:\b(?:over|more than|less than|fewer than|greater than|higher than|lower than|larger than|smaller than|longer than|shorter than|older than|younger than|later than|earlier than|at least|at most|above|below|under|exceed(?:s|ing)?|up to|nearly|almost|about|around|approximately|roughly|some|upwards of|no more than|no less than|within|after|before|until|till|beyond|in under|as (?:many|much|few|little|long|short) as)\s+(?:[$€£¥]\s*)?|(?:超過|逾|多於|少於|高於|低於|大於|小於|不到|不足|至少|最多|最少|將近|接近|約|大約|大概|高達|近|達|滿|未滿)\s*)$/iu;
const BOUND_AFTER =
  /^\s*(?:%|percent|per cent|％)?\s*(?:\p{L}{1,12}\s*)?(?:or (?:more|less|fewer|higher|lower|above|below|so|later|earlier|longer|sooner)|plus\b|\+|以上|以下|以內|之內|之後|以後|之前|以前|之上|之下|為止|左右|上下|多|餘|出頭)/iu;
/** A time unit: 十天內, 三年內 ("within"). */
const TIME_UNIT = /(?:年|月|日|天|週|周|小時|分|秒|days?|weeks?|months?|years?|hours?|minutes?)$/iu;

/** Words that introduce an example just before the answer (within its clause). */
const EXAMPLE_BEFORE =
  /(?:\b(?:e\.\s?g\.?|for example|for instance|such as|including)[,:]?\s+(?:[^,.;()]{0,24}?\s)?|(?:例如|比如|譬如|像是|諸如|包括)[：:，,]?[^，,。；;（）()]{0,12})$/iu;

/** Whether the answer is an example the sentence gives ("(e.g., 5.0 percent)", 例如…). */
export function givenAsExample(text: string, answer: { start: number; end: number }): boolean {
  return EXAMPLE_BEFORE.test(text.slice(Math.max(0, answer.start - 40), answer.start));
}

/**
 * Two Chinese names that may be one person: the same surname (陳經理 and 陳淑蘭 — a title form
 * and the full name of the same manager, a wrong key on hold-out v7). A swap between them is
 * not checkably false.
 */
export function maySamePerson(a: string, b: string): boolean {
  const han = (s: string) => s.replace(/[^\p{Script=Han}]/gu, '');
  const x = han(a);
  const y = han(b);
  return x.length > 0 && y.length > 0 && x[0] === y[0];
}

/** Words that name no particular thing: "a few things", "some stuff", "a lot". */
const EN_VAGUE = new Set([
  'thing',
  'things',
  'stuff',
  'something',
  'anything',
  'everything',
  'nothing',
  'lot',
  'lots',
  'bit',
  'few',
  'some',
  'many',
  'much',
  'several',
  'kind',
  'sort',
  'way',
  'ways',
  'part',
  'one',
  'ones',
]);

/**
 * True when an English sentence, without the answer, has fewer than two specific content words:
 * "For accountability, we're building a few things" keeps only "building". Swapping the answer
 * in such a sentence makes no checkable claim, so it cannot be keyed false.
 */
export function vagueClaim(text: string, answer: { start: number; end: number }): boolean {
  const rest = `${text.slice(0, answer.start)} ${text.slice(answer.end)}`;
  const specific = (rest.toLowerCase().match(/[a-z][a-z'’-]*/g) ?? [])
    .map((w) => w.replace(/['’](?:s|re|ve|ll|d|m|t)$/, ''))
    .filter((w) => w.length > 1 && !EN_STOPWORDS.has(w) && !EN_VAGUE.has(w));
  return new Set(specific).size < 2;
}

/** "by 2030": a deadline year is a bound too ("by 2035" is implied); "by 10%" is a change. */
function boundedByDeadline(before: string, text: string): boolean {
  const year = Number(/^\d{4}/u.exec(text)?.[0] ?? NaN);
  return /\bby\s+$/iu.test(before) && year >= 1800 && year <= 2200;
}

/** Whether the number stands under a bound or an approximation in its sentence. */
export function boundedNumber(text: string, answer: { start: number; end: number }): boolean {
  const before = text.slice(Math.max(0, answer.start - 24), answer.start);
  const after = text.slice(answer.end, answer.end + 16);
  const number = text.slice(answer.start, answer.end);
  return (
    BOUND_BEFORE.test(before) ||
    BOUND_AFTER.test(after) ||
    boundedByDeadline(before, number) ||
    (TIME_UNIT.test(number) && /^\s*內/u.test(after))
  );
}

/**
 * A statement a learner can judge true or false: not a question pasted as a statement, not
 * the speaker's own opinion or plan ("我覺得…", "I think…"), not a request.
 */
/** Words that make a sentence a guess rather than a claim (English and Chinese). */
const HEDGED =
  /\b(?:it seems|seems? to|seemed|appears? to|could be|could have|might|maybe|perhaps|possibly|probably|presumably|supposedly|suppose|it is possible|may be|may have)\b|也許|或許|似乎|說不定|恐怕/i;

export function isCheckableStatement(text: string): boolean {
  if (/[?？]|嗎[。！!」]?$|是不是|會不會|能不能|要不要|有沒有/.test(text)) return false;
  if (
    /^(?:Do|Does|Did|Is|Are|Was|Were|Can|Could|Would|Should|What|Why|How|When|Where|Who)\b/.test(
      text,
    )
  )
    return false;
  if (/^[「"“]?(?:我(?:們)?(?:覺得|認為|想|希望|相信|期待|建議|很高興)|請|讓我們)/.test(text))
    return false;
  // A conjecture is no fact of the material, true or false: "it seems that … could be what
  // leads to" may be the very view the material goes on to reject (hold-out v6: keyed True).
  if (HEDGED.test(text)) return false;
  return !/\b(?:I|we) (?:think|believe|hope|feel|guess|want|would like)\b|^(?:Please|Let's|Let us)\b/i.test(
    text,
  );
}

/**
 * A short-answer item: the term a definition names, or the missing word of a central sentence
 * (names, numbers and multi-character terms first: they have one right answer).
 */
export function buildShortAnswer(
  ctx: BuildContext,
  candidate: ClozeCandidate | DefinitionCandidate,
): Draft | undefined {
  const { a, t } = ctx;
  const { sentence } = candidate;
  const where = t.location(sentence.location);
  const answer =
    'body' in candidate
      ? freshAnswers(ctx, [candidate.answer])[0]
      : // A typed answer only where one answer fits: the other blanks of the sentence first.
        [...freshAnswers(ctx, candidate.answers)]
          .filter((x) => recallableTypedKey(a, sentence, x))
          .sort((x, y) => precision(y, a.language) - precision(x, a.language))[0];
  if (!answer || (precision(answer, a.language) <= 0 && !definedTerm(candidate, answer)))
    return undefined;
  // A typed answer is a term a learner can produce, not a clause, nor words of speech
  // ("I’m happy", "they are").
  if (a.language === 'zh' ? !isTypeableZh(answer.text) : !isTypeableEnglish(answer.text))
    return undefined;
  // A two-character common noun in an open slot (「在其_____中」, 「相關的_____之前」) has
  // other fitting words (社群/社區, 部會/機關): typed, it is asked only where the blank is bound
  // into a compound or a name (「治理_____」, 「_____六力」).
  if (
    a.language === 'zh' &&
    !('body' in candidate) &&
    answer.kind === 'term' &&
    answer.term.kind === 'term' &&
    [...answer.text].length <= 2 &&
    !boundBlank(sentence.text, answer)
  )
    return undefined;
  const question =
    'body' in candidate
      ? t.shortAnswerDefinition(candidate.body)
      : t.shortAnswerCloze(
          blankOut(sentence.text, [answer], BLANK_MARKER),
          stemWhere(ctx, sentence),
        );
  return {
    type: 'short_answer',
    question,
    acceptedAnswers: acceptedAnswers(answer, a.language),
    keys: [answer.text],
    explanation: `${t.explainSupport(where, sentence.text)}${t.join}${t.explainKey([answer.text])}`,
    relatedConcepts: relatedConcepts(a, sentence, [answer.text]),
    citation: citationOf(sentence),
    fact: sentence.text,
    sentence,
  };
}

/**
 * A term the material defines ("The variance is the average squared distance from the mean")
 * and keeps using (two sentences or more) is a fair typed answer to its definition, one word or
 * several: the definition names exactly it (decision 0061). English only; a cloze blank keeps the
 * stricter precision rule (other words fit an open slot).
 */
function definedTerm(
  candidate: ClozeCandidate | DefinitionCandidate,
  answer: ClozeCandidate['answers'][number],
): boolean {
  return (
    'body' in candidate &&
    candidate.sentence.text.length > 0 &&
    answer.kind === 'term' &&
    answer.term.kind === 'term' &&
    answer.term.sentenceIds.length >= 2 &&
    answer.text.trim().split(/\s+/).length <= 3 &&
    /^[\p{Script=Latin}\d\s-]+$/u.test(answer.text) &&
    candidate.body.split(/\s+/).length >= 4 &&
    // "the interval created from the percentiles …" gives "percentile interval" away.
    !answer.text
      .toLowerCase()
      .split(/[\s-]+/)
      .filter((w) => w.length >= 4)
      .some((w) => candidate.body.toLowerCase().includes(w.slice(0, 5)))
  );
}

/** How surely a typed answer can be marked: names and numbers best, short common words worst. */
function precision(answer: ClozeCandidate['answers'][number], language: 'zh' | 'en'): number {
  if (answer.kind !== 'term') return 2;
  // jieba tags some plain words as names: a name must recur to be a fair typed answer.
  if (answer.term.kind !== 'term') return answer.term.sentenceIds.length >= 2 ? 2.5 : 0;
  // A common term is a fair typed answer only when the document keeps using it.
  const uses = answer.term.sentenceIds.length;
  const han = /\p{Script=Han}/u.test(answer.text);
  // An English common phrase typed from memory rarely matches word for word, and a plural
  // class ("benchmark programs") has near-equivalents: only short singular terms in steady use.
  if (language === 'en') {
    const words = answer.text.split(/\s+/).length;
    return words === 2 && uses >= 3 && !/[^s]s$/.test(answer.text) ? 1.5 : 0;
  }
  const size = han ? [...answer.text].length : answer.text.split(/\s+/).length * 2;
  return uses >= 2 && size >= 3 ? 1.5 : uses >= 3 && han ? 1 : 0;
}

/** Whether a blank touches a content character on either side (a compound or a name). */
function boundBlank(text: string, answer: { start: number; end: number }): boolean {
  const left = text.slice(Math.max(0, answer.start - 1), answer.start);
  const right = text.slice(answer.end, answer.end + 1);
  const content = (c: string) => /\p{Script=Han}/u.test(c) && !ZH_OPEN_NEIGHBOUR.test(c);
  return content(left) || content(right);
}

/** An English key a learner can type: at most four words, no pronoun, contraction or verb. */
function isTypeableEnglish(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (words.length > 4 || /['’]/.test(text)) return false;
  return !words.some((w) => /^(?:i|we|you|he|she|they|it|me|us|them|am|is|are|was|were)$/i.test(w));
}

/** Two English phrases of one shape: word counts within one, no leading adverb or connective. */
function sameEnglishShape(key: string, swap: string): boolean {
  const k = key.trim().split(/\s+/);
  const w = swap.trim().split(/\s+/);
  if (Math.abs(k.length - w.length) > 1 || w.length > 3) return false;
  return !/^(?:hence|thus|therefore|also|then|so|just|even|only|very|really|not|and|or|but)$/i.test(
    w[0]!,
  );
}

/** The material lower-cased, once per material (it was lower-cased on every call). */
let lowerFull: { text: string; lower: string } | undefined;

/**
 * Whether an English swap reads in the key's place: the material writes it after the key's
 * left neighbour or before its right one (a stopword neighbour takes the next word along).
 */
function fitsEnglishFrame(
  fullText: string,
  text: string,
  answer: { start: number; end: number },
  swap: string,
): boolean {
  if (lowerFull?.text !== fullText) lowerFull = { text: fullText, lower: fullText.toLowerCase() };
  const full = lowerFull.lower;
  const words = (t: string) => t.toLowerCase().match(/[\p{L}\d'’-]+/gu) ?? [];
  const before = words(text.slice(0, answer.start));
  const after = words(text.slice(answer.end));
  const frame = (list: string[], fromEnd: boolean) => {
    const out: string[] = [];
    for (let i = 0; i < Math.min(2, list.length); i++) {
      const w = fromEnd ? list[list.length - 1 - i]! : list[i]!;
      if (fromEnd) out.unshift(w);
      else out.push(w);
      if (!EN_STOPWORDS.has(w)) break;
    }
    return out.join(' ');
  };
  const left = frame(before, true);
  const right = frame(after, false);
  const s = swap.toLowerCase();
  return (
    (left !== '' && materialIncludes(full, `${left} ${s}`)) ||
    (right !== '' && materialIncludes(full, `${s} ${right}`))
  );
}

const homePlaces = new WeakMap<DocAnalysis, string | undefined>();

/** Whether a place is the one the material mentions most (台/臺 folded). */
function isHomePlace(a: DocAnalysis, text: string): boolean {
  if (a.language !== 'zh') return false;
  let home = homePlaces.get(a);
  if (!homePlaces.has(a)) {
    const counts = new Map<string, number>();
    for (const t of a.terms.values())
      if (t.kind === 'place') {
        const k = t.text.replace(/台/gu, '臺');
        counts.set(k, (counts.get(k) ?? 0) + t.sentenceIds.length);
      }
    home = [...counts].sort((x, y) => y[1] - x[1])[0]?.[0];
    homePlaces.set(a, home);
  }
  return home !== undefined && text.replace(/台/gu, '臺') === home;
}
