import { comparisonKey, foldWidth } from '../text/normalize.js';
import { charTrigrams, gramSimilarity } from '../text/similarity.js';
import {
  BLANK_MARKER,
  type Difficulty,
  type QuestionType,
  type QuizNotice,
  type QuizSettings,
} from '../types.js';
import type { AnalysedSentence, DocAnalysis } from './analysis.js';
import { documentAcronymForms, zhDocumentForms } from './defined-forms.js';
import { materialAliases, materialNumberForms, pairedAcronyms } from './answers.js';
import { balanceTrueFalse, enforceSpread, keyLongestOver } from './balance.js';
import { acceptedWordingsNote } from './en-typed-keys.js';
import { normalizeShortAnswer } from '../../scoring/short-answer.js';
import { buildDropdown, buildMultipleChoice } from './build-choice.js';
import { buildShortAnswer, buildTrueFalse, tiedNumber } from './build-statement.js';
import type { ClozeCandidate } from './candidates/cloze.js';
import type { DefinitionCandidate } from './candidates/definition.js';
import { MAX_DISTRACTOR_SHOWS, type BuildContext, type Draft } from './draft.js';
import { keyConcepts } from './finalize.js';
import type { Rng } from './rng.js';
import { segmentChinese } from './segment-zh.js';
import { insideLongerTerm, showsOtherForm } from './zh-distractors.js';
import { zhCountForms, zhMaterialForms } from './zh-forms.js';
import { isAskableZh, isGluedCount } from './zh-keys.js';
import { enumeratedNeighbour, fixedByCollocation, glossedBeside } from './material/collocation.js';
import { lacksFiniteVerb, talksAboutTheBook } from './material/statement-shape.js';
import { findSpeakers, isSpeakerName, speakerWeight, type Speakers } from './material/speakers.js';
import { pickRanked, RANK_POOL } from './rank.js';
import { contextIds, testedText } from './restore-context.js';

type Candidate = ClozeCandidate | DefinitionCandidate;

const SECTIONS = 4;
/** Two questions whose tested statements share this much of their 3-grams test the same fact. */
export const SAME_FACT_SIMILARITY = 0.6;
const MAX_TRIES_PER_SLOT = 200;
/** How many of the best candidates a true statement is first sought among (checkable ones). */
const CHECKABLE_TRUTH_TRIES = 30;

/**
 * Which types get the extra slots when the count does not divide evenly: the types learners
 * and graders find sound most often first (a statement and a typed term need no distractors).
 */
const REMAINDER_ORDER: QuestionType[] = [
  'true_false',
  'short_answer',
  'multiple_choice',
  'dropdown_fill_in_blank',
];

/**
 * How often a question of each type was acceptable in the blind grades of hold-outs v7 and v8
 * (sessions 11–12, docs/quality/2026-11-28-s11 and -s12; basic and expert pooled, 1,189 graded
 * questions): the type's prior when the material's supply of strong candidates is split among
 * the types. Sessions 9–10 (v5) had Chinese dropdowns at 30%; they are at 56% now, while Chinese
 * short answers fell to 40% (a generic slot that other words fit is their largest failure).
 */
export const TYPE_QUALITY: Record<'en' | 'zh', Record<QuestionType, number>> = {
  en: { true_false: 0.74, short_answer: 0.62, multiple_choice: 0.62, dropdown_fill_in_blank: 0.57 },
  zh: { true_false: 0.74, dropdown_fill_in_blank: 0.56, multiple_choice: 0.55, short_answer: 0.4 },
};

/** No type takes more than this share of a quiz of several types (when the others can fill). */
export const MAX_TYPE_SHARE = 0.4;
/** Each type with a strong candidate gets about this share when its supply allows (≥ 1). */
export const MIN_TYPE_SHARE = 0.15;

export interface SlotPlanOptions {
  /**
   * Strong candidates per type in this material (built and checked among the best-weighed):
   * a type with none gets no slot, the others share the count by supply × TYPE_QUALITY.
   */
  supply?: ReadonlyMap<QuestionType, number>;
  /** Draws the split, so it differs from quiz to quiz (without it: the expected split). */
  rng?: Rng;
  /** Acceptable rate per type (TYPE_QUALITY of the material's language; English by default). */
  quality?: Record<QuestionType, number>;
}

/**
 * The question types of a quiz, interleaved in the order asked.
 *
 * Without a supply: as even as the count allows (the extra slots to the types that pass most
 * often). With one (decision 0046): quality over evenness — every type with a strong candidate
 * gets at least one slot and about 15% of the count when its supply allows, none more than 40%
 * (unless too few types have candidates to fill the count otherwise), a type without a strong
 * candidate none; the rest is drawn slot by slot by the type's blind-graded acceptable rate,
 * scaled down for a type whose remaining supply is under an even share.
 */
export function planSlots(
  count: number,
  types: QuestionType[],
  options: SlotPlanOptions = {},
): QuestionType[] {
  if (!types.length || count <= 0) return [];
  const counts = options.supply
    ? (supplySplit(count, types, options.supply, options.rng, options.quality ?? TYPE_QUALITY.en) ??
      evenSplit(count, types))
    : evenSplit(count, types);
  const out: QuestionType[] = [];
  while (out.length < count)
    for (const t of types)
      if (counts.get(t)! > 0) {
        out.push(t);
        counts.set(t, counts.get(t)! - 1);
      }
  return out;
}

function evenSplit(count: number, types: QuestionType[]): Map<QuestionType, number> {
  const counts = new Map(types.map((t) => [t, Math.floor(count / types.length)] as const));
  const extra = [...types].sort((x, y) => REMAINDER_ORDER.indexOf(x) - REMAINDER_ORDER.indexOf(y));
  for (let i = 0; i < count % types.length; i++) counts.set(extra[i]!, counts.get(extra[i]!)! + 1);
  return counts;
}

/** The supply-weighted split (planSlots), or undefined when no type has a strong candidate. */
function supplySplit(
  count: number,
  types: QuestionType[],
  supply: ReadonlyMap<QuestionType, number>,
  rng: Rng | undefined,
  quality: Record<QuestionType, number>,
): Map<QuestionType, number> | undefined {
  const have = (t: QuestionType) => Math.min(count, Math.max(0, supply.get(t) ?? 0));
  const eligible = types.filter((t) => have(t) > 0);
  if (!eligible.length) return undefined;
  const counts = new Map<QuestionType, number>(types.map((t) => [t, 0]));
  const cap = Math.max(1, Math.floor(count * MAX_TYPE_SHARE), Math.ceil(count / eligible.length));
  const floor = Math.max(1, Math.round(count * MIN_TYPE_SHARE));
  /** Weighted draw (the largest weight without an rng): one type of `pool`. */
  const draw = (pool: QuestionType[], weight: (t: QuestionType) => number) => {
    const weights = pool.map((t) => Math.max(1e-6, weight(t)));
    const total = weights.reduce((x, y) => x + y, 0);
    if (!rng) return pool[weights.indexOf(Math.max(...weights))]!;
    let r = rng.next() * total;
    for (let i = 0; i < pool.length; i++) if ((r -= weights[i]!) < 0) return pool[i]!;
    return pool[pool.length - 1]!;
  };
  const add = (t: QuestionType) => counts.set(t, counts.get(t)! + 1);
  const left = () => count - [...counts.values()].reduce((x, y) => x + y, 0);
  if (count < eligible.length) {
    // Fewer slots than types: one each for `count` types, drawn by supply × quality.
    const pool = [...eligible];
    while (left() > 0) {
      const t = draw(pool, (x) => have(x) * quality[x]);
      add(t);
      pool.splice(pool.indexOf(t), 1);
    }
    return counts;
  }
  for (const t of eligible) counts.set(t, Math.min(have(t), floor, cap));
  while (left() > 0) {
    const n = (t: QuestionType) => counts.get(t)!;
    // Within the supply and the cap first; past the supply (a candidate beyond the strong ones
    // may still build) before past the cap.
    let pool = eligible.filter((t) => n(t) < Math.min(cap, have(t)));
    if (!pool.length) pool = eligible.filter((t) => n(t) < cap);
    if (!pool.length) pool = eligible;
    // A supply of an even share or more is full: past it only quality weighs.
    const even = count / eligible.length;
    add(draw(pool, (t) => quality[t] * Math.min(1, Math.max(0.5, have(t) - n(t)) / even)));
  }
  return counts;
}

/**
 * Chooses and writes the questions: for each slot, the best remaining candidate for its type,
 * weighted by difficulty band, topic words and how many questions its part of the document
 * already has; a candidate whose sentence or fact is already tested is skipped.
 */
export function selectDrafts(
  ctx: BuildContext,
  cloze: ClozeCandidate[],
  definitions: DefinitionCandidate[],
  settings: QuizSettings,
  rng: Rng,
  onSlot: (done: number) => void,
): { drafts: Draft[]; notices: QuizNotice[]; slots: QuestionType[] } {
  const types = settings.questionTypes.length
    ? settings.questionTypes
    : (['multiple_choice'] as QuestionType[]);
  const topics = topicWords(ctx.a, settings.additionalInstructions ?? '');
  const lang = ctx.a.language === 'zh' ? 'zh' : 'en';
  const speakers = findSpeakers(ctx.a.sentences);
  const weighed = weigh(ctx.a, [...definitions, ...cloze], settings, topics, speakers);
  // Expert is not basic with more blanks: the sentences a basic quiz asks first (the most
  // central facts) give way to less central facts, relations, numbers and comparisons.
  if (settings.difficulty === 'expert' || settings.difficulty === 'advanced') {
    const central = basicFavourites(ctx.a, [...definitions, ...cloze], settings);
    const factor = settings.difficulty === 'expert' ? EXPERT_CENTRAL_WEIGHT : 0.6;
    // A table's central rows (a calendar's holidays) are what it is about: they stay likelier
    // than a plain weekday, only less likely than at basic.
    for (const w of weighed)
      // An item over two places of the material (en-enumeration) is no recall of its sentence.
      if (central.has(w.candidate.sentence.id) && !('acrossPlaces' in w.candidate))
        w.weight *= w.candidate.sentence.record ? Math.max(factor, 0.5) : factor;
  }
  const base = weighed.sort(
    (x, y) => y.weight - x.weight || x.candidate.sentence.id - y.candidate.sentence.id,
  );
  // The mix follows what this material can ask well (decision 0046): each type's share from
  // its supply of strong candidates. The types' order is drawn per quiz too: always MC, T/F,
  // blank, short answer is a pattern.
  const supply =
    types.length > 1 ? typeSupply(ctx, base, types, settings.questionCount, speakers) : undefined;
  const slots = rng.shuffle(
    planSlots(settings.questionCount, types, {
      supply,
      rng,
      quality: TYPE_QUALITY[ctx.a.language === 'zh' ? 'zh' : 'en'],
    }),
  );
  const tfCount = slots.filter((s) => s === 'true_false').length;
  const planned = {
    choices: slots.filter((s) => s === 'multiple_choice').length,
    blanks: slots.filter((s) => s === 'dropdown_fill_in_blank').length,
  };
  // The key-longest budgets follow the plan (the caller sized them for an even split).
  ctx.mcqLongest.max = Math.floor(planned.choices * KEY_LONGEST_BUDGET);
  ctx.blankLongest.max = Math.floor(
    planned.blanks * (settings.difficulty === 'expert' ? 2 : 1) * KEY_LONGEST_BUDGET,
  );
  const trues = drawTrueCount(tfCount, rng);
  const truths = rng.shuffle(Array.from({ length: tfCount }, (_, i) => i < trues));
  const perSection = new Array<number>(SECTIONS).fill(0);
  /** Questions per file or sheet, when the material has several: each gets its share. */
  const perGroup = new Map<string, number>();
  const groups = new Set(base.map((c) => groupOf(c.candidate.sentence)));
  /** How many chosen sentences start with the same word: ten stems starting alike is a pattern. */
  const openers = new Map<string, number>();
  const used = new Set<number>();
  /** Sentences a chosen stem shows as its restored context. */
  const shownAsContext = new Set<number>();
  /** Table rows already asked about, by their first cell: one question per plant, per date. */
  const usedSubjects = new Set<string>();
  const facts: Array<Set<string>> = [];
  const drafts: Draft[] = [];
  const unavailable = new Set<QuestionType>();

  /** Table facts ("entity=value") repeat exactly on a second sheet; prose facts nearly. */
  const tableFacts = new Set<string>();
  const isSameFact = (draft: Draft) =>
    draft.sentence.record
      ? tableFacts.has(comparisonKey(draft.fact))
      : facts.some((f) => gramSimilarity(f, charTrigrams(draft.fact)) >= SAME_FACT_SIMILARITY);

  const tryType = (type: QuestionType, truth: boolean, lastResort = false): Draft | undefined => {
    // The best few of each quarter, then weighed down by the questions the quarter already has.
    const taken = new Array<number>(SECTIONS).fill(0);
    const shortlist: Array<(typeof base)[number] & { now: number }> = [];
    for (const c of base) {
      const section = sectionOf(c.candidate.sentence);
      // A table row already asked about may give another of its cells, but only when the
      // material is too small for one question per row (second pass below).
      const row = c.candidate.sentence.record !== undefined;
      if (taken[section]! >= MAX_TRIES_PER_SLOT / 2 || (used.has(c.candidate.sentence.id) && !row))
        continue;
      if (!fits(type, c.candidate)) continue;
      // A stem still leaning on a sentence the quiz cannot show is tried only when nothing
      // else fills the slot (session 13): refused first, it never costs a question.
      if (isLastResort(c.candidate) !== lastResort) continue;
      taken[section]!++;
      const group = groups.size > 1 ? (perGroup.get(groupOf(c.candidate.sentence)) ?? 0) : 0;
      const opener = openers.get(openerOf(c.candidate.sentence.text)) ?? 0;
      shortlist.push({
        ...c,
        now:
          c.weight *
          Math.pow(0.5, perSection[section]!) *
          Math.pow(0.6, group) *
          Math.pow(0.35, Math.max(0, opener - 1)),
      });
    }
    const order = shortlist.sort(
      (x, y) => y.now - x.now || x.candidate.sentence.id - y.candidate.sentence.id,
    );
    // First every term once; only a material too small for that tests a term twice.
    // A true statement first from the sentences that could also be made false (the same kind
    // of sentence as the false ones), then from any.
    const passes: Array<[boolean, boolean]> =
      type === 'true_false' && truth
        ? [
            [false, true],
            [false, false],
            [true, false],
          ]
        : [
            [false, false],
            [true, false],
          ];
    for (const [allowReuse, checkableTruths] of passes) {
      // A key a learner sees (an option, a blank, a typed answer) is asked once: prose asks
      // each once and a quiz runs short (with its notice) rather than asking "response
      // variable" three times. Only a table too small for one question per row asks a value
      // twice (another cell of a row, one family for two plants); a statement, whose answer is
      // true or false, may turn on a term already asked in another of its facts.
      const reusable = (c: Candidate) => type === 'true_false' || !!c.sentence.record;
      if (allowReuse && !order.some(({ candidate }) => reusable(candidate))) continue;
      ctx.allowReuse = allowReuse;
      ctx.checkableTruths = checkableTruths;
      // The checkable-truth pass looks among the best few only: it must not pull the quiz
      // off the sentences its difficulty prefers.
      const tries = checkableTruths ? CHECKABLE_TRUTH_TRIES : MAX_TRIES_PER_SLOT;
      // The first few drafts that pass every check; the learned ranker picks among them
      // (decision 0051). Budgets a draft not chosen took are given back.
      const pool: Array<{
        draft: Draft;
        now: number;
        kind: string;
        took: [number, number];
      }> = [];
      for (const { candidate, now } of order.slice(0, tries)) {
        if (pool.length >= RANK_POOL) break;
        if (allowReuse && !reusable(candidate)) continue;
        const subject = candidate.sentence.record?.[0]?.value;
        if (!allowReuse && subject && usedSubjects.has(subject)) continue;
        if (!allowReuse && used.has(candidate.sentence.id)) continue;
        // A stem shows its restored context whole: no question on a sentence another stem
        // shows, nor a stem showing a sentence another question asks about (it would give that
        // key away, or state a false statement's true version).
        if (shownAsContext.has(candidate.sentence.id)) continue;
        if (contextIds(candidate.sentence).some((id) => used.has(id))) continue;
        const grams = charTrigrams(testedText(candidate.sentence));
        if (facts.some((f) => gramSimilarity(f, grams) >= SAME_FACT_SIMILARITY)) continue;
        const budgets = [ctx.mcqLongest.used, ctx.blankLongest.used];
        const draft = build(ctx, type, candidate, truth, speakers);
        // A stem with its context restored tests its own sentence, not the context's fact.
        if (draft && draft.fact === draft.sentence.text) draft.fact = testedText(draft.sentence);
        // The same fact from another place (a row repeated on a second sheet) is asked once.
        if (draft && isSameFact(draft)) continue;
        // No question answers another: its key is not shown by another question's stem or
        // options, nor does it show theirs.
        if (draft && drafts.some((d) => showsKeyOf(d, draft) || showsKeyOf(draft, d))) continue;
        // Nor asks a fact again from another sentence: the same key with overlapping support.
        if (draft && drafts.some((d) => sameKeyedFact(d, draft))) continue;
        // Nor tests a concept again under another wording ("categorical variables", "the
        // categorical variable"), in any type: each key once per quiz. Two statements never
        // turn on one point either ("September 2023" changed in three of them).
        const statements = (d: Draft) => d.type === 'true_false' && draft?.type === 'true_false';
        if (draft && drafts.some((d) => (!allowReuse || statements(d)) && repeatsKey(d, draft)))
          continue;
        // Nor makes "pick the longest option" a rule: the key longest in ≤ ~35% of the choice
        // items and of the blanks (an item over two places writes its own options).
        if (draft && keyLongestOver([...drafts, draft], planned)) continue;
        // One wrong option is not shown again and again: the picker passes over a distractor
        // the quiz shows twice (pickDistractors); a hard refusal here (reusesDistractor) cost
        // a question on long zh talks, so it is left to the picker.
        if (draft)
          pool.push({
            draft,
            now,
            kind: askedKind(candidate),
            took: [ctx.mcqLongest.used - budgets[0]!, ctx.blankLongest.used - budgets[1]!],
          });
      }
      const chosen = pickRanked(pool, lang, settings.difficulty === 'expert');
      if (chosen) {
        for (const other of pool)
          if (other !== chosen) {
            ctx.mcqLongest.used -= other.took[0];
            ctx.blankLongest.used -= other.took[1];
          }
        ctx.checkableTruths = false;
        return chosen.draft;
      }
    }
    ctx.checkableTruths = false;
    if (!lastResort && base.some((c) => isLastResort(c.candidate)))
      return tryType(type, truth, true);
    return undefined;
  };

  /** Whether one more statement of this truth keeps the split as balanceTrueFalse wants it. */
  const splitAllows = (truth: boolean) => {
    const made = drafts.filter((d) => d.truth !== undefined);
    const n = made.length + 1;
    const t = made.filter((d) => d.truth).length + (truth ? 1 : 0);
    const share = tfCount ? trues / tfCount : 0.5;
    return (n < 3 || (t > 0 && t < n)) && Math.abs(t - share * n) <= 1;
  };

  let tfIndex = 0;
  slots.forEach((type, i) => {
    const truth = type === 'true_false' ? truths[tfIndex++]! : true;
    let draft = unavailable.has(type) ? undefined : tryType(type, truth);
    // A statement the material cannot make false (or true) is still worth asking the other way,
    // when the true/false split stays even enough: a statement the balancing would drop later
    // leaves its slot to another type instead (a material with no checkable false statement
    // gets short answers, not a quiz cut short).
    if (!draft && type === 'true_false' && !unavailable.has(type)) {
      const other = tryType(type, !truth);
      if (!other) unavailable.add(type);
      else if (splitAllows(!truth)) draft = other;
    } else if (!draft && !unavailable.has(type)) unavailable.add(type);
    // Another requested type takes the slot of one the material cannot supply: the sounder
    // types first (a typed term, a statement), a statement keyed to keep the drawn split.
    for (const other of [...types].sort(
      (x, y) => REMAINDER_ORDER.indexOf(x) - REMAINDER_ORDER.indexOf(y),
    )) {
      if (draft || other === type) continue;
      if (other === 'true_false') {
        const made = drafts.filter((d) => d.truth !== undefined);
        const share = tfCount ? trues / tfCount : 0.5;
        const wantTrue = made.filter((d) => d.truth).length < share * (made.length + 1);
        draft = tryType(other, wantTrue);
        if (!draft && splitAllows(!wantTrue)) draft = tryType(other, !wantTrue);
      } else draft = tryType(other, true);
    }
    if (draft) {
      draft.relatedConcepts = keyConcepts(ctx.a, draft);
      // A learner who writes the abbreviation or other name the material gives is right too.
      if (draft.acceptedAnswers && draft.keys[0]) {
        // An "alias" the stem itself shows is context, not another name of the key.
        const stem = comparisonKey(draft.question);
        const aliases = [
          ...materialAliases(ctx.a.fullText, draft.keys[0]),
          ...pairedAcronyms(ctx.a.fullText, draft.keys[0]),
          ...documentAcronymForms(ctx.a.fullText, draft.keys[0]),
          ...zhDocumentForms(ctx.a.fullText, draft.keys[0]),
          ...materialNumberForms(ctx.a.fullText, draft.sentence.text, draft.keys[0]),
          ...zhMaterialForms(ctx.a.fullText, draft.keys[0]),
          ...zhCountForms(draft.keys[0]),
        ].filter((x) => !stemShows(draft.question, stem, x));
        draft.acceptedAnswers = [...new Set([...draft.acceptedAnswers, ...aliases])];
        const note = acceptedWordingsNote(
          ctx.a.language,
          draft.keys[0],
          draft.acceptedAnswers,
          normalizeShortAnswer,
        );
        if (note) draft.explanation += `${ctx.t.join}${note}`;
      }
      drafts.push(draft);
      ctx.shownDistractors ??= new Map();
      for (const x of new Set(distractorsOf(draft)))
        ctx.shownDistractors.set(x, (ctx.shownDistractors.get(x) ?? 0) + 1);
      used.add(draft.sentence.id);
      for (const id of contextIds(draft.sentence)) shownAsContext.add(id);
      const subject = draft.sentence.record?.[0]?.value;
      if (subject) usedSubjects.add(subject);
      for (const key of draft.keys) ctx.usedKeys.add(comparisonKey(key));
      if (draft.sentence.record) tableFacts.add(comparisonKey(draft.fact));
      else facts.push(charTrigrams(draft.fact));
      perSection[sectionOf(draft.sentence)]!++;
      const group = groupOf(draft.sentence);
      perGroup.set(group, (perGroup.get(group) ?? 0) + 1);
      const opener = openerOf(draft.sentence.text);
      openers.set(opener, (openers.get(opener) ?? 0) + 1);
    }
    onSlot(i + 1);
  });
  const notices: QuizNotice[] = [...unavailable]
    .filter((type) => types.includes(type))
    .map((type) => ({ code: 'TYPE_UNAVAILABLE', params: { type } }));
  // Instructions whose topic words match nothing in the material cannot steer the quiz: say so.
  if (settings.additionalInstructions?.trim() && !weighed.some((c) => c.onTopic))
    notices.push({ code: 'INSTRUCTIONS_UNMATCHED' });
  const share = tfCount ? trues / tfCount : 0.5;
  return {
    drafts: enforceSpread(balanceTrueFalse(ctx, enforceSpread(drafts), share)),
    notices,
    slots,
  };
}

/** The share of choice items (and of blanks) whose key may be the longest option. */
const KEY_LONGEST_BUDGET = 0.35;

/** How many of the best-weighed candidates, per question asked, count as a type's supply. */
const SUPPLY_POOL_PER_QUESTION = 4;

/**
 * Strong candidates per type: among the best-weighed candidates (four per question asked, at
 * least 40 — the ones the quiz would really ask), how many distinct sentences build a question
 * of the type that passes selection's checks, up to the count (true/false: bounded by twice
 * the checkable false statements, the harder half). Probed on a copy of the context, so nothing is used up.
 */
export function typeSupply(
  ctx: BuildContext,
  base: ReadonlyArray<{ candidate: Candidate }>,
  types: QuestionType[],
  count: number,
  speakers: Speakers = { names: new Set() },
): Map<QuestionType, number> {
  const pool = base.slice(0, Math.max(40, count * SUPPLY_POOL_PER_QUESTION));
  const probe: BuildContext = {
    ...ctx,
    usedKeys: new Set(),
    allowReuse: false,
    checkableTruths: false,
    mcqLongest: { used: 0, max: Infinity },
    blankLongest: { used: 0, max: Infinity },
  };
  const out = new Map<QuestionType, number>();
  /** Distinct sentences of the pool that build an item of the type (up to the count). */
  const builds = (type: QuestionType, truth: boolean, among = pool) => {
    const sentences = new Set<number>();
    for (const { candidate } of among) {
      if (sentences.size >= count) break;
      if (sentences.has(candidate.sentence.id) || !fits(type, candidate)) continue;
      if (build(probe, type, candidate, truth, speakers)) sentences.add(candidate.sentence.id);
    }
    return sentences.size;
  };
  // Statements are sought as deep as a slot seeks one: a statement of a less central sentence
  // is still sound (T/F was graded the soundest type at every level), and a checkable false one
  // is rarer than a blank.
  const deep = base.slice(0, MAX_TRIES_PER_SLOT);
  for (const type of types)
    out.set(
      type,
      // Statements need both truths: about as many false ones (a checkable swap) as true ones;
      // a material with no checkable false statement has one true statement's worth.
      type === 'true_false'
        ? Math.min(builds(type, true, deep), 2 * builds(type, false, deep) + 1)
        : builds(type, true),
    );
  return out;
}

/** What a question shows a learner: its stem and every option. */
function shownText(d: Draft): string {
  return [d.question, ...(d.choices ?? []), ...(d.blanks ?? []).flat()].join('\n');
}

/** One way of writing numbers and case for comparing what questions show (45 percent = 45%). */
function comparable(text: string): string {
  return foldWidth(text)
    .toLowerCase()
    .replace(/(\d)\s*(?:percent|per cent)\b/gu, '$1%')
    .replace(/\s+/gu, ' ');
}

/** Whether a key is written in a text: as a whole word (a Latin or number key), or as is (Han). */
export function keyVisibleIn(key: string, text: string): boolean {
  const k = comparable(key).trim();
  if ([...k].length < 2) return false;
  const t = comparable(text);
  if (/\p{Script=Han}/u.test(k) && !/[\p{Script=Latin}\d]/u.test(k)) return t.includes(k);
  const escaped = k.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&').replace(/ /gu, '\\s+');
  return new RegExp(`(?<![\\p{L}\\d])${escaped}(?:e?s)?(?![\\p{L}\\d])`, 'u').test(t);
}

/**
 * Whether `other` gives away the answer to `asked`: a key of a choice, blank or typed item shown
 * in the other question's stem (a typed one also in its options); for a statement, the number
 * it turns on.
 */
export function showsKeyOf(asked: Draft, other: Draft): boolean {
  if (asked === other) return false;
  // Another item's options show a typed answer (it need only be recognised there); a choice
  // item's key among other distractors of its kind is no hint (percentages quiz each other).
  // A number among other numbers of its kind is no hint either.
  const shown =
    asked.type === 'short_answer' && !/\d/u.test(asked.keys.join(''))
      ? shownText(other)
      : other.question;
  const keys =
    asked.type === 'true_false'
      ? asked.keys.filter((k) => /\d|[零一二兩三四五六七八九十百千萬]/u.test(k))
      : asked.keys;
  if (!keys.some((k) => keyVisibleIn(k, shown))) return false;
  // A typed answer or a statement's number seen anywhere gives it away. A choice among options
  // is given away only where the other stem writes the key in the blank's own frame (the word
  // beside the blank): every option of a small material is written somewhere.
  if (asked.type === 'short_answer' || asked.type === 'true_false') return true;
  const frame = blankFrame(asked.question);
  const join = (x: string, y: string) =>
    /\p{Script=Han}$/u.test(x) || /^\p{Script=Han}/u.test(y) ? `${x}${y}` : `${x} ${y}`;
  return frame.some((w) =>
    keys.some((k) => keyVisibleIn(join(w, k), shown) || keyVisibleIn(join(k, w), shown)),
  );
}

/** The words right beside the first blank of a stem (a Chinese stem: two characters each side). */
function blankFrame(question: string): string[] {
  const at = question.indexOf(BLANK_MARKER);
  if (at < 0) return [];
  const before = question.slice(0, at);
  const after = question.slice(at + BLANK_MARKER.length);
  if (/\p{Script=Han}/u.test(before.slice(-2) + after.slice(0, 2))) {
    const left = /\p{Script=Han}{2}$/u.exec(before)?.[0];
    const right = /^\p{Script=Han}{2}/u.exec(after)?.[0];
    return [left, right].filter((x): x is string => !!x);
  }
  const left = /([\p{L}\d'’-]+)\s*$/u.exec(before)?.[1];
  const right = /^\s*([\p{L}\d'’-]+)/u.exec(after)?.[1];
  return [left, right].filter((x): x is string => !!x);
}

/** A key's words as a concept: lower case, singular, no article, 45 percent = 45%. */
export function conceptWords(key: string): string[] {
  return comparable(key)
    .replace(/[^\p{L}\p{N}%.\s]+/gu, ' ')
    .split(/\s+/u)
    .map((w) => w.replace(/\.$/u, ''))
    .filter((w) => w && !/^(?:the|a|an)$/u.test(w))
    .map((w) => (/^\p{L}{4,}$/u.test(w) && /[^s]s$/u.test(w) ? w.slice(0, -1) : w));
}

/**
 * Whether two keys name one concept: the same words (plural, article and case aside), or a
 * key of two or more words inside the other ("test statistic" in "the test statistic value");
 * in Chinese the same characters or one of three or more inside the other. "variable" and
 * "categorical variable" are two concepts.
 */
export function sameConcept(x: string, y: string): boolean {
  const hanOnly = (t: string) => /\p{Script=Han}/u.test(t) && !/[\p{Script=Latin}\d]/u.test(t);
  if (hanOnly(x) || hanOnly(y)) {
    const a = comparisonKey(x);
    const b = comparisonKey(y);
    if (!a || !b) return false;
    const [short, long] = a.length <= b.length ? [a, b] : [b, a];
    return short === long || ([...short].length >= 3 && long.includes(short));
  }
  const a = conceptWords(x);
  const b = conceptWords(y);
  if (!a.length || !b.length) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.join(' ') === long.join(' ')) return true;
  if (short.length < 2) return false;
  for (let i = 0; i + short.length <= long.length; i++)
    if (short.every((w, j) => long[i + j] === w)) return true;
  return false;
}

/** Whether a question tests a key another question already tests (one concept, any type). */
export function repeatsKey(earlier: Draft, draft: Draft): boolean {
  return draft.keys.some((k) => earlier.keys.some((e) => sameConcept(k, e)));
}

/** Two supports this alike (3-gram Dice) with one key state one fact, said twice. */
export const SAME_KEYED_FACT_SIMILARITY = 0.45;

/**
 * Whether two questions test one fact from two sentences: a key of one is (in) a key of the
 * other ("50%" and "50% higher"), and their sentences overlap (a finding restated in a summary).
 */
export function sameKeyedFact(x: Draft, y: Draft): boolean {
  const keys = (d: Draft) => d.keys.map(comparisonKey).filter((k) => [...k].length >= 2);
  const overlap =
    keys(x).some((a) => keys(y).some((b) => a.includes(b) || b.includes(a))) ||
    // One fact in two types: a blank's key that the other question's statement states.
    x.keys.some((k) => keyVisibleIn(k, y.fact)) ||
    y.keys.some((k) => keyVisibleIn(k, x.fact));
  if (!overlap) return false;
  // The support without the keys: a long key shared by two sentences is not a shared fact.
  const bare = (d: Draft) =>
    [...x.keys, ...y.keys].reduce((t, k) => (k.trim() ? t.split(k).join(' ') : t), d.fact);
  return gramSimilarity(charTrigrams(bare(x)), charTrigrams(bare(y))) >= SAME_KEYED_FACT_SIMILARITY;
}

/** A cloze candidate whose stem leans on a sentence that could not be restored. */
function isLastResort(c: Candidate): boolean {
  return 'lastResort' in c && c.lastResort === true;
}

function fits(type: QuestionType, c: Candidate): boolean {
  if ('body' in c) return type === 'multiple_choice' || type === 'short_answer';
  return true;
}

function build(
  ctx: BuildContext,
  type: QuestionType,
  c: Candidate,
  truth: boolean,
  speakers: Speakers = { names: new Set() },
): Draft | undefined {
  // A table fact (candidates/table.ts) writes its own stems: "What is the <attribute> of <entity>?"
  if ('build' in c && typeof c.build === 'function') return c.build(ctx, type, truth);
  // A question in the material (a Q&A card: 「…可否舉例？」) is no statement to blank or judge.
  if (/[?？][」』"”]?$/u.test(c.sentence.text.trim())) return undefined;
  // A heading or list fragment with no verb ("Explanatory and response variables.") is no
  // statement to judge or complete.
  if (ctx.a.language === 'en' && !c.sentence.record && lacksFiniteVerb(c.sentence.text))
    return undefined;
  // Nor is a sentence about the book ("In the next chapter you will learn …").
  if (talksAboutTheBook(c.sentence.text, ctx.a.language)) return undefined;
  // What a host or a guest claims is not a fact of the material (the main speaker may deny it
  // in the next turn): true/false statements come from the main speaker's own lines only.
  if (type === 'true_false' && speakerWeight(speakers, c.sentence) < 1) return undefined;
  // Who spoke is not what the material teaches: no blank or swap on a speaker's name.
  if ('body' in c) {
    if (isSpeakerName(speakers, c.answer.text)) return undefined;
  } else {
    const sentence = c.sentence;
    const blank = type !== 'true_false';
    const answers = c.answers.filter(
      (x) =>
        !(x.kind === 'term' && isSpeakerName(speakers, x.text)) &&
        !(x.kind !== 'field' && glossedBeside(sentence.text, x)) &&
        // A blank its neighbours fix (「二級_____」, 「_____或者是十個」) tests reading, not knowing.
        !(blank && x.kind !== 'field' && fixedByNeighbours(ctx.a, sentence, x)),
    );
    if (!answers.length) return undefined;
    if (answers.length < c.answers.length) c = { ...c, answers };
  }
  // Chinese blanks, typed answers and swaps only on terms worth knowing (not 大家, 一次, 上有).
  if (ctx.a.language === 'zh') {
    if ('body' in c) {
      if (!isAskableZh(c.answer)) return undefined;
    } else {
      const sentence = c.sentence;
      const answers = c.answers.filter(
        (x) =>
          isAskableZh(x) &&
          !isGluedCount(sentence.text, x) &&
          (x.kind !== 'term' ||
            (!insideLongerTerm(ctx.a, sentence, x) && !showsOtherForm(sentence, x))),
      );
      if (!answers.length) return undefined;
      if (answers.length < c.answers.length) c = { ...c, answers };
    }
  }
  switch (type) {
    case 'multiple_choice':
      return buildMultipleChoice(ctx, c);
    case 'short_answer':
      return buildShortAnswer(ctx, c);
    case 'true_false':
      return 'body' in c ? undefined : buildTrueFalse(ctx, c, truth);
    case 'dropdown_fill_in_blank':
      return 'body' in c ? undefined : buildDropdown(ctx, c);
  }
}

const fixedCache = new WeakMap<DocAnalysis, Map<string, boolean>>();

/**
 * Whether a blank's neighbours fill it (a collocation the material only uses with this key, an
 * enumerated neighbour, the sentence's own arithmetic). Remembered per material: every slot of
 * a quiz tries the same best candidates again, and the collocation test scans the whole text.
 */
function fixedByNeighbours(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  x: ClozeCandidate['answers'][number],
): boolean {
  let cache = fixedCache.get(a);
  if (!cache) fixedCache.set(a, (cache = new Map()));
  const id = `${sentence.id}:${x.start}:${x.end}`;
  let fixed = cache.get(id);
  if (fixed === undefined) {
    fixed =
      fixedByCollocation(a.fullText, sentence.text, x, a.language) ||
      enumeratedNeighbour(sentence.text, x, sentence.numbers) ||
      // 「_____支持，40%反對」: the sentence's own arithmetic fills the blank.
      (x.kind === 'number' && tiedNumber(x, sentence.numbers));
    cache.set(id, fixed);
  }
  return fixed;
}

/**
 * How many of `n` true/false items are true, drawn per quiz (a test-wise learner must not learn
 * that "two of three are false"): between 30% and 70% for four or more, any split but all-alike
 * for three, anything for one or two.
 */
export function drawTrueCount(n: number, rng: Rng): number {
  if (n <= 2) return rng.int(n + 1);
  if (n === 3) return 1 + rng.int(2);
  const lo = Math.ceil(n * 0.3);
  const hi = Math.floor(n * 0.7);
  return lo + rng.int(hi - lo + 1);
}

/** The file, sheet or slide deck part a sentence belongs to, for coverage across them. */
function groupOf(sentence: AnalysedSentence): string {
  const where = sentence.location;
  return where.kind === 'sheet' ? `${sentence.fileId}\u0000${where.sheet}` : sentence.fileId;
}

/** The first word of a sentence (English) or its first two characters (Chinese). */
export function openerOf(text: string): string {
  const t = text.trim().toLowerCase();
  const word = /^[a-z’'-]+/.exec(t)?.[0];
  return word ?? [...t].slice(0, 2).join('');
}

function sectionOf(sentence: AnalysedSentence): number {
  return Math.min(SECTIONS - 1, Math.floor(sentence.position * SECTIONS));
}

const BANDS: Record<Difficulty, [number, number, number]> = {
  // [from, to) percentile of importance preferred, weight outside it
  beginner: [0, 0.35, 0.35],
  basic: [0, 0.6, 0.55],
  advanced: [0.15, 0.85, 0.6],
  expert: [0.35, 1, 0.6],
};

/** What a candidate asks about, for the difficulty's preference. */
function askedKind(
  c: Candidate,
): 'definition' | 'list' | 'table' | 'number' | 'field' | 'relation' | 'term' {
  if ('body' in c) return 'definition';
  // A family that writes its own items: a list ("which is NOT one of …", over one or two
  // places of the material) or a table row (compared with the other rows of its column).
  if ('build' in c && typeof c.build === 'function') return c.sentence.record ? 'table' : 'list';
  const kinds = c.answers.map((x) => x.kind);
  if (kinds[0] === 'number') return 'number';
  if (kinds[0] === 'field') return 'field';
  // Two or more testable terms in one sentence: it states a relation between them.
  return c.answers.length >= 2 ? 'relation' : 'term';
}

/**
 * Difficulty changes what is asked, not only how close the distractors are: beginner and basic
 * prefer definitions and central terms; advanced prefers relations and numbers; expert prefers
 * the item families that are more than a verbatim cloze — definitions (term ↔ definition),
 * lists ("which is NOT one of"), table comparisons, numbers — over a blank in a sentence, and
 * a plain one-term cloze least (decision 0046).
 */
const KIND_WEIGHT: Record<Difficulty, Record<ReturnType<typeof askedKind>, number>> = {
  beginner: {
    definition: 1.4,
    list: 0.8,
    table: 1,
    term: 1.1,
    field: 1,
    number: 0.6,
    relation: 0.8,
  },
  basic: {
    definition: 1.25,
    list: 0.95,
    table: 1,
    term: 1,
    field: 1,
    number: 0.85,
    relation: 0.95,
  },
  advanced: {
    definition: 1,
    list: 1.25,
    table: 1.1,
    term: 0.85,
    field: 1.1,
    number: 1.3,
    relation: 1.25,
  },
  expert: {
    definition: 1.7,
    list: 1.9,
    table: 1.5,
    term: 0.6,
    field: 1.2,
    number: 1.5,
    relation: 1.45,
  },
};

/** Topic-matching candidates outweigh the rest this much: instructions visibly steer the quiz. */
const TOPIC_WEIGHT = 6;

/**
 * Base weights: importance shaped by the difficulty band and what the difficulty prefers to ask,
 * raised for the learner's topic words (in the sentence or its section heading).
 */
function weigh(
  a: DocAnalysis,
  candidates: Candidate[],
  settings: QuizSettings,
  topics: string[],
  speakers: Speakers = findSpeakers(a.sentences),
) {
  const sorted = [...candidates].sort((x, y) => y.score - x.score);
  const rank = new Map(sorted.map((c, i) => [c, sorted.length > 1 ? i / (sorted.length - 1) : 0]));
  const [from, to, outside] = BANDS[settings.difficulty];
  return candidates.map((candidate) => {
    const p = rank.get(candidate)!;
    const band = (p >= from && p <= to) || 'acrossPlaces' in candidate ? 1 : outside;
    const where = candidate.sentence.location;
    const heading =
      where.kind === 'paragraph'
        ? (where.headingPath ?? []).join(' ')
        : where.kind === 'slide'
          ? (where.title ?? '')
          : where.kind === 'sheet'
            ? where.sheet
            : '';
    const text = `${candidate.sentence.text}\n${heading}`.toLowerCase();
    const onTopic = topics.length > 0 && topics.some((w) => text.includes(w));
    const kind = KIND_WEIGHT[settings.difficulty][askedKind(candidate)];
    return {
      candidate,
      onTopic,
      // In a transcript, the main speaker's substance is the material: the host's or
      // interviewer's lines weigh much less (they stay for a material too small).
      weight:
        candidate.score *
        band *
        kind *
        (onTopic ? TOPIC_WEIGHT : 1) *
        speakerWeight(speakers, candidate.sentence, settings.difficulty),
    };
  });
}

/** How much an expert quiz still weighs a sentence a basic quiz would ask first. */
const EXPERT_CENTRAL_WEIGHT = 0.08;

/**
 * The sentences a basic quiz of the material would most likely ask: the best-weighed at basic
 * overall and the best few of each quarter (basic selection spreads over the quarters).
 */
function basicFavourites(
  a: DocAnalysis,
  candidates: Candidate[],
  settings: QuizSettings,
): Set<number> {
  const basic = weigh(a, candidates, { ...settings, difficulty: 'basic' }, []).sort(
    (x, y) => y.weight - x.weight || x.candidate.sentence.id - y.candidate.sentence.id,
  );
  const out = new Set<number>();
  const perSection = new Array<number>(SECTIONS).fill(0);
  const overall = Math.max(6, Math.ceil(settings.questionCount * 0.75));
  for (const { candidate } of basic) {
    const id = candidate.sentence.id;
    if (out.has(id)) continue;
    const section = sectionOf(candidate.sentence);
    if (out.size < overall || perSection[section]! < 3) {
      out.add(id);
      perSection[section]!++;
    }
    if (out.size >= overall + SECTIONS * 3) break;
  }
  return out;
}

/** Words of instructions that say how to ask, not what about. */
const INSTRUCTION_WORDS_EN =
  /^(?:about|focus|focusing|more|less|questions?|please|only|mainly|mostly|especially|concentrate|emphasi[sz]e|make|include|ask|asking|quiz|test|from|with|that|this|these|those|their|them|they|what|which|chapter|section|part|some|lots|topics?|areas?|material|document|harder|easier)$/;
const INSTRUCTION_WORDS_ZH = new Set([
  '著重',
  '重點',
  '問題',
  '題目',
  '請問',
  '關於',
  '有關',
  '集中',
  '主要',
  '一些',
  '內容',
  '部分',
  '多出',
  '出題',
  '測驗',
  '教材',
  '章節',
  '相關',
  '特別',
  '加強',
  '針對',
  '聚焦',
]);

/**
 * The learner's topic words: keyphrases of the document named in the instructions, the
 * instructions' English content words, and the Chinese words (jieba) of the instructions that
 * occur in the material.
 */
export function topicWords(a: DocAnalysis, instructions: string): string[] {
  const text = instructions.toLowerCase();
  if (!text.trim()) return [];
  const words = new Set<string>();
  for (const term of a.terms.values()) {
    const t = term.text.toLowerCase();
    if (t.length >= 2 && text.includes(t)) words.add(t);
  }
  for (const w of text.match(/[a-z][a-z-]{3,}/g) ?? []) {
    if (INSTRUCTION_WORDS_EN.test(w)) continue;
    words.add(w);
    // "populations" steers to "population" too.
    if (w.length > 4 && w.endsWith('s')) words.add(w.slice(0, -1));
  }
  const full = a.fullText.toLowerCase();
  if (/\p{Script=Han}/u.test(text))
    for (const token of segmentChinese(instructions)) {
      const w = token.text;
      if ([...w].length < 2 || !/\p{Script=Han}/u.test(w) || INSTRUCTION_WORDS_ZH.has(w)) continue;
      if (!/^(?:n|nr|nrt|nrfg|ns|nt|nz|ng|vn|an|l|j|i|v)$/.test(token.pos)) continue;
      if (full.includes(w)) words.add(w);
    }
  return [...words];
}

/**
 * Whether the stem shows an alias: a Latin one as a whole word, case aside ("SE" is not shown by
 * "use" or "these"), a Chinese one anywhere in the stem's comparison key.
 */
export function stemShows(question: string, stemKey: string, alias: string): boolean {
  const a = alias.trim();
  if (!/^[\p{Script=Latin}\d][\p{Script=Latin}\d\s'’.,-]*$/u.test(a))
    return stemKey.includes(comparisonKey(a));
  const words = a.split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\d])${words.join('\\s+')}(?![\\p{L}\\d])`, 'iu').test(question);
}

/** How often one distractor text may be shown in a quiz ("convergent boundary" everywhere). */
export const MAX_DISTRACTOR_USES = MAX_DISTRACTOR_SHOWS;

/** The wrong options a draft shows: its choices and every blank's, the key aside. */
function distractorsOf(d: Draft): string[] {
  const lists = d.choices ? [d.choices] : (d.blanks ?? []);
  return lists.flatMap((l) => l.slice(1)).map(comparisonKey);
}

/** Whether a draft shows a distractor the quiz already shows MAX_DISTRACTOR_USES times. */
export function reusesDistractor(drafts: Draft[], draft: Draft): boolean {
  const mine = distractorsOf(draft);
  if (!mine.length) return false;
  const counts = new Map<string, number>();
  for (const d of drafts)
    for (const x of new Set(distractorsOf(d))) counts.set(x, (counts.get(x) ?? 0) + 1);
  return mine.some((x) => (counts.get(x) ?? 0) >= MAX_DISTRACTOR_USES);
}
