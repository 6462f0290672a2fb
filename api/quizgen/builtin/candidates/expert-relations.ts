import { comparisonKey } from '../../text/normalize.js';
import { charTrigrams, gramSimilarity } from '../../text/similarity.js';
import type { QuestionType } from '../../types.js';
import type { AnalysedSentence, DocAnalysis } from '../analysis.js';
import type { Answer } from '../answers.js';
import type { Distractor } from '../distractors.js';
import {
  citationOf,
  MAX_DISTRACTOR_SHOWS,
  pickDistractors,
  type BuildContext,
  type Draft,
} from '../draft.js';
import { englishSentenceStandsAlone } from '../en-standalone.js';
import { relatedConcepts } from '../explain.js';
import { findSpeakers, isMinorSpeakerLine } from '../material/speakers.js';
import { talksAboutTheBook } from '../material/statement-shape.js';
import { barePronounSubject, isDependentClause } from '../zh-clauses.js';
import { zhLacksContext } from '../zh-context.js';

/**
 * An expert item that asks a relation, not a word: "According to the material, what is the
 * reason for the following? “<claim>”" with the reason the material gives as the key and, as
 * distractors, reasons the material gives for other claims (decision 0054). The relation is
 * read from an explicit connective only — because / so that, 因為…所以 / 由於 / …是因為 — never
 * guessed, and each option is a whole clause of the material that reads alone.
 *
 * Sound by construction: a distractor is the stated reason of a different claim (its claim
 * unlike the asked one, from another part of the material), and no sentence near the asked one
 * states it; any doubt and the candidate gives no item.
 */
export interface RelationCandidate {
  sentence: AnalysedSentence;
  /** The reason as the item's key (selection reads it as the tested answer). */
  answers: Answer[];
  score: number;
  /** What the item asks: a relation between two clauses (select.ts weighs it as such). */
  asks: 'relation';
  /** The options come from several places of the material: no recall of one sentence. */
  acrossPlaces: true;
  build(ctx: BuildContext, type: QuestionType, truth: boolean): Draft | undefined;
}

/** One explicit relation of the material: a claim and the clause that gives its reason. */
export interface StatedRelation {
  sentence: AnalysedSentence;
  /**
   * A condition's or a cause's `claim` is the condition or cause (the stem), its `clause` the
   * consequence (the option).
   */
  kind: 'reason' | 'purpose' | 'condition' | 'result';
  /** The claim, as a clause that reads alone (the stem). */
  claim: string;
  /** The reason or purpose, verbatim (the option). */
  clause: string;
  /** Where the clause starts in the sentence. */
  start: number;
}

/** "<claim>, because <reason>." — the claim opens the sentence. */
const EN_CLAIM_BECAUSE = /^(?<claim>[^;:?!]{20,}?),? because (?<clause>(?!of\b)[^;:?!]{12,})\.$/u;
/** "Because <reason>, <claim>." — one comma only, so the split is certain. */
const EN_BECAUSE_CLAIM = /^Because (?<clause>[^,;:?!]{12,}), (?<claim>[^,;:?!]{20,})\.$/u;
/** "<action> so that <purpose>." */
const EN_SO_THAT = /^(?<claim>[^;:?!]{20,}?),? so that (?<clause>[^;:?!]{12,})\.$/u;
/** "<cause>, so <result>." / "<cause>, which means <result>." */
const EN_SO =
  /^(?<claim>[^;:?!]{20,}?), (?:so|which means(?: that)?|and therefore|and as a result,?) (?!that\b|far\b|much\b|many\b|long\b|to\b|on\b|forth\b)(?<clause>[^;:?!]{12,})\.$/u;

/** A clause opening with a reason's connective (「因為…」, 「是因為…」, 「由於…」). */
const ZH_BECAUSE = /^(?:也|就|正|這|那)?(?:是)?(?:因為|由於)/u;
/** A clause opening with its consequence's connective (「所以…」, 「因此…」). */
const ZH_SO = /^(?:所以|因此|因而)/u;
/** A clause stating a condition (「如果…（的話）」, 「假如…」, 「只要…」). */
const ZH_IF = /^(?:如果|假如|假設|要是|只要)/u;
/** The consequence's clause after it (「就…」, 「那就…」, 「便…」). */
const ZH_THEN = /^(?:那麼?)?(?<subject>[^，,；;。]{0,6}?)(?:就|便|則)(?!是)/u;

/** Discourse words a claim may open with, left out of the stem ("And", "However,"). */
const EN_LEAD = /^(?:and|but|so|however|indeed|again|also|now|then|for example|in fact),?\s+/iu;

/** Words of an option that point outside it or address someone: it does not read alone. */
const EN_OPTION_LEANS =
  /\b(?:I|I['’](?:m|ve|d|ll)|me|my|you|your|we|we['’](?:re|ve|d|ll)|us|our|this|that|these|those|here|there|such|he|she|him|her)\b|[@\\{}$[\]]/iu;
/**
 * An option that is a guess or a hedge ("must be", "might"), or two clauses in one ("whereas",
 * "instead of"): no stated relation a learner can be keyed on.
 */
const EN_OPTION_LOOSE =
  /\b(?:must|might|may|could|would|probably|perhaps|maybe|whereas|while|instead of|then)\b/iu;
const ZH_OPTION_LOOSE = /可能|也許|或許|大概|好像|似乎|應該/u;
const EN_CLAIM_OPENER =
  /^(?:and|but|or|so|then|also|which|who|it|this|that|these|those|they|he|she|there|here|because|as|well|yes|no|now|oh|okay|i|you|my|our|your|any)\b/iu;
/** A claim told in the first or second person singular is the speaker's story, not a fact. */
const EN_CLAIM_PERSONAL = /\b(?:I|I['’](?:m|ve|d|ll)|me|my|you|your)\b|\bwhich is why\b/u;
/** A Chinese option that points outside itself, addresses someone or is spoken filler. */
const ZH_OPTION_LEANS =
  /[我你您他她它祂]|這(?!麼)|那(?!麼)|(?<![因如彼])此|(?<!應)該|[啦吧耶喔嘛呀欸哦啊]|其實|剛剛|剛才|上述/u;
const ZH_CLAIM_OPENER = /^(?:而|但|也|就|才|還|又|所以|因此|然後|那|這|其|他|她|它|你)/u;

/** The explicit reasons and purposes a material states, each a claim and its clause. */
export function statedRelations(a: DocAnalysis): StatedRelation[] {
  const speakers = findSpeakers(a.sentences);
  const out: StatedRelation[] = [];
  for (const sentence of a.sentences) {
    // A long line of talk is no stem, but the two clauses a connective joins in it are.
    if (sentence.record || !(sentence.usable || longButClean(sentence.text, a.language))) continue;
    if (sentence.kind && sentence.kind !== 'study') continue;
    if (isMinorSpeakerLine(speakers, sentence)) continue;
    if (talksAboutTheBook(sentence.text, a.language)) continue;
    const text = sentence.text.trim();
    const found = a.language === 'zh' ? zhRelation(text) : enRelation(text);
    if (!found) continue;
    // A consequence written without its 就 is found by its verbatim tail.
    const start = Math.max(
      sentence.text.indexOf(found.clause),
      sentence.text.indexOf(found.clause.slice(-4)) - [...found.clause].length + 4,
    );
    if (start < 0) continue;
    out.push({ sentence, ...found, start });
  }
  return out;
}

/** A sentence refused as a stem only for its length: prose, no link, markup or question. */
function longButClean(text: string, language: 'zh' | 'en'): boolean {
  if (/https?:|www\.|<\/?[a-z]|[[\]|]|[?？]/iu.test(text)) return false;
  return language === 'zh'
    ? [...text].length > 150 && /[。！；]$/u.test(text)
    : text.split(/\s+/u).length > 55 && /^[\p{Lu}"“]/u.test(text) && /[.!]$/u.test(text);
}

function enRelation(text: string): Omit<StatedRelation, 'sentence' | 'start'> | undefined {
  for (const [re, kind] of [
    [EN_CLAIM_BECAUSE, 'reason'],
    [EN_BECAUSE_CLAIM, 'reason'],
    [EN_SO_THAT, 'purpose'],
    [EN_SO, 'result'],
  ] as const) {
    const m = re.exec(text.replace(EN_LEAD, ''));
    const claim = m?.groups?.claim?.trim();
    const clause = m?.groups?.clause?.trim();
    if (!claim || !clause) continue;
    const claimWords = claim.split(/\s+/u).length;
    const clauseWords = clause.split(/\s+/u).length;
    if (claimWords < 4 || claimWords > 30 || clauseWords < 3 || clauseWords > 22) return undefined;
    // Both halves are clauses of their own: no second connective, nothing pointing back.
    if (/\b(?:because|so that|so|therefore|thus|hence|which means)\b/iu.test(`${claim} ${clause}`))
      return undefined;
    if (EN_OPTION_LEANS.test(clause) || EN_OPTION_LOOSE.test(clause)) return undefined;
    if (/[@\\{}$[\]]/u.test(claim) || (clause.match(/,/gu)?.length ?? 0) > 1) return undefined;
    if (EN_CLAIM_OPENER.test(claim) || EN_CLAIM_PERSONAL.test(claim)) return undefined;
    // One claim and one reason: no list of clauses on either side, no dangling adverb
    // ("…, simply because …"), no reason that is a noun phrase ("because of …").
    if ((claim.match(/,/gu)?.length ?? 0) > 1 || /,\s*(?:and|but|so|or|which)\b/iu.test(clause))
      return undefined;
    if (/\b(?:simply|partly|mainly|only|just|largely|precisely)$/iu.test(claim)) return undefined;
    if (/^of\b/iu.test(clause)) return undefined;
    if (!englishSentenceStandsAlone(`${capitalise(claim)}.`)) return undefined;
    return { kind, claim: capitalise(claim), clause };
  }
  return undefined;
}

function zhRelation(text: string): Omit<StatedRelation, 'sentence' | 'start'> | undefined {
  // Clause by clause: a run-on line of talk holds many; the connective marks the two halves.
  const clauses = text.split(/(?<=[，,；;。！!])/u).map((c) => c.trim());
  const bare = (c: string) => c.replace(/[，,；;。！!]$/u, '');
  for (let i = 0; i < clauses.length; i++) {
    if (!ZH_BECAUSE.test(clauses[i]!)) continue;
    const clause = bare(clauses[i]!).replace(ZH_BECAUSE, '');
    const next = clauses[i + 1];
    const last = i === clauses.length - 1 || (i === clauses.length - 2 && !bare(next!));
    let claim: string | undefined;
    if (next && ZH_SO.test(next)) claim = bare(next).replace(ZH_SO, '');
    // 「因為A，B才C」: 才 marks the clause that follows from the reason.
    else if (next && /^[^，,；;]{2,}(?<!剛)才/u.test(next)) claim = bare(next);
    // 「B，因為A。」: the reason closes the sentence, the claim is the clause before it.
    else if (last && i > 0 && !/[；;]$/u.test(clauses[i - 1]!)) claim = bare(clauses[i - 1]!);
    // 「因為A，B。」: two clauses, the second the claim.
    else if (i === 0 && clauses.length === 2) claim = bare(next!);
    if (!claim || !zhRelationFits(claim, clause)) continue;
    return { kind: 'reason', claim, clause };
  }
  // 「如果A（的話），就B」: the condition is asked, its consequence is the key.
  for (let i = 0; i + 1 < clauses.length; i++) {
    if (!ZH_IF.test(clauses[i]!) || !ZH_THEN.test(clauses[i + 1]!)) continue;
    const condition = bare(clauses[i]!).replace(ZH_IF, '').replace(/的話$/u, '');
    // 「水獺就會…」: a short subject may stand before 就; the option keeps it, drops 就.
    const consequence = bare(clauses[i + 1]!).replace(ZH_THEN, '$<subject>');
    // The consequence must end its sentence or its clause run: a clause cut before its object
    // (「就可以，…」) is no option.
    if (!zhRelationFits(`如果${condition}`, consequence)) continue;
    if (/[我]/u.test(condition)) continue;
    return { kind: 'condition', claim: condition, clause: consequence };
  }
  // 「A，所以B。」: a cause and its result, the result closing the sentence.
  for (let i = 1; i < clauses.length; i++) {
    if (!ZH_SO.test(clauses[i]!) || !/[。！!]$/u.test(clauses[i]!)) continue;
    const before = clauses[i - 1]!;
    if (ZH_BECAUSE.test(before) || ZH_IF.test(before) || /[；;]$/u.test(before)) continue;
    const cause = bare(before);
    const result = bare(clauses[i]!).replace(ZH_SO, '');
    // 「…的時候，所以…」: a clause that needs a main clause is no cause of its own.
    if (isDependentClause(cause) || !zhRelationFits(cause, result)) continue;
    return { kind: 'result', claim: cause, clause: result };
  }
  return undefined;
}

function zhRelationFits(claim: string, clause: string): boolean {
  const claimChars = [...claim].length;
  const clauseChars = [...clause].length;
  if (claimChars < 6 || claimChars > 40 || clauseChars < 5 || clauseChars > 30) return false;
  if (/因為|由於|所以|因此|因而|為什麼/u.test(`${claim}${clause}`)) return false;
  if (/[?？]/u.test(`${claim}${clause}`)) return false;
  if (ZH_OPTION_LEANS.test(clause) || ZH_OPTION_LOOSE.test(clause)) return false;
  if (ZH_CLAIM_OPENER.test(claim) || barePronounSubject(claim) || zhLacksContext(claim))
    return false;
  // Some Han text on each side: not a formula, a code line or an English aside.
  return /\p{Script=Han}{4}/u.test(clause) && /\p{Script=Han}{4}/u.test(claim);
}

function capitalise(text: string): string {
  return /^\p{Ll}/u.test(text) ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** A distractor's claim this alike (3-gram Dice) to the asked claim may share its reason. */
const CLAIM_SIMILARITY = 0.3;
/** Two clauses this alike say one reason twice. */
const CLAUSE_SIMILARITY = 0.45;
/** Sentences this near the asked one may state a distractor as a reason of the same claim. */
const NEAR = 3;

/** Relation items (expert only): the material's stated reasons and purposes, asked back. */
export function relationCandidates(a: DocAnalysis): RelationCandidate[] {
  const relations = statedRelations(a);
  const out: RelationCandidate[] = [];
  for (const relation of relations) {
    // Reasons and purposes are all clauses the material gives for a claim: wrong options of
    // one another (each the relation of another claim).
    // Every other stated relation's clause is the relation of another claim: a wrong option
    // whatever its kind (a reason, purpose or consequence of something else). Those of the
    // asked relation's kind come first (relationDistractors).
    const peers = relations.filter((r) => r !== relation);
    // Three wrong options of the same kind are needed, with room to leave out doubtful ones.
    if (peers.length < 3) continue;
    const { sentence, clause, start } = relation;
    const mention = sentence.mentions.find((m) => m.start >= start) ?? sentence.mentions[0];
    const term = mention ? a.terms.get(mention.key) : undefined;
    // The key as the item's answer (a term of the sentence names it, when there is one).
    const answers: Answer[] =
      mention && term
        ? [{ kind: 'term', text: clause, start, end: start + clause.length, mention, term }]
        : [];
    out.push({
      sentence,
      answers,
      // A relation item is as strong as the terms it involves, never the strongest kind alone.
      score: 0.45 + 0.35 * Math.min(1, Math.sqrt((term?.score ?? 0) / Math.max(1, a.maxTermScore))),
      asks: 'relation',
      acrossPlaces: true,
      build: (ctx, type) =>
        type === 'multiple_choice' ? buildRelation(ctx, relation, peers) : undefined,
    });
  }
  return out;
}

/** Whether a relation's option is a consequence (of a condition or cause), not a reason. */
function consequenceKind(r: StatedRelation): boolean {
  return r.kind === 'condition' || r.kind === 'result';
}

/** The wrong options of a relation item, best first: other claims' reasons, checked. */
export function relationDistractors(
  a: DocAnalysis,
  relation: StatedRelation,
  peers: readonly StatedRelation[],
): StatedRelation[] {
  const { sentence, claim, clause } = relation;
  const claimGrams = charTrigrams(claim);
  const clauseGrams = charTrigrams(clause);
  const near = a.sentences
    .filter((s) => Math.abs(s.id - sentence.id) <= NEAR)
    .map((s) => comparisonKey(s.text));
  const length = (t: string) => (a.language === 'zh' ? [...t].length : t.split(/\s+/u).length);
  const keyTerms = new Set(sentence.mentions.map((m) => m.key));
  const seen: StatedRelation[] = [];
  return peers
    .filter((p) => {
      if (Math.abs(p.sentence.id - sentence.id) <= NEAR) return false;
      if (gramSimilarity(charTrigrams(p.claim), claimGrams) >= CLAIM_SIMILARITY) return false;
      if (gramSimilarity(charTrigrams(p.clause), clauseGrams) >= CLAUSE_SIMILARITY) return false;
      // Stated around the asked sentence, it may be a reason of the same claim too.
      if (near.some((n) => n.includes(comparisonKey(p.clause)))) return false;
      const ratio = length(p.clause) / length(clause);
      return ratio >= 0.5 && ratio <= 2;
    })
    .map((p) => ({
      p,
      // Plausible first: a reason about the same things (shared terms), then alike in length.
      rank:
        (consequenceKind(p) === consequenceKind(relation) ? 1 : 0) +
        p.sentence.mentions.filter((m) => keyTerms.has(m.key)).length * 0.5 -
        Math.abs(Math.log(length(p.clause) / length(clause))),
    }))
    .sort((x, y) => y.rank - x.rank || x.p.sentence.id - y.p.sentence.id)
    .map((x) => x.p)
    .filter((p) => {
      if (
        seen.some(
          (s) =>
            gramSimilarity(charTrigrams(s.clause), charTrigrams(p.clause)) >= CLAUSE_SIMILARITY,
        )
      )
        return false;
      seen.push(p);
      return true;
    });
}

function buildRelation(
  ctx: BuildContext,
  relation: StatedRelation,
  peers: readonly StatedRelation[],
): Draft | undefined {
  const { a, t } = ctx;
  const { sentence, clause, claim, kind } = relation;
  // A small material's few relations would fill every relation item with the same four
  // clauses: a clause shown as a wrong option is not a key later, another item's key is no
  // wrong option here, and no clause is shown more than MAX_DISTRACTOR_SHOWS times.
  const shown = (text: string) => ctx.shownDistractors?.get(comparisonKey(text)) ?? 0;
  if (shown(clause) > 0) return undefined;
  const ranked: Distractor[] = relationDistractors(a, relation, peers)
    .filter((p) => !ctx.usedKeys.has(comparisonKey(p.clause)))
    .filter((p) => shown(p.clause) < MAX_DISTRACTOR_SHOWS)
    .map((p) => ({ text: p.clause, relation: 'kind', evidence: p.sentence }));
  const picked = pickDistractors(clause, ranked, 3, ctx.mcqLongest);
  if (!picked) return undefined;
  const explanation = [
    t.explainSupport(t.location(sentence.location), sentence.text),
    t.explainKey([clause]),
    // Why each wrong option is wrong, where the material says so: it is another claim's reason.
    ...picked.map((d) =>
      t.explainDistractor(d.text, t.location(d.evidence!.location), d.evidence!.text),
    ),
  ].join(t.join);
  return {
    type: 'multiple_choice',
    question:
      kind === 'purpose'
        ? t.mcqPurpose(claim)
        : kind === 'condition'
          ? t.mcqConsequence(claim)
          : kind === 'result'
            ? t.mcqResult(claim)
            : t.mcqReason(claim),
    choices: [clause, ...picked.map((d) => d.text)],
    keys: [clause],
    explanation,
    relatedConcepts: relatedConcepts(a, sentence, [clause]),
    citation: citationOf(sentence),
    fact: sentence.text,
    sentence,
  };
}
