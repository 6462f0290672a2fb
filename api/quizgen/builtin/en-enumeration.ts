import type { QuestionType } from '../types.js';
import { EN_LIST_GAP, type AnalysedSentence, type DocAnalysis } from './analysis.js';
import type { Answer } from './answers.js';
import { statedInContext } from './answers.js';
import { isGenericWord, rankDistractors, type Distractor } from './distractors.js';
import { standsAsEnglishOption } from '../text/en-lexicon.js';
import { citationOf, type BuildContext, type Draft } from './draft.js';
import { relatedConcepts } from './explain.js';
import { termKey } from './terms.js';

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
  build(ctx: BuildContext, type: QuestionType, truth: boolean): Draft | undefined;
}

const COUNT: Record<string, number> = {
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

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
    const { members, category, head } = found;
    const answers = members.map((m) => m.answer);
    out.push({
      sentence,
      answers,
      score: 0.9,
      build: (ctx, type) =>
        type === 'multiple_choice' && ctx.closeness >= 0.75
          ? buildNotInList(ctx, sentence, answers, category, head)
          : undefined,
    });
  }
  return out;
}

interface Found {
  members: Array<{ answer: Extract<Answer, { kind: 'term' }> }>;
  category: string;
  head: string;
}

/** The counted enumeration a sentence ends with, when every member is a term of the material. */
export function enumerationIn(a: DocAnalysis, sentence: AnalysedSentence): Found | undefined {
  const text = sentence.text;
  const mentions = sentence.mentions;
  for (let i = 0; i < mentions.length; i++) {
    const header = HEADER.exec(text.slice(0, mentions[i]!.start));
    if (!header) continue;
    const count = COUNT[header[1]!]!;
    const chain = [mentions[i]!];
    for (let j = i + 1; j < mentions.length; j++) {
      if (!EN_LIST_GAP.test(text.slice(mentions[j - 1]!.end, mentions[j]!.start))) break;
      chain.push(mentions[j]!);
    }
    // The list is the sentence's end: nothing after its last member but the full stop.
    if (!/^\s*[.;]?\s*$/.test(text.slice(chain[chain.length - 1]!.end))) return undefined;
    if (chain.length !== count) return undefined;
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
    if (members.some((m) => isGenericWord(m.answer.text) || !standsAsEnglishOption(m.answer.text)))
      return undefined;
    if (new Set(members.map((m) => m.answer.term.kind)).size !== 1) return undefined;
    let category = header[2]!.replace(/^(?:different|main|key|major|basic|general|common)\s+/, '');
    category = `${header[1]} ${category}`;
    // The category's head noun: its last word before a preposition or clause ("approaches"
    // of "approaches for quantifying …", "methods" of "sampling methods").
    const words = header[2]!.split(/\s+/);
    const cut = words.findIndex(
      (w, k) => k > 0 && /^(?:for|of|that|which|in|to|used|we|on)$/.test(w),
    );
    const head = words[(cut > 0 ? cut : words.length) - 1]!;
    return { members, category, head: termKey(head) };
  }
  return undefined;
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
