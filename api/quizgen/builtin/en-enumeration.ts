import type { QuestionType } from '../types.js';
import { EN_LIST_GAP, type AnalysedSentence, type DocAnalysis } from './analysis.js';
import type { Answer } from './answers.js';
import { statedInContext } from './answers.js';
import { isGenericWord, rankDistractors, type Distractor } from './distractors.js';
import { standsAsEnglishOption } from '../text/en-lexicon.js';
import { citationOf, type BuildContext, type Draft } from './draft.js';
import { relatedConcepts } from './explain.js';
import { termKey } from './terms.js';
import { modifierTags } from './en-pos.js';
import { EN_NUMBER_WORDS } from '../text/en-number-words.js';

/**
 * An expert item that needs two places of the material: "Which of these is NOT one of the three
 * approaches … the material names?" — three members of a counted English enumeration ("three
 * different approaches for quantifying the variability inherent in data: randomization,
 * bootstrapping, and mathematical models") beside a term of the same type from elsewhere in the
 * material that is listed with none of them and never used with the category's head word.
 *
 * Strict on purpose: the sentence states how many members there are and the list found has
 * exactly that many, each a term of the material; otherwise the list may be partial and a
 * "non-member" could be a member.
 */
export interface EnumerationCandidate {
  sentence: AnalysedSentence;
  /** The members, as term answers (selection sees them as the items' keys). */
  answers: Answer[];
  score: number;
  /** Asks over two places of the material: selection does not weigh it as one sentence's recall. */
  acrossPlaces: true;
  build(ctx: BuildContext, type: QuestionType, truth: boolean): Draft | undefined;
}

/** "… three different approaches for quantifying X: " / "The four principles of Y are ". */
const HEADER =
  /\b(three|four|five|six|seven|eight|nine|ten)\s+((?:(?:different|main|key|major|basic|general|common)\s+)?([a-z][a-z-]*)(?:\s+[a-z][a-z-]*){0,8}?)\s*(?::|\s+(?:are|were|include|includes):?)\s*$/;

export function enumerationCandidates(a: DocAnalysis): EnumerationCandidate[] {
  if (a.language !== 'en') return [];
  const out: EnumerationCandidate[] = [];
  for (const sentence of a.sentences) {
    if (!sentence.usable || sentence.record) continue;
    const found = enumerationIn(a, sentence);
    if (!found) continue;
    const { members, category, head, shared } = found;
    const answers = members.map((m) => m.answer);
    out.push({
      sentence,
      answers,
      score: 0.9,
      acrossPlaces: true,
      build: (ctx, type) =>
        type === 'multiple_choice' && ctx.closeness >= 0.75
          ? shared
            ? buildNotInSharedList(ctx, sentence, answers, category, head, shared)
            : buildNotInList(ctx, sentence, answers, category, head)
          : undefined,
    });
  }
  return out;
}

interface Found {
  members: Array<{ answer: Extract<Answer, { kind: 'term' }> }>;
  category: string;
  head: string;
  /** The head word the members share after the list ("sampling"), when it is written once. */
  shared?: string;
}

/** The counted enumeration a sentence ends with, when every member is a term of the material. */
export function enumerationIn(a: DocAnalysis, sentence: AnalysedSentence): Found | undefined {
  const text = sentence.text;
  const mentions = sentence.mentions;
  for (let i = 0; i < mentions.length; i++) {
    const header = HEADER.exec(text.slice(0, mentions[i]!.start));
    if (!header) continue;
    const count = EN_NUMBER_WORDS[header[1]!]!;
    const chain = [mentions[i]!];
    for (let j = i + 1; j < mentions.length; j++) {
      if (!EN_LIST_GAP.test(text.slice(mentions[j - 1]!.end, mentions[j]!.start))) break;
      chain.push(mentions[j]!);
    }
    // The list is the sentence's end: nothing after its last member but the full stop — or one
    // head word its members share ("simple, stratified, cluster, and multistage sampling").
    const tail = text.slice(chain[chain.length - 1]!.end);
    const shared = /^\s+([a-z][a-z-]*)\s*[.;]?\s*$/.exec(tail)?.[1];
    const distributed =
      shared !== undefined &&
      header[2]!.split(/\s+/).some((w) => sameStem(w, shared)) &&
      chain.every((m) => !/\s/.test(m.text));
    if (!distributed && !/^\s*[.;]?\s*$/.test(tail)) continue;
    if (chain.length !== count) continue;
    const members = chain.map((m) => {
      const term = a.terms.get(m.key)!;
      return {
        answer: {
          kind: 'term' as const,
          text: m.text,
          start: m.start,
          end: m.end,
          mention: m,
          term,
        },
      };
    });
    // The material lists them as members: a member used once ("bootstrapping") still stands as
    // an option, but no generic word or fragment does.
    if (
      !distributed &&
      members.some((m) => isGenericWord(m.answer.text) || !standsAsEnglishOption(m.answer.text))
    )
      continue;
    if (new Set(members.map((m) => m.answer.term.kind)).size !== 1) continue;
    let category = header[2]!.replace(/^(?:different|main|key|major|basic|general|common)\s+/, '');
    category = `${header[1]} ${category}`;
    // The category's head noun: its last word before a preposition or clause ("approaches"
    // of "approaches for quantifying …", "methods" of "sampling methods").
    const words = header[2]!.split(/\s+/);
    const cut = words.findIndex(
      (w, k) => k > 0 && /^(?:for|of|that|which|in|to|used|we|on)$/.test(w),
    );
    const head = words[(cut > 0 ? cut : words.length) - 1]!;
    return { members, category, head: termKey(head), shared: distributed ? shared : undefined };
  }
  return undefined;
}

/** "sampling" / "sample" / "samples": one word, another ending (the first five letters agree). */
function sameStem(x: string, y: string): boolean {
  const a = x.toLowerCase();
  const b = y.toLowerCase();
  return a === b || (a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5));
}

function buildNotInList(
  ctx: BuildContext,
  sentence: AnalysedSentence,
  members: Array<Extract<Answer, { kind: 'term' }>>,
  category: string,
  head: string,
): Draft | undefined {
  const { a, t } = ctx;
  const memberKeys = new Set(members.map((m) => m.term.key));
  const listedWith = new Set(
    members.flatMap((m) => [...(a.siblings.get(m.term.key) ?? new Set<string>())]),
  );
  // Sentences that talk about the category ("approach", "principle"): a term used there may be
  // a member the material names elsewhere.
  const headRe = new RegExp(`\\b${head.replace(/[^a-z-]/g, '')}`, 'i');
  const aboutCategory = new Set(a.sentences.filter((s) => headRe.test(s.text)).map((s) => s.id));
  let outsider: Distractor | undefined;
  for (const member of members) {
    for (const d of rankDistractors(a, sentence, member, ctx.closeness, 8, { articleFree: true })) {
      if (d.relation === 'sibling') continue;
      const term = a.terms.get(termKey(d.text));
      if (!term || memberKeys.has(term.key) || listedWith.has(term.key)) continue;
      if (term.sentenceIds.some((id) => aboutCategory.has(id))) continue;
      if (members.some((m) => statedInContext(a, sentence, m, d.text))) continue;
      // Every option must be of one form: a word beside words, a phrase beside phrases.
      if (members.filter((m) => /\s/.test(m.text) === /\s/.test(d.text)).length < 2) continue;
      outsider = d;
      break;
    }
    if (outsider) break;
  }
  if (!outsider) return undefined;
  // A common noun that opens sentences ("Box plots …") is shown in the members' case: a
  // capital among lower-case options would single it out.
  let key = outsider.text;
  if (
    a.terms.get(termKey(key))?.kind === 'term' &&
    members.every((m) => /^\p{Ll}/u.test(m.text)) &&
    /^\p{Lu}\p{Ll}/u.test(key)
  )
    key = key[0]!.toLowerCase() + key.slice(1);
  // Three members: the first, the last and one between (all when there are three).
  const shown =
    members.length === 3 ? members : [members[0]!, members[1]!, members[members.length - 1]!];
  const explanation = [
    t.explainSupport(t.location(sentence.location), sentence.text),
    t.explainNotInList(key, category),
  ].join(t.join);
  return {
    type: 'multiple_choice',
    question: t.mcqNotInList(category),
    choices: [key, ...shown.map((m) => m.text)],
    keys: [key],
    explanation,
    relatedConcepts: relatedConcepts(
      a,
      sentence,
      shown.map((m) => m.text),
    ),
    citation: citationOf(sentence),
    fact: sentence.text,
    sentence,
  };
}

/**
 * "four random sampling techniques: simple, stratified, cluster, and multistage sampling": the
 * members are "simple sampling" … "multistage sampling", and the outsider is another term of the
 * material with that head ("convenience sample" → "convenience sampling") whose modifier is a
 * noun, no member and no word of the category ("random"), and which no sentence about the
 * category's head ("techniques") or listing a member uses.
 */
function buildNotInSharedList(
  ctx: BuildContext,
  sentence: AnalysedSentence,
  members: Array<Extract<Answer, { kind: 'term' }>>,
  category: string,
  head: string,
  shared: string,
): Draft | undefined {
  const { a, t } = ctx;
  const modifiers = new Set(members.map((m) => m.text.toLowerCase()));
  const categoryWords = new Set(category.toLowerCase().split(/\s+/));
  const headRe = new RegExp(`\\b${head.replace(/[^a-z-]/g, '')}`, 'i');
  const memberRe = new RegExp(
    `\\b(?:${[...modifiers].map((m) => m.replace(/[^a-z-]/g, '')).join('|')})\\b`,
    'i',
  );
  let outsider: string | undefined;
  let evidence: AnalysedSentence | undefined;
  const terms = [...a.terms.values()].sort((x, y) => y.score - x.score);
  for (const term of terms) {
    const words = term.text.toLowerCase().split(/\s+/);
    if (words.length !== 2 || !sameStem(words[1]!, shared)) continue;
    const modifier = words[0]!;
    if (modifiers.has(modifier) || categoryWords.has(modifier) || isGenericWord(modifier)) continue;
    if (!/^[a-z][a-z-]{3,}$/.test(modifier)) continue;
    const uses = term.sentenceIds.map((id) => a.sentences[id]!);
    if (uses.some((s) => headRe.test(s.text) || memberRe.test(s.text))) continue;
    // The modifier names a kind ("convenience"), not a quality ("large", "final") of the sample.
    const use = uses.find((s) => s.usable && s.mentions.some((m) => m.key === term.key));
    const mention = use?.mentions.find((m) => m.key === term.key);
    if (!use || !mention) continue;
    const tags = modifierTags(use.text, mention.start, mention.end);
    if (tags.length !== 1 || tags[0] !== 'NOUN') continue;
    outsider = `${modifier} ${shared}`;
    evidence = use;
    break;
  }
  if (!outsider) return undefined;
  const shownMembers =
    members.length === 3 ? members : [members[0]!, members[1]!, members[members.length - 1]!];
  const options = shownMembers.map((m) => `${m.text.toLowerCase()} ${shared}`);
  const explanation = [
    t.explainSupport(t.location(sentence.location), sentence.text),
    t.explainNotInList(outsider, category),
    ...(evidence ? [t.explainSupport(t.location(evidence.location), evidence.text)] : []),
  ].join(t.join);
  return {
    type: 'multiple_choice',
    question: t.mcqNotInList(category),
    choices: [outsider, ...options],
    keys: [outsider],
    explanation,
    relatedConcepts: relatedConcepts(a, sentence, options),
    citation: citationOf(sentence),
    fact: sentence.text,
    sentence,
  };
}
