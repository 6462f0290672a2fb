import { toSimplifiedSameLength } from '../text/chinese-script.js';
import { comparisonKey } from '../text/normalize.js';
import { NOUN_ING, termKey } from './terms.js';
import { EN_GENERIC, EN_STOPWORDS, ZH_GENERIC } from '../text/stopwords.js';
import {
  blankFrame,
  fitsFrameElsewhere,
  isAgentPhrase,
  isEvaluativeAdjective,
  namesAnyPerson,
  nearSynonymHeads,
  standsAsEnglishOption,
} from '../text/en-lexicon.js';
import {
  hasTagger,
  isNounPhraseAt,
  modifierTags,
  neighbours,
  spanTags,
  tagEnglish,
} from './en-pos.js';
import { placeScale } from './en-names.js';
import type { AnalysedSentence, DocAnalysis } from './analysis.js';
import { statedInContext, type Answer } from './answers.js';
import type { Term } from './keyphrases.js';
import { definitionCandidates } from './candidates/definition.js';
import { findNumbers, isRewritable, nearbyValues, renderNumber } from './numbers.js';
import { typedZhDistractors } from './zh-distractors.js';
import { namedAsSameThing, sameRoleCompound } from './same-thing.js';
import { namedConceptsApart, namedTerms } from './en-named-terms.js';
import {
  fragmentTerms,
  isFigureMark,
  isIdiomFiller,
  readsAsName,
  sameStemVariant,
} from './en-standalone.js';

/** One wrong option and where the document talks about it (for the explanation). */
export interface Distractor {
  text: string;
  /** How it relates to the key: listed beside it, same head word, same kind, same unit. */
  relation: 'sibling' | 'head' | 'kind' | 'number';
  /** A sentence that uses the distractor, when there is one: "why it is wrong". */
  evidence?: AnalysedSentence;
  /** A number the material itself states with the key's unit (not a made-up neighbour). */
  stated?: boolean;
}

/**
 * Wrong options for an answer, best first, drawn from the same document and of the same kind:
 * terms listed beside the key, terms sharing its head word (細胞膜/細胞核), other names of the
 * same kind, numbers with the same unit. `closeness` (0 beginner … 1 expert) trades salient,
 * clearly different terms for near neighbours. None is stated in the key's place in the text,
 * none occurs in the sentence itself, none contains or is contained in the key.
 */
export function rankDistractors(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  answer: Answer,
  closeness: number,
  limit = 8,
  /** The stem writes "a(n)" before the blank: an option need not fit the sentence's article. */
  opts: { articleFree?: boolean } = {},
): Distractor[] {
  // The same answer is tried again for another question type or slot: ranked once.
  let memo = rankMemo.get(a);
  if (!memo) rankMemo.set(a, (memo = new Map()));
  const memoKey = `${sentence.id}:${answer.start}:${answer.end}:${answer.kind}:${closeness}:${limit}:${opts.articleFree ? 1 : 0}`;
  const known = memo.get(memoKey);
  if (known) return [...known];
  const ranked = rankUncached(a, sentence, answer, closeness, limit, opts);
  memo.set(memoKey, ranked);
  return [...ranked];
}

const rankMemo = new WeakMap<DocAnalysis, Map<string, Distractor[]>>();

function rankUncached(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  answer: Answer,
  closeness: number,
  limit: number,
  opts: { articleFree?: boolean },
): Distractor[] {
  // An English key must be a noun phrase where it stands ("analyzing data" is a verb phrase,
  // "Everybody" a pronoun): nothing of its type can be offered beside it.
  if (a.language === 'en' && answer.kind === 'term' && !englishKeyIsNoun(sentence, answer))
    return [];
  if (a.language === 'en' && !englishStemDiscriminates(sentence.text, answer)) return [];
  // The stem spells the key another way ("IDA is basically the _____", "_____ 500 companies"):
  // no set of options can hide it.
  if (a.language === 'en' && answer.kind === 'term' && stemGivesKeyAway(sentence.text, answer))
    return [];
  const ranked =
    answer.kind === 'number'
      ? numberDistractors(a, sentence, answer, closeness)
      : answer.kind === 'field'
        ? fieldDistractors(a, sentence, answer, closeness)
        : termDistractors(a, sentence, answer, closeness, opts.articleFree ?? false);
  // Chinese term distractors: strict typing (verified name tags, length, category ending),
  // owned by helper Q2 in zh-distractors.ts.
  const picked = typedZhDistractors(a, answer, ranked, sentence);
  const out: Distractor[] = [];
  const keys = [variantKey(answer.text)];
  const shownTexts = [answer.text];
  for (const d of picked) {
    const key = variantKey(d.text);
    if (!key || keys.some((k) => k === key || k.includes(key) || key.includes(k))) continue;
    // "response variable (outcome variable)", 「地方政府也就是縣市政府」: an option the material
    // names as the key, or as its kind, is a second right answer.
    if (answer.kind === 'term' && namedAsSameThing(a, answer.text, d.text)) continue;
    if (a.language === 'en' && sameRoleCompound(answer.text, d.text)) continue;
    // "immersion therapy" beside "immersive therapy": one word spelled two ways fits as well.
    if (a.language === 'en' && shownTexts.some((t) => sameStemVariant(t, d.text))) continue;
    shownTexts.push(d.text);
    keys.push(key);
    out.push(d);
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * Whether an English sentence can tell its key from others of the key's kind at all. Not after
 * "another" / "other" ("let's work through another _____": every study of the material is one
 * more study) or a pointer back ("let's look more carefully at this idea of a _____": the idea
 * is in the sentences before, not in the stem), and not in a sentence cut inside a quotation (a closing quote with no opening
 * one: "_____!” initiative, which was started …"), which no one can read as a question.
 */
export function englishStemDiscriminates(
  sentence: string,
  answer: { start: number; end: number; kind: Answer['kind'] },
): boolean {
  if (
    answer.kind === 'term' &&
    /\b(?:another|other|one more|(?:this|that|these)\s+(?:idea|concept|notion)s?\s+of(?:\s+an?)?)\s+$/i.test(
      sentence.slice(0, answer.start),
    )
  )
    return false;
  const opened = (sentence.match(/“/g) ?? []).length;
  const closed = (sentence.match(/”/g) ?? []).length;
  return opened === closed;
}

/** Terms a distractor is looked for among, at most: the best-ranked of the material. */
const POOL_SIZE = 600;
const pools = new WeakMap<DocAnalysis, Term[]>();

/**
 * The terms worth trying as distractors: the material's POOL_SIZE best-ranked terms and the
 * key's siblings (co-members of its lists). Bounded, so a book costs what a chapter costs per
 * answer instead of a scan of every term it holds for every answer tried.
 */
function distractorPool(a: DocAnalysis, siblings: Set<string>): Term[] {
  let pool = pools.get(a);
  if (!pool) {
    pool = [...a.terms.values()]
      .sort((x, y) => y.score - x.score || (x.key < y.key ? -1 : 1))
      .slice(0, POOL_SIZE);
    pools.set(a, pool);
  }
  if (a.terms.size <= POOL_SIZE || siblings.size === 0) return pool;
  const inPool = new Set(pool.map((t) => t.key));
  const extra = [...siblings]
    .filter((k) => !inPool.has(k))
    .map((k) => a.terms.get(k))
    .filter((t): t is Term => t !== undefined);
  return extra.length ? [...pool, ...extra] : pool;
}

function termDistractors(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  answer: Extract<Answer, { kind: 'term' }>,
  closeness: number,
  articleFree: boolean,
): Distractor[] {
  const key = answer.term;
  const siblings = a.siblings.get(key.key) ?? new Set<string>();
  const inSentence = comparisonKey(sentence.text);
  const keyLength = displayLength(key.text);
  const maxScore = a.maxTermScore;
  const english = a.language === 'en' ? englishFit(a, sentence, answer) : undefined;
  const scored: Array<{ term: Term; score: number; relation: Distractor['relation'] }> = [];
  const keyRole = a.language === 'en' && isRole(key.text);
  for (const term of distractorPool(a, siblings)) {
    // English: another kind is never offered (roles aside), so most of the pool is passed over
    // before any costlier test.
    if (a.language === 'en' && term.kind !== key.kind && !(keyRole && isRole(term.text))) continue;
    if (term.key === key.key || !isOptionWorthy(a, term) || sharesMostWords(term.text, key.text))
      continue;
    const relation = typedRelation(a, key, term, siblings.has(term.key));
    if (!relation) continue;
    if (inSentence.includes(comparisonKey(term.text))) continue;
    if (a.language === 'zh' && showsInStem(sentence.text, answer, term.text)) continue;
    if (a.language === 'en' && !agreesInEnglish(sentence.text, answer, term.text, articleFree))
      continue;
    if (english && !english(term)) continue;
    if (isScriptMismatch(term.text, key.text)) continue;
    if (a.language === 'en' && !englishTermFits(a, sentence, answer, term, relation)) continue;
    // "three-tier system" beside "augmented reality system": a head as broad as "system" or
    // "approach" makes no kind; only a term the material names near the key is of its topic.
    if (a.language === 'en' && relation === 'head' && !headNamesKind(key, term)) continue;
    const lengthGap = Math.abs(displayLength(term.text) - keyLength) / Math.max(keyLength, 1);
    const near = relation === 'sibling' ? 2 : relation === 'head' ? 1.5 : 0.5;
    const salience = Math.log1p((term.score / maxScore) * 20);
    const score = near * (0.3 + closeness) + salience * (1.3 - closeness) - lengthGap * 1.5;
    scored.push({ term, score, relation });
  }
  if (a.language === 'en')
    scored.push(
      ...definedDistractors(a, sentence, answer, scored, closeness, articleFree, english),
    );
  scored.sort((x, y) => y.score - x.score || (x.term.key < y.term.key ? -1 : 1));
  // The stem shows a word of the key outside the blank ("Data where … is called _____" for
  // "observational data"): an option without that word is ruled out by reading the stem.
  // A name is not given away by a word it shares with the sentence ("Freedom House" beside
  // "internet freedoms").
  const shown =
    a.language === 'en' && key.kind === 'term' ? shownKeyWords(sentence.text, answer) : [];
  if (shown.length)
    for (let i = scored.length - 1; i >= 0; i--) {
      const words = new Set(lowerWords(scored[i]!.term.text).map(termKey));
      if (!shown.every((w) => words.has(w))) scored.splice(i, 1);
    }
  const out: Distractor[] = [];
  for (const { term, relation } of scored) {
    if (out.length >= 12) break;
    if (statedInContext(a, sentence, answer, term.text)) continue;
    out.push({
      text: matchCase(a, key, term),
      relation,
      evidence: distractorEvidence(a, sentence, term),
    });
  }
  return out;
}

/**
 * Characters that name a category at the end of a Chinese compound: 參議院/眾議院, 資安署/
 * 產業署, 行政法/刑法. Two compounds ending in one of them are things of one kind.
 */
const ZH_CATEGORY_END =
  /[院署部局處會館所廳司法權員者師官長黨州省市縣國島山河湖海洋獎症病菌素酶器機體制率]$/u;

/** The coarse part of speech of a jieba tag: nouns, verbal nouns, names, times. */
export function zhPosGroup(pos: string | undefined): string {
  if (!pos) return 'n';
  if (pos === 'vn' || pos.startsWith('v')) return 'v';
  if (pos === 'eng' || pos === 'nz') return 'nz';
  if (pos.startsWith('nr')) return 'nr';
  if (pos === 'ns' || pos === 'nt' || pos === 't') return pos;
  if (pos === 'a' || pos === 'an' || pos === 'ad') return 'a';
  return 'n';
}

/**
 * Names written alike: an acronym for an acronym (LIR/FFI), a capitalised name for another
 * (ChatGPT/Sora), never a lower-case word (policy) for a name.
 */
function sameNameShape(x: string, y: string): boolean {
  if (/\p{Script=Han}/u.test(x)) return true;
  const acronym = (t: string) => /^\p{Lu}[\p{Lu}\d&-]+$/u.test(t);
  const capital = (t: string) => /^[\p{Lu}\d]/u.test(t);
  return acronym(x) === acronym(y) && capital(x) === capital(y);
}

/**
 * How a candidate relates to the key, or undefined when it is of another type: listed beside
 * it in the material; a compound of the same category (shared head word: 參議員/眾議員,
 * "treatment group"/"control group"); a name of the same kind (a person for a person, a place
 * for a place, a month for a month). A lone common word that is neither (關係 for 生活,
 * "world" for "idea") is only another frequent noun, not a plausible answer.
 */
function typedRelation(
  a: DocAnalysis,
  key: Term,
  term: Term,
  sibling: boolean,
): Distractor['relation'] | undefined {
  if (a.language === 'zh') {
    // A list joined by commas is often two clauses: a listed word still keeps the key's
    // part of speech (no verb among nouns, no person among things).
    if (zhPosGroup(term.pos) !== zhPosGroup(key.pos)) return undefined;
    if (sibling) return key.kind === term.kind ? 'sibling' : undefined;
    if (key.kind !== 'term' || term.kind !== 'term')
      return key.kind === term.kind && sameNameShape(key.text, term.text) ? 'kind' : undefined;
    const k = [...key.text];
    const t = [...term.text];
    if (k.length < 3 || t.length < 3) return undefined;
    if (key.head.length >= 2 && key.head === term.head) return 'head';
    if (k.slice(-2).join('') === t.slice(-2).join('')) return 'head';
    const last = k[k.length - 1]!;
    return last === t[t.length - 1] && ZH_CATEGORY_END.test(last) ? 'head' : undefined;
  }
  const roles = isRole(key.text) && isRole(term.text);
  if (key.kind === 'term' || key.kind === 'time' || term.kind === 'term' || term.kind === 'time') {
    // People by their role are one category whether the material writes the role as a name
    // ("United States Trustee") or not ("standing trustee", "bankruptcy judge").
    const role =
      roles &&
      key.kind !== 'time' &&
      term.kind !== 'time' &&
      key.kind !== 'person' &&
      term.kind !== 'person';
    if (key.kind !== term.kind && !role) return undefined;
    if (role && (key.kind !== 'term' || term.kind !== 'term')) {
      const name = key.kind === 'term' ? term : key;
      if (name.kind !== 'proper' || name.text.split(/\s+/).length > 3) return undefined;
      return /\s/.test(term.text) === /\s/.test(key.text) ? 'kind' : undefined;
    }
  } else if (key.kind === 'proper' || term.kind === 'proper') {
    // A name whose kind cannot be told (an acronym, a product, a one-word name) is offered
    // only beside the names it is listed with, or a name with its own head word; never beside
    // a name whose kind is known (a mountain listed with a country is still no country).
    if (key.kind !== term.kind) return undefined;
    if (sibling && sameNameShape(key.text, term.text)) return 'sibling';
    const kw = lowerWords(key.text);
    const tw = lowerWords(term.text);
    return kw.length >= 2 && tw.length >= 2 && key.head === term.head ? 'head' : undefined;
  } else if (key.kind !== term.kind) return undefined;
  // A country beside countries, a city beside cities (not "Asia" for "Hsinchu").
  if (key.kind === 'place' && placeScale(key.text) !== placeScale(term.text)) return undefined;
  // A comma also ends a clause: a listed word is taken as a co-member only in the key's form
  // (a word for a word, a phrase for a phrase).
  if (sibling && /\s/.test(key.text) === /\s/.test(term.text)) return 'sibling';
  if (key.kind !== 'term') return sameNameShape(key.text, term.text) ? 'kind' : undefined;
  const kw = lowerWords(key.text);
  const tw = lowerWords(term.text);
  if (kw.length >= 2 && tw.length >= 2 && key.head === term.head) return 'head';
  // Roles of people ("standing trustee", "bankruptcy judge", "creditors") are one category.
  // A role the material names once is often a phrase cut from a longer one.
  // "bank supervisors" / "bank managers", "college students" / "college student consumers":
  // one group of people the material names two ways, or a near-synonym role.
  if (roles && (sharedWord(kw, tw) || nearSynonymHeads(key.text, term.text))) return undefined;
  return roles &&
    kw.length >= 2 === tw.length >= 2 &&
    (tw.length < 2 || term.sentenceIds.length >= 2 || nounModified(a, term))
    ? 'kind'
    : undefined;
}

/**
 * Other values of the same column. A value is left out when a row of any sheet has it together
 * with every other cell the question shows: then it would be right too.
 */
function fieldDistractors(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  answer: Extract<Answer, { kind: 'field' }>,
  closeness: number,
): Distractor[] {
  const column = answer.table.columns.get(answer.field.header)!;
  const others = (sentence.record ?? []).filter((f) => f.header !== answer.field.header && f.value);
  const alsoTrue = (value: string) =>
    [...a.tables.values()].some((table) =>
      (table.columns.get(answer.field.header)?.values.get(value) ?? []).some((id) =>
        others.every((o) =>
          a.sentences[id]!.record!.some((f) => f.header === o.header && f.value === o.value),
        ),
      ),
    );
  const keyLength = [...answer.text].length;
  // A small table has few other values: a count gets made-up neighbours too.
  const made = /^\d{1,6}$/.test(answer.text)
    ? nearbyValues(Number(answer.text), '')
        .map(String)
        .filter((v) => !column.values.has(v))
    : [];
  const candidates = [...column.values.keys(), ...made]
    .filter((v) => v !== answer.text && !sentence.text.includes(v))
    .map((v) => {
      const gap = Math.abs([...v].length - keyLength) / Math.max(1, keyLength);
      const shared =
        [...v].filter((ch) => answer.text.includes(ch)).length / Math.max(1, keyLength);
      const inTable = column.values.has(v) ? 0.5 : 0;
      return { v, score: inTable - gap + closeness * shared };
    })
    .sort((x, y) => y.score - x.score || (x.v < y.v ? -1 : x.v > y.v ? 1 : 0));
  const out: Distractor[] = [];
  for (const { v } of candidates) {
    if (out.length >= 12) break;
    if (alsoTrue(v)) continue;
    const row = a.sentences[column.values.get(v)?.[0] ?? -1];
    out.push({
      text: v,
      relation: 'kind',
      evidence: row && row.id !== sentence.id ? row : undefined,
    });
  }
  return out;
}

/** Years with years, and other values within a factor of ten of the key. */
function sameMagnitude(key: number, value: number, unit: string): boolean {
  const year = (v: number) => Number.isInteger(v) && v >= 1000 && v <= 2100;
  if (!unit && year(key) !== year(value)) return false;
  if (key <= 0 || value <= 0) return key === 0 && value === 0;
  return Math.abs(Math.log10(value / key)) <= 1;
}

function numberDistractors(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  answer: Extract<Answer, { kind: 'number' }>,
  closeness: number,
): Distractor[] {
  const n = answer.number;
  const fromText = new Map<string, AnalysedSentence>();
  for (const s of a.sentences)
    for (const m of s.numbers)
      if (
        m.unit === n.unit &&
        m.style === n.style &&
        m.ordinal === n.ordinal &&
        m.value !== n.value &&
        sameMagnitude(n.value, m.value, n.unit)
      )
        if (!fromText.has(m.text)) fromText.set(m.text, s);
  const made = isRewritable(n) ? nearbyValues(n.value, n.unit).map((v) => renderNumber(n, v)) : [];
  // Beginners get values from elsewhere in the text first; experts the close made-up ones.
  // English: the values the material itself states for the unit come first at every level
  // (a made-up one is only a fallback); a decimal key gets decimal values, a whole one whole.
  const english = a.language === 'en';
  const stated = [...fromText.keys()].filter(
    (t) => !english || /[.]\d/.test(t) === /[.]\d/.test(n.text),
  );
  const texts = closeness >= 0.5 && !english ? [...made, ...stated] : [...stated, ...made];
  // A value the sentence already gives another quantity ("一次，而不是兩次") would read as
  // nonsense or as the same statement.
  const inSentence = new Set(sentence.numbers.map((m) => m.value));
  const out: Distractor[] = [];
  for (const text of texts) {
    if (sentence.text.includes(text) || statedInContext(a, sentence, answer, text)) continue;
    const value = findNumbers(text)[0]?.value;
    if (value !== undefined && inSentence.has(value)) continue;
    if (out.some((d) => d.text === text)) continue;
    // "100 percent" is a whole, not a rival value of a share.
    if (english && /^100(?:\.0+)?\s*(?:%|percent)$/.test(text)) continue;
    const evidence = fromText.get(text);
    // Quoted only where that value belongs to something the stem also talks about (三十歲 for
    // 參議員 beside 二十五歲 for 眾議員); elsewhere it is only the same number.
    out.push({
      text,
      relation: 'number',
      stated: fromText.has(text),
      // English: a sentence sharing two terms is rarely about the same quantity ("5% of the
      // time" for a difference of 20%); it is not quoted.
      evidence:
        !english &&
        evidence &&
        evidence.id !== sentence.id &&
        n.unit &&
        sharesTopic(sentence, evidence)
          ? evidence
          : undefined,
    });
  }
  return out;
}

const definitions = new WeakMap<DocAnalysis, Map<string, AnalysedSentence>>();
const defined = new WeakMap<
  DocAnalysis,
  Array<{ term: Term; sentence: AnalysedSentence; start: number; end: number }>
>();

/** The terms an English material defines ("X is a …", "… is called X"), each once. */
function definedTerms(a: DocAnalysis) {
  let list = defined.get(a);
  if (!list) {
    const seen = new Set<string>();
    list = [];
    for (const d of definitionCandidates(a, true)) {
      if (seen.has(d.answer.term.key)) continue;
      if (
        /\p{L}['’]s\b/u.test(d.answer.text) ||
        isEvaluativeAdjective(d.answer.text.split(/\s+/)[0]!)
      )
        continue;
      seen.add(d.answer.term.key);
      if (!isNounPhraseAt(d.sentence.text, d.answer.start, d.answer.end)) continue;
      // Shown as the material defines it ("clusters"), not as a compound's modifier ("cluster").
      list.push({
        term: { ...d.answer.term, text: d.answer.text },
        sentence: d.sentence,
        start: d.answer.start,
        end: d.answer.end,
      });
    }
    defined.set(a, list);
  }
  return list;
}

/**
 * For a key the material defines, the other terms it defines are its category ("census",
 * "strata", "anecdotal evidence" beside "observational data"): a learner who has not studied
 * cannot tell them apart, and each one's own definition says why it is not the answer.
 */
function definedDistractors(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  answer: Extract<Answer, { kind: 'term' }>,
  already: Array<{ term: Term }>,
  closeness: number,
  articleFree: boolean,
  fits?: (term: Term) => boolean,
): Array<{ term: Term; score: number; relation: Distractor['relation'] }> {
  const list = introducedTerms(a);
  const own = list.find((d) => d.term.key === answer.term.key);
  if (!own) return [];
  const have = new Set(already.map((x) => x.term.key));
  const inSentence = comparisonKey(sentence.text);
  const out: Array<{ term: Term; score: number; relation: Distractor['relation'] }> = [];
  for (const d of list) {
    const term = d.term;
    if (term.key === answer.term.key || have.has(term.key)) continue;
    if ((term.kind === 'term') !== (answer.term.kind === 'term')) continue;
    // Round 5: an introduced term is offered only when it is an option of its own right (not a
    // dataset's identifier, a figure's mark, a piece of a hyphenated word) and a noun where the
    // material uses it ("note" of "Note that …" is a verb).
    const stored = a.terms.get(term.key);
    if (stored && (!englishShapeFits(a, stored) || !termUse(a, stored).noun)) continue;
    if (sharesMostWords(term.text, answer.text) || inSentence.includes(comparisonKey(term.text)))
      continue;
    if (
      !standsAsEnglishOption(term.text) ||
      !agreesInEnglish(sentence.text, answer, term.text, articleFree)
    )
      continue;
    if (
      term.kind === 'term' &&
      answer.term.kind === 'term' &&
      nearSynonymHeads(term.text, answer.text) &&
      term.head !== answer.term.head
    )
      continue;
    // A concept the material only names (a talk's "what we call …") may be the key's alias or
    // part where the two share a sentence; a defined pair is told apart by its definitions.
    if ((d.named || own.named) && !namedConceptsApart(answer.term, a.terms.get(term.key) ?? term))
      continue;
    // Nor may it fit the blank's frame where the material uses it ("open _____").
    if (fits && !fits(term)) continue;
    out.push({ term, score: 1.2 * (0.3 + closeness) + 0.5, relation: 'kind' });
  }
  return out;
}

const introduced = new WeakMap<
  DocAnalysis,
  Array<{ term: Term; sentence: AnalysedSentence; named: boolean }>
>();

/**
 * The terms an English material introduces: those it defines ("X is a …", "… is called X") and
 * the concepts it names ("what we call X", "the idea of X"). One category: a learner who has not
 * studied cannot tell them apart, and the sentence introducing each says why it is not the key.
 */
function introducedTerms(a: DocAnalysis) {
  let list = introduced.get(a);
  if (!list) {
    list = definedTerms(a).map((d) => ({ term: d.term, sentence: d.sentence, named: false }));
    // "The study is an experiment": a sentence about the material's own case, not a definition
    // of a concept ("study" is then its vocabulary, no option beside "p-value").
    const everyday = (t: Term) => !/\s/.test(t.text) && /^\p{Ll}/u.test(t.text);
    list = list.filter(
      (d) =>
        !(
          everyday(d.term) &&
          new RegExp(
            `^(?:The|This|That|Our)\\s+${d.term.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+(?:is|are|was|were)\\b`,
          ).test(d.sentence.text)
        ),
    );
    const keys = new Set(list.map((d) => d.term.key));
    for (const n of namedTerms(a))
      if (
        !keys.has(n.term.key) &&
        !isEvaluativeAdjective(n.term.text.split(/\s+/)[0]!) &&
        isNounPhraseAt(n.sentence.text, n.start, n.end) !== false
      ) {
        keys.add(n.term.key);
        list.push({ term: n.term, sentence: n.sentence, named: true });
      }
    introduced.set(a, list);
  }
  return list;
}

/** The sentence that names a concept ("what we call X"), to show why it is not the key. */
/**
 * The sentence that says why a term distractor is not the answer (rubric gate E: "why a
 * distractor is wrong only where the source says so — never a random sentence that merely
 * contains the distractor"): its definition. In English only a definition about the stem's
 * topic (two keyphrases in common) — "Linear regression is a very powerful statistical
 * technique" says nothing about the question, and a naming sentence ("this 'programming'
 * thing", hold-out v5 grading) never does.
 */
function distractorEvidence(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  term: Term,
): AnalysedSentence | undefined {
  const definition = definitionOf(a, term);
  if (!definition || a.language === 'zh') return definition;
  return sharesTopic(sentence, definition) ? definition : undefined;
}

/** Content words of an English key that the sentence also shows outside the key. */
function shownKeyWords(
  sentence: string,
  answer: { text: string; start: number; end: number },
): string[] {
  const rest = new Set(
    (sentence.slice(0, answer.start) + ' ' + sentence.slice(answer.end))
      .toLowerCase()
      .split(/[^\p{L}\d'-]+/u)
      .map(termKey),
  );
  // "continuously" beside "continuous numerical variable": one word, another ending.
  const restWords = [...rest].filter((r) => r.length >= 5);
  const sameStem = (w: string) =>
    w.length >= 5 && restWords.some((r) => r.startsWith(w) || w.startsWith(r));
  return lowerWords(answer.text)
    .map(termKey)
    .filter((w) => !EN_STOPWORDS.has(w) && (rest.has(w) || sameStem(w)));
}

/**
 * The sentence that defines a term ("X is a …", 「X是指…」), when the material has one: the
 * only place that says why the term is not the answer. A sentence that merely uses the word
 * says nothing about the question and is never quoted.
 */
export function definitionOf(a: DocAnalysis, term: Term): AnalysedSentence | undefined {
  let map = definitions.get(a);
  if (!map) {
    map = new Map();
    for (const d of definitionCandidates(a, true))
      if (!map.has(d.answer.term.key)) map.set(d.answer.term.key, d.sentence);
    definitions.set(a, map);
  }
  return map.get(term.key);
}

/** Whether two sentences talk about the same thing: they share two keyphrases. */
function sharesTopic(x: AnalysedSentence, y: AnalysedSentence): boolean {
  const keys = new Set(x.mentions.map((m) => m.key));
  return new Set(y.mentions.filter((m) => keys.has(m.key)).map((m) => m.key)).size >= 2;
}

/**
 * A Chinese option with two characters in a row that the stem shows outside the blank reads
 * as doubled or half given away: 「合眾國_____」 with 合眾國總統, 「數位部…_____」 with 數位發展部.
 */
function showsInStem(sentence: string, answer: { start: number; end: number }, text: string) {
  const rest = sentence.slice(0, answer.start) + '\u0000' + sentence.slice(answer.end);
  const chars = [...text];
  for (let i = 0; i + 2 <= chars.length; i++)
    if (rest.includes(chars[i]! + chars[i + 1]!)) return true;
  return false;
}

/**
 * Whether a term can stand as an option. Without a part-of-speech tagger for English, a single
 * lower-case word used once may be an adjective or a verb ("adept"), and a capitalised word seen
 * only in a title ("Opening") may be no name: such words need a second use in running text.
 */
const worthyCache = new WeakMap<DocAnalysis, Map<string, boolean>>();

/** optionWorthy, worked out once per term of a material (every answer tried asks again). */
export function isOptionWorthy(a: DocAnalysis, term: Term): boolean {
  let known = worthyCache.get(a);
  if (!known) worthyCache.set(a, (known = new Map()));
  let worthy = known.get(term.key);
  if (worthy === undefined) known.set(term.key, (worthy = optionWorthy(a, term)));
  return worthy;
}

function optionWorthy(a: DocAnalysis, term: Term): boolean {
  if (isGenericWord(term.text)) return false;
  if (a.language === 'en' && !looksLikeEnglishNoun(term.text)) return false;
  if (a.language === 'en' && namesTheDocument(a, term.text)) return false;
  if (a.language === 'en' && !englishShapeFits(a, term)) return false;
  if (a.language === 'zh' || /\s/.test(term.text) || /^\p{Lu}{2,}/u.test(term.text)) return true;
  const inText = term.sentenceIds.filter((id) => a.sentences[id]!.usable).length;
  return term.kind === 'term' ? term.sentenceIds.length >= 2 && inText >= 1 : inText >= 1;
}

/**
 * A word too general to test or to offer: 大家, 人們, 東西, "people", "idea", and a two-letter
 * acronym (AI, US) that a text about it uses everywhere.
 */
export function isGenericWord(text: string): boolean {
  const bare = text.trim();
  // 是不是, 會有, 就是: a verb or particle glued to the next word, not a term.
  if (/\p{Script=Han}/u.test(bare))
    return ZH_GENERIC.has(bare) || /^[是有會能要就都也為如遇讓把被跟與和及或並]/u.test(bare);
  if (/^\p{Lu}{1,2}s?$/u.test(bare)) return true;
  // "two variables", "3 traces": a count, not a term.
  if (
    /^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|millions?|billions?|dozens?|several|many|few|some)\s/i.test(
      bare,
    )
  )
    return true;
  return !/\s/.test(bare) && EN_GENERIC.has(bare.toLowerCase());
}

/**
 * A word the material uses for itself ("this Handbook", "this book", "this talk"): a blank on it
 * tests nothing of its content, and as a distractor it is of no kind beside the key.
 */
function namesTheDocument(a: DocAnalysis, text: string): boolean {
  if (/\s/.test(text)) return false;
  let words = pointedAt.get(a);
  if (!words) {
    words = new Set<string>();
    for (const m of a.fullText.matchAll(/\b(?:this|the present)\s+([\p{L}][\p{L}\d'’-]*)/giu))
      words.add(m[1]!.toLowerCase());
    pointedAt.set(a, words);
  }
  return words.has(text.toLowerCase());
}

/** The words a material puts after "this" ("this Handbook"), found in one pass. */
const pointedAt = new WeakMap<DocAnalysis, Set<string>>();

const PARTICIPLE =
  /^\p{Ll}+(?:ed|ing)$|^(?:shown|given|taken|known|seen|done|made|written|chosen|driven|drawn|grown|thrown|begun|run)$/u;
const ADJECTIVE_END = /(?:ory|ive|ous|able|ible|ful|less|ic|ant|ent)$/i;

/** Report codes (GAO-23-106826), a phrase ending in an adjective, a lone capitalised -ing word. */
function looksLikeEnglishNoun(text: string): boolean {
  const words = text.split(/\s+/);
  if (/\d{3,}/.test(text) && /-/.test(text)) return false;
  // Without the tagger a suffix must do ("…ory", "…ive"); with it, the key's and each
  // distractor's own tags decide ("explanatory variable", "treatment" are nouns).
  if (words.length > 1 && ADJECTIVE_END.test(words[words.length - 1]!) && !hasTagger())
    return false;
  if (words.length === 1 && /^\p{Lu}\p{Ll}+ing$/u.test(text)) return false;
  // A lone participle ("shown", "recording") is a verb form, not a thing.
  return !(words.length === 1 && PARTICIPLE.test(text) && !NOUN_ING.has(text.toLowerCase()));
}

/** "licensed safety models" and "available safety models" differ too little to tell apart. */
function sharesMostWords(a: string, b: string): boolean {
  if (/\p{Script=Han}/u.test(a)) return false;
  const wa = lowerWords(a);
  const wb = lowerWords(b);
  let shared = 0;
  for (const w of wa) if (wb.includes(w)) shared++;
  return shared >= 2 || (shared > 0 && shared / Math.min(wa.length, new Set(wb).size) > 0.5);
}

const wordsCache = new Map<string, string[]>();

/** A text's lower-cased words, remembered (the same terms are compared for every answer). */
function lowerWords(text: string): string[] {
  let words = wordsCache.get(text);
  if (!words) {
    if (wordsCache.size > 50_000) wordsCache.clear();
    wordsCache.set(text, (words = text.toLowerCase().split(/\s+/)));
  }
  return words;
}

const PLURAL = /(?:[^siu']s|men|people|data|criteria)$/i;

/**
 * An English distractor must read as grammatically as the key: the same number (plural or
 * singular) and, after "a"/"an", the article that fits; and it must not merely reshuffle
 * words the sentence already has ("local rules" for "Bankruptcy Code" beside "local ... rules").
 */
function agreesInEnglish(
  sentence: string,
  answer: Answer,
  text: string,
  articleFree = false,
): boolean {
  if (PLURAL.test(answer.text) !== PLURAL.test(text)) return false;
  const article = articleFree
    ? undefined
    : /\b(an?)\s+$/i.exec(sentence.slice(0, answer.start))?.[1]?.toLowerCase();
  if (article && (article === 'an') !== /^[aeiou]/i.test(text)) return false;
  const words = new Set(sentence.toLowerCase().split(/[^\p{L}\d'-]+/u));
  const own = text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => !EN_STOPWORDS.has(w));
  return !(own.length && own.every((w) => words.has(w)));
}

/**
 * English distractors without a tagger: an option that stands alone (no "et seq", no verb
 * phrase), naming people exactly when the key does (not "bankruptcy judge" for "court"), not a
 * near-synonym of a common-noun key ("duties" for "functions"), and not used elsewhere in the
 * document in the blank's own frame ("open model" for "open _____"), where it would be right too.
 */
function englishFit(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  answer: Extract<Answer, { kind: 'term' }>,
): (term: Term) => boolean {
  const agent = isAgentPhrase(answer.text);
  const frame = blankFrame(sentence.text, answer.start, answer.end);
  return (term) =>
    standsAsEnglishOption(term.text) &&
    agent === isAgentPhrase(term.text) &&
    (answer.term.kind !== 'term' ||
      term.kind !== 'term' ||
      !nearSynonymHeads(answer.text, term.text) ||
      // "treatment group" / "control group": one category, told apart by the modifier.
      (answer.term.head === term.head && /\s/.test(answer.text) && /\s/.test(term.text))) &&
    !fitsFrameElsewhere(a.fullText, frame, term.text);
}

/**
 * A common noun shown in the key's case: "nurses" beside "patients", even where the material's
 * most frequent form of it is a heading's "Nurses".
 */
function matchCase(a: DocAnalysis, key: Term, term: Term): string {
  if (
    a.language !== 'en' ||
    key.kind !== 'term' ||
    (term.kind !== 'term' && term.kind !== 'proper')
  )
    return term.text;
  if (!/^\p{Ll}/u.test(key.text) || !/^\p{Lu}\p{Ll}+(?:\s|$)/u.test(term.text)) return term.text;
  // Only a word the material also writes in lower case ("nurses"), never a name ("Taiwan model").
  const lower = term.text[0]!.toLowerCase() + term.text.slice(1);
  let words = lowerCaseWords.get(a);
  if (!words) {
    words = new Set(a.fullText.match(/(?<![\p{L}])\p{Ll}[\p{L}'’-]*/gu) ?? []);
    lowerCaseWords.set(a, words);
  }
  return words.has(lower.split(/\s+/)[0]!) ? lower : term.text;
}

/** The words a material writes in lower case somewhere, found in one pass. */
const lowerCaseWords = new WeakMap<DocAnalysis, Set<string>>();

/**
 * A key that folds variant characters (臺/台) as well as width, case, punctuation and Latin
 * diacritics (Ākina and Akina are one name, never two options).
 */
export function variantKey(text: string): string {
  const latinFolded = text.normalize('NFD').replace(/(\p{Script=Latin})\p{M}+/gu, '$1');
  return comparisonKey(toSimplifiedSameLength(latinFolded.normalize('NFC')));
}

const keyNoun = new WeakMap<AnalysedSentence, Map<number, boolean>>();

/**
 * Whether an English key is a whole noun phrase where it stands (true without a tagger): tagged
 * as one, and not a piece of a longer one — "cluster" in "cluster sampling", "Contemporary
 * Culture Lab" after "Taiwan", "college students" after "US".
 */
export function englishKeyIsNoun(
  sentence: AnalysedSentence,
  answer: { start: number; end: number },
): boolean {
  let known = keyNoun.get(sentence);
  if (!known) keyNoun.set(sentence, (known = new Map()));
  let ok = known.get(answer.start);
  if (ok === undefined) {
    ok = isNounPhraseAt(sentence.text, answer.start, answer.end) ?? true;
    if (ok) {
      const { before, after } = neighbours(sentence.text, answer.start, answer.end);
      const touching = (x: { start: number; end: number }, y: { start: number; end: number }) =>
        /^[\s-]?$/.test(sentence.text.slice(x.end, y.start));
      if (after && (after.pos === 'NOUN' || after.pos === 'PROPN') && touching(answer, after))
        ok = false;
      if (before && before.pos === 'PROPN' && touching(before, answer)) ok = false;
    }
    known.set(answer.start, ok);
  }
  return ok;
}

const roleCache = new Map<string, boolean>();

/** Names people by a role ("standing trustee", "patients"), not people in general; remembered. */
function isRole(text: string): boolean {
  let known = roleCache.get(text);
  if (known === undefined) {
    if (roleCache.size > 50_000) roleCache.clear();
    known = isAgentPhrase(text) && !namesAnyPerson(text);
    roleCache.set(text, known);
  }
  return known;
}

function sharedWord(x: string[], y: string[]): boolean {
  const ys = new Set(y.map((w) => termKey(w)));
  return x.some((w) => ys.has(termKey(w)));
}

/** "bankruptcy judge", "cloud providers": a role named by a noun compound, tagged so. */
function nounModified(a: DocAnalysis, term: Term): boolean {
  const { noun, modifiers } = termUse(a, term);
  return noun && modifiers.length > 0 && modifiers.every((m) => m === 'NOUN' || m === 'PROPN');
}

const termPos = new WeakMap<DocAnalysis, Map<string, { noun: boolean; modifiers: string[] }>>();

/** How a term is tagged where the material first uses it: a noun phrase or not, its modifiers. */
function termUse(a: DocAnalysis, term: Term): { noun: boolean; modifiers: string[] } {
  let known = termPos.get(a);
  if (!known) termPos.set(a, (known = new Map()));
  let use = known.get(term.key);
  if (!use) {
    use = { noun: true, modifiers: [] };
    for (const id of term.sentenceIds.slice(0, 2)) {
      const s = a.sentences[id]!;
      const m = s.mentions.find((x) => x.key === term.key);
      if (!m) continue;
      const noun = isNounPhraseAt(s.text, m.start, m.end);
      if (noun === undefined) break;
      use = { noun, modifiers: modifierTags(s.text, m.start, m.end) };
      if (noun) break;
    }
    known.set(term.key, use);
  }
  return use;
}

/**
 * An English distractor of the key's grammatical type: a noun phrase where the material uses
 * it ("collect data" and "making decisions" are verb phrases), and not a near-synonym of the
 * key. Two phrases that differ only by an adjective ("unusual cases" / "extraordinary cases",
 * "strong evidence" / "sufficient evidence") may both be right; a head-sharing distractor is
 * kept only when it is a term the material keeps using and neither modifier is an evaluative
 * adjective.
 */
function englishTermFits(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  answer: Extract<Answer, { kind: 'term' }>,
  term: Term,
  relation: Distractor['relation'],
): boolean {
  const use = termUse(a, term);
  if (!use.noun) return false;
  if (relation !== 'head' || answer.term.kind !== 'term') return true;
  const keyTags = spanTags(sentence.text, answer.start, answer.end);
  const keyMods = keyTags.slice(0, -1);
  const words = term.text.split(/\s+/);
  if (words.slice(0, -1).some(isEvaluativeAdjective)) return false;
  if (keyMods.some((t) => isEvaluativeAdjective(t.text))) return false;
  const adjectival = (tags: string[]) =>
    tags.length > 0 && tags.every((t) => t === 'ADJ' || t === 'VERB');
  if (adjectival(keyMods.map((t) => t.pos)) || adjectival(use.modifiers))
    return term.sentenceIds.length >= 2;
  return true;
}

function displayLength(text: string): number {
  return /\p{Script=Han}/u.test(text) ? [...text].length * 2 : text.length;
}

/** A Latin-script name is no distractor for a Chinese term, nor the other way round. */
function isScriptMismatch(a: string, b: string): boolean {
  const han = (t: string) => /\p{Script=Han}/u.test(t);
  return han(a) !== han(b);
}

const nameShape = new WeakMap<DocAnalysis, Map<string, boolean>>();

/**
 * A capitalised name of several words reads as a name where the material first writes it: no
 * verb among its words ("Be Free", "Information Wants" cut from the title "Information Wants to
 * Be Free"). A name of one word, or without the tagger, is taken as it is.
 */
function readsAsNameWhereUsed(a: DocAnalysis, term: Term): boolean {
  if (term.kind === 'term' || !/^\p{Lu}/u.test(term.text)) return true;
  let known = nameShape.get(a);
  if (!known) nameShape.set(a, (known = new Map()));
  let ok = known.get(term.key);
  if (ok === undefined) {
    ok = true;
    const id = term.sentenceIds[0];
    const s = id === undefined ? undefined : a.sentences[id];
    const m = s?.mentions.find((x) => x.key === term.key);
    if (s && m) ok = readsAsName(s.text, m.start, m.end) !== false;
    // "to Be Free", "is Valuable": one capitalised word after a form of "be" is a predicate.
    if (s && m && ok && !/\s/.test(term.text))
      ok = !/\b(?:be|is|are|was|were|been|being)\s+$/i.test(s.text.slice(0, m.start));
    // "Be Free": a name never opens with a verb of being, whatever the tagger says.
    if (/^(?:Be|Is|Are|Was|Were|Being|Been|Do|Does|Did|Have|Has|Had)\s/u.test(term.text))
      ok = false;
    known.set(term.key, ok);
  }
  return ok;
}

const modifierUse = new WeakMap<DocAnalysis, Map<string, boolean>>();

/**
 * A lone lower-case word the material only writes before a noun ("the elmhurst dataset", "the
 * loans data"): an identifier or a modifier, not a thing a blank could name.
 */
function modifierOnly(a: DocAnalysis, term: Term): boolean {
  if (/\s/.test(term.text)) return false;
  // "Note that …", "… and note how …": a word the material writes only before "that"/"how"
  // (or first in a sentence before a colon) is an instruction to the reader, not a thing.
  const mentions = term.sentenceIds.flatMap((id) =>
    a.sentences[id]!.mentions.filter((m) => m.key === term.key).map((m) => ({
      m,
      s: a.sentences[id]!,
    })),
  );
  const instruction = ({ m, s }: (typeof mentions)[number]) => {
    const after = s.text.slice(m.end);
    return (
      (m.start === 0 && /^\s*(?:that\b|:|,)/.test(after)) ||
      (mentions.length >= 2 && /^\s*(?:that|how|what|whether|why)\b/.test(after))
    );
  };
  if (term.kind === 'term' && mentions.length && mentions.every(instruction)) return true;
  // "elmhurst" (a dataset) where the material names "Elmhurst College": a lower-case word that
  // is also a capitalised name mid-sentence is the name's identifier, not a concept.
  if (
    /^\p{Ll}+$/u.test(term.text) &&
    term.sentenceIds.length <= 3 &&
    new RegExp(
      `[\\p{Ll},;](?<!\\b(?:of|and|the))\\s+${term.text[0]!.toUpperCase()}${term.text.slice(1)}\\b`,
      'u',
    ).test(a.fullText)
  )
    return true;
  if (!/^\p{Ll}/u.test(term.text) || !hasTagger()) return false;
  let known = modifierUse.get(a);
  if (!known) modifierUse.set(a, (known = new Map()));
  let only = known.get(term.key);
  if (only === undefined) {
    only = true;
    let seen = 0;
    for (const id of term.sentenceIds.slice(0, 6)) {
      const s = a.sentences[id]!;
      const m = s.mentions.find((x) => x.key === term.key);
      if (!m) continue;
      seen++;
      // The next word, past a closing code mark or quote ("`elmhurst` data").
      const after = tagEnglish(s.text).find((t) => t.start >= m.end && !/^[`'"’”]$/u.test(t.text));
      const gap = after ? s.text.slice(m.end, after.start) : '';
      if (
        !after ||
        (after.pos !== 'NOUN' && after.pos !== 'PROPN') ||
        !/^[`'"’”]?\s?$/u.test(gap)
      ) {
        only = false;
        break;
      }
    }
    if (!seen) only = false;
    known.set(term.key, only);
  }
  return only;
}

/**
 * Round 5: a piece of a hyphenated word ("multi" of "multi-stakeholder"), a figure's mark
 * ("dashed line", "Plot E"), an idiom's filler noun ("long time"), a title's words taken for a
 * name ("Be Free"), a dataset's identifier or a reader's instruction ("elmhurst", "Note") is no
 * key and no option.
 */
function englishShapeFits(a: DocAnalysis, term: Term): boolean {
  if (fragmentTerms(a).has(term.key)) return false;
  if (isFigureMark(term.text) || isIdiomFiller(term.text)) return false;
  return readsAsNameWhereUsed(a, term) && !modifierOnly(a, term);
}

/** A word's initials as an acronym ("Infocomm Development Authority" → IDA), from two words on. */
function initialsOf(words: string[]): string {
  return words
    .filter((w) => !/^(?:of|and|for|the|in|on|to|&)$/i.test(w))
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/**
 * Whether an English stem gives its key away by spelling it another way: the key's acronym
 * written outside the blank ("IDA is basically the _____" for "Infocomm Development
 * Authority"), the words an acronym key stands for ("_____ infrastructure, the Internet and
 * Communication Technology" for "ICT"), or a name's number right after the blank ("_____ 500
 * companies": Fortune 500, Web 2.0, Industry 4.0 are names whose number only the key completes).
 */
export function stemGivesKeyAway(
  sentence: string,
  answer: { text: string; start: number; end: number },
): boolean {
  const before = sentence.slice(0, answer.start);
  const after = sentence.slice(answer.end);
  const rest = before + ' \u0000 ' + after;
  const words = answer.text.split(/[\s-]+/).filter(Boolean);
  const capitalised = words.filter((w) => /^\p{Lu}/u.test(w));
  // The key's acronym elsewhere in the stem.
  if (capitalised.length >= 2) {
    const acronym = initialsOf(capitalised);
    if (acronym.length >= 2 && new RegExp(`\\b${acronym}s?\\b`).test(rest)) return true;
  }
  // An acronym of the key spelled out elsewhere in the stem.
  for (const w of words) {
    if (!/^\p{Lu}{2,6}s?$/u.test(w)) continue;
    const letters = w.replace(/s$/, '');
    const restWords = rest.split(/[^\p{L}&]+/u).filter(Boolean);
    for (let i = 0; i + letters.length <= restWords.length; i++) {
      const run: string[] = [];
      for (let j = i; j < restWords.length && run.length < letters.length + 3; j++) {
        run.push(restWords[j]!);
        if (initialsOf(run) === letters && /^\p{Lu}/u.test(run[0]!)) return true;
      }
    }
  }
  // A capitalised name completed by a number right after the blank ("Fortune 500").
  return /^\p{Lu}/u.test(answer.text) && /^\s+\d[\d.]*\b/u.test(after);
}

/** Heads too broad to make two compounds things of one kind ("… system", "… approach"). */
const BROAD_HEADS = new Set(
  'system systems model models approach approaches process processes framework frameworks structure structures issue issues problem problems area areas aspect aspects thing things side sides way ways kind kinds form forms part parts factor factors project projects thing stuff'.split(
    ' ',
  ),
);

/**
 * Whether two English compounds sharing a head are of one kind: a specific head ("control
 * group", "test statistic") says so; a broad one ("system") only when the material names the
 * two within three sentences of each other.
 */
function headNamesKind(key: Term, term: Term): boolean {
  const head = key.text.toLowerCase().split(/\s+/).pop() ?? '';
  if (!BROAD_HEADS.has(head)) return true;
  return term.sentenceIds.some((i) => key.sentenceIds.some((j) => Math.abs(i - j) <= 3));
}
