import { comparisonKey } from '../text/normalize.js';
import { charTrigrams, gramSimilarity } from '../text/similarity.js';
import type { Difficulty, QuestionType, QuizNotice, QuizSettings } from '../types.js';
import type { AnalysedSentence, DocAnalysis } from './analysis.js';
import { balanceTrueFalse, enforceSpread } from './balance.js';
import { buildDropdown, buildMultipleChoice } from './build-choice.js';
import { buildShortAnswer, buildTrueFalse } from './build-statement.js';
import type { ClozeCandidate } from './candidates/cloze.js';
import type { DefinitionCandidate } from './candidates/definition.js';
import type { BuildContext, Draft } from './draft.js';
import type { Rng } from './rng.js';

type Candidate = ClozeCandidate | DefinitionCandidate;

const SECTIONS = 4;
/** Two questions whose tested statements share this much of their 3-grams test the same fact. */
export const SAME_FACT_SIMILARITY = 0.6;
const MAX_TRIES_PER_SLOT = 80;

/** The question types of a quiz, interleaved and as even as the count allows. */
export function planSlots(count: number, types: QuestionType[]): QuestionType[] {
  return Array.from({ length: count }, (_, i) => types[i % types.length]!);
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
): { drafts: Draft[]; notices: QuizNotice[] } {
  const types = settings.questionTypes.length
    ? settings.questionTypes
    : (['multiple_choice'] as QuestionType[]);
  const slots = planSlots(settings.questionCount, types);
  const tfCount = slots.filter((s) => s === 'true_false').length;
  const trues = Math.floor(tfCount / 2) + (tfCount % 2 && rng.next() < 0.5 ? 1 : 0);
  const truths = rng.shuffle(Array.from({ length: tfCount }, (_, i) => i < trues));
  const base = weigh(ctx.a, [...definitions, ...cloze], settings).sort(
    (x, y) => y.weight - x.weight || x.candidate.sentence.id - y.candidate.sentence.id,
  );
  const perSection = new Array<number>(SECTIONS).fill(0);
  const used = new Set<number>();
  /** Table rows already asked about, by their first cell: one question per plant, per date. */
  const usedSubjects = new Set<string>();
  const facts: Array<Set<string>> = [];
  const drafts: Draft[] = [];
  const unavailable = new Set<QuestionType>();

  const tryType = (type: QuestionType, truth: boolean): Draft | undefined => {
    // The best few of each quarter, then weighed down by the questions the quarter already has.
    const taken = new Array<number>(SECTIONS).fill(0);
    const shortlist: Array<(typeof base)[number] & { now: number }> = [];
    for (const c of base) {
      const section = sectionOf(c.candidate.sentence);
      if (taken[section]! >= MAX_TRIES_PER_SLOT / 2 || used.has(c.candidate.sentence.id)) continue;
      if (!fits(type, c.candidate)) continue;
      taken[section]!++;
      shortlist.push({ ...c, now: c.weight * Math.pow(0.5, perSection[section]!) });
    }
    const order = shortlist.sort(
      (x, y) => y.now - x.now || x.candidate.sentence.id - y.candidate.sentence.id,
    );
    // First every term once; only a material too small for that tests a term twice.
    for (const allowReuse of [false, true]) {
      ctx.allowReuse = allowReuse;
      for (const { candidate } of order.slice(0, MAX_TRIES_PER_SLOT)) {
        const subject = candidate.sentence.record?.[0]?.value;
        if (!allowReuse && subject && usedSubjects.has(subject)) continue;
        const grams = charTrigrams(candidate.sentence.text);
        if (facts.some((f) => gramSimilarity(f, grams) >= SAME_FACT_SIMILARITY)) continue;
        const draft = build(ctx, type, candidate, truth);
        if (draft) return draft;
      }
    }
    return undefined;
  };

  let tfIndex = 0;
  slots.forEach((type, i) => {
    const truth = type === 'true_false' ? truths[tfIndex++]! : true;
    let draft = unavailable.has(type) ? undefined : tryType(type, truth);
    if (!draft && !unavailable.has(type)) unavailable.add(type);
    // Another requested type takes the slot of one the material cannot supply.
    for (const other of types) {
      if (draft || other === type || other === 'true_false') continue;
      draft = tryType(other, true);
    }
    if (draft) {
      drafts.push(draft);
      used.add(draft.sentence.id);
      const subject = draft.sentence.record?.[0]?.value;
      if (subject) usedSubjects.add(subject);
      for (const key of draft.keys) ctx.usedKeys.add(comparisonKey(key));
      facts.push(charTrigrams(draft.fact));
      perSection[sectionOf(draft.sentence)]!++;
    }
    onSlot(i + 1);
  });
  const notices: QuizNotice[] = [...unavailable]
    .filter((type) => types.includes(type))
    .map((type) => ({ code: 'TYPE_UNAVAILABLE', params: { type } }));
  return { drafts: enforceSpread(balanceTrueFalse(ctx, enforceSpread(drafts))), notices };
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
): Draft | undefined {
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

function sectionOf(sentence: AnalysedSentence): number {
  return Math.min(SECTIONS - 1, Math.floor(sentence.position * SECTIONS));
}

const BANDS: Record<Difficulty, [number, number, number]> = {
  // [from, to) percentile of importance preferred, weight outside it
  beginner: [0, 0.4, 0.45],
  basic: [0, 0.65, 0.6],
  advanced: [0.1, 0.85, 0.7],
  expert: [0.3, 1, 0.7],
};

/** Base weights: importance shaped by the difficulty band, raised for the learner's topic words. */
function weigh(a: DocAnalysis, candidates: Candidate[], settings: QuizSettings) {
  const sorted = [...candidates].sort((x, y) => y.score - x.score);
  const rank = new Map(sorted.map((c, i) => [c, sorted.length > 1 ? i / (sorted.length - 1) : 0]));
  const [from, to, outside] = BANDS[settings.difficulty];
  const topics = topicWords(a, settings.additionalInstructions ?? '');
  return candidates.map((candidate) => {
    const p = rank.get(candidate)!;
    const band = p >= from && p <= to ? 1 : outside;
    const text = candidate.sentence.text.toLowerCase();
    const topic = topics.length && topics.some((w) => text.includes(w)) ? 3 : 1;
    const definition = 'body' in candidate ? 1.15 : 1;
    return { candidate, weight: candidate.score * band * topic * definition };
  });
}

/** Keyphrases of the document named in the instructions, and the instructions' content words. */
function topicWords(a: DocAnalysis, instructions: string): string[] {
  const text = instructions.toLowerCase();
  if (!text.trim()) return [];
  const words = new Set<string>();
  for (const term of a.terms.values())
    if (text.includes(term.text.toLowerCase())) words.add(term.text.toLowerCase());
  for (const w of text.match(/[a-z][a-z-]{3,}/g) ?? [])
    if (!/^(about|focus|more|questions?|please|only)$/.test(w)) words.add(w);
  return [...words];
}
