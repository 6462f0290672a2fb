import type { QuestionType } from '../types.js';
import { ZH_LIST_GAP, type AnalysedSentence, type DocAnalysis } from './analysis.js';
import type { Answer } from './answers.js';
import { blankOut, citationOf, type BuildContext, type Draft } from './draft.js';
import { relatedConcepts } from './explain.js';
import type { Term } from './keyphrases.js';
import type { TermMention } from './terms.js';
import { categoryEnding, latinPerson, sameEntity, verifiedKind } from './zh-distractors.js';
import { EVERYDAY_IDF, generalIdf, settingPlaceZh } from './zh-importance.js';
import { isAskableZh } from './zh-keys.js';

/**
 * A relation item for Chinese material: "which is NOT one of the items this passage lists?"
 * The passage is shown with its list blanked (「…包括_____等…」); the options are three members
 * of the list and one term of the same kind from elsewhere in the material. The key is certain
 * from the text: the outsider is not in the passage, is never listed with any member anywhere,
 * and no sentence naming two members names it too (where the material talks about the group,
 * an unlisted member could hide). It asks for a relation between several places of the text
 * (which things belong together), not for the recall of one word.
 */
export interface ZhListCandidate {
  sentence: AnalysedSentence;
  /** The listed members, as term answers (selection reads two or more as a relation). */
  answers: Answer[];
  score: number;
  build(ctx: BuildContext, type: QuestionType, truth: boolean): Draft | undefined;
}

/** Lists of three or more terms of one kind in a sentence (「A、B與C」). */
export function zhListCandidates(
  a: DocAnalysis,
  sentences: AnalysedSentence[],
  isCandidateSentence: (s: AnalysedSentence) => boolean,
): ZhListCandidate[] {
  if (a.language !== 'zh') return [];
  const out: ZhListCandidate[] = [];
  const maxTerm = Math.max(1, ...[...a.terms.values()].map((t) => t.score));
  for (const sentence of sentences) {
    if (!isCandidateSentence(sentence)) continue;
    for (const chain of listChains(sentence)) {
      // 「…、問責機制」: a last member glued to a noun after it is a modifier, not the item.
      const after = sentence.text.slice(chain[chain.length - 1]!.end);
      if (!LIST_END.test(after)) continue;
      const members = chain.map((m) => a.terms.get(m.key)!).filter(Boolean);
      if (members.length !== chain.length || !sameKind(a, members)) continue;
      if (!members.every((t, i) => memberWorthAsking(a, chain[i]!, t))) continue;
      const answers: Answer[] = chain.map((m, i) => ({
        kind: 'term',
        text: m.text,
        start: m.start,
        end: m.end,
        mention: m,
        term: members[i]!,
      }));
      const best = Math.max(...members.map((t) => t.score));
      out.push({
        sentence,
        answers,
        score: 0.5 + 0.4 * Math.sqrt(best / maxTerm),
        build: (ctx, type) =>
          type === 'multiple_choice' ? buildNotListed(ctx, sentence, chain, members) : undefined,
      });
      break;
    }
  }
  return out;
}

/** What may follow a list's last member: its end, 等, a particle or a verb of the clause. */
const LIST_END =
  /^(?:$|等|之類|[，。、；：！？」）)\s—]|都|也|的|是|有|在|就|會|要|能|可以|已經|各)/u;

/** Runs of three or more mentions joined by 、/與/和/及/或. */
function listChains(sentence: AnalysedSentence): TermMention[][] {
  const chains: TermMention[][] = [];
  let chain: TermMention[] = [];
  sentence.mentions.forEach((m, i) => {
    const prev = sentence.mentions[i - 1];
    if (prev && ZH_LIST_GAP.test(sentence.text.slice(prev.end, m.start))) chain.push(m);
    else {
      if (chain.length >= 3) chains.push(chain);
      chain = [m];
    }
  });
  if (chain.length >= 3) chains.push(chain);
  return chains.filter((c) => new Set(c.map((m) => m.key)).size === c.length);
}

/** Chinese members of one checked kind, or Latin names none of which is a person's. */
function sameKind(a: DocAnalysis, members: Term[]): boolean {
  const han = members.map((t) => /\p{Script=Han}/u.test(t.text));
  if (han.some((h) => h !== han[0])) return false;
  if (!han[0]) return members.every((t) => !latinPerson(a, t.text));
  return new Set(members.map((t) => verifiedKind(a, t))).size === 1;
}

function memberWorthAsking(a: DocAnalysis, mention: TermMention, term: Term): boolean {
  if (!/\p{Script=Han}/u.test(term.text)) return term.text.length >= 2;
  if (settingPlaceZh(a).has(term.text)) return false;
  // 所有人, 諸如此類, 案子: a list with an everyday word in it is talk, not an enumeration.
  const idf = generalIdf(term.text);
  if (idf !== undefined && idf < EVERYDAY_IDF) return false;
  const answer: Answer = {
    kind: 'term',
    text: mention.text,
    start: mention.start,
    end: mention.end,
    mention,
    term,
  };
  return isAskableZh(answer);
}

/** Whether an outsider term is of the members' kind and form. */
function outsiderFits(a: DocAnalysis, members: Term[], t: Term): boolean {
  const han = /\p{Script=Han}/u.test(members[0]!.text);
  if (han !== /\p{Script=Han}/u.test(t.text)) return false;
  if (!han) return !latinPerson(a, t.text) && /^[A-Za-z][\w.+-]*$/.test(t.text);
  if (verifiedKind(a, t) !== verifiedKind(a, members[0]!)) return false;
  if (settingPlaceZh(a).has(t.text)) return false;
  const idf = generalIdf(t.text);
  if (idf !== undefined && idf < EVERYDAY_IDF) return false;
  // 政委 beside 政務委員: an outsider sharing two characters with a member may be the same thing.
  for (const m of members) if (sharedChars(m.text, t.text) >= 2) return false;
  // A plausible outsider is itself an item of another list of the material, of the members'
  // part of speech (集會、結社 are acts; 小孩 is no freedom).
  if (!(a.siblings.get(t.key)?.size ?? 0)) return false;
  if (t.pos && members[0]!.pos && t.pos[0] !== members[0]!.pos[0]) return false;
  const lengths = members.map((m) => [...m.text].length);
  const length = [...t.text].length;
  if (length < Math.min(...lengths) || length > Math.max(...lengths)) return false;
  // Members sharing a category ending (…部, …司, …法) or a last character (直接稅, 國產稅):
  // the outsider has it too.
  const endings = new Set(members.map((m) => categoryEnding(m.text) ?? ''));
  const lastChars = members.map((m) => [...m.text].at(-1)!);
  const common = lastChars.find((c) => lastChars.filter((x) => x === c).length >= 2);
  // Without a category the members share, nothing says an outsider is of their kind (人工智慧
  // beside 集會、結社): no item rather than an option no one would pick.
  const category = [...endings][0] || common;
  if (endings.size > 1 && !common) return false;
  return !!category && t.text.endsWith(category);
}

function sharedChars(x: string, y: string): number {
  const ys = new Set(y);
  return new Set([...x].filter((c) => ys.has(c))).size;
}

function buildNotListed(
  ctx: BuildContext,
  sentence: AnalysedSentence,
  chain: TermMention[],
  members: Term[],
): Draft | undefined {
  const { a, t } = ctx;
  const memberKeys = new Set(members.map((m) => m.key));
  const listedWith = new Set(members.flatMap((m) => [...(a.siblings.get(m.key) ?? [])]));
  // Sentences naming two or more members talk about the group: a term there may be a member.
  const groupSentences = new Set(
    a.sentences
      .filter((s) => members.filter((m) => s.text.includes(m.text)).length >= 2)
      .map((s) => s.id),
  );
  const outsider = [...a.terms.values()]
    .filter(
      (term) =>
        !memberKeys.has(term.key) &&
        !listedWith.has(term.key) &&
        !sentence.text.includes(term.text) &&
        !term.sentenceIds.some((id) => groupSentences.has(id)) &&
        !members.some(
          (m) =>
            m.text.includes(term.text) ||
            term.text.includes(m.text) ||
            sameEntity(a, m.text, term.text),
        ) &&
        !ctx.usedKeys.has(term.key) &&
        term.sentenceIds.some((id) => a.sentences[id]?.usable) &&
        outsiderFits(a, members, term),
    )
    .sort((x, y) => y.score - x.score || x.key.localeCompare(y.key))[0];
  if (!outsider) return undefined;
  // The passage with its whole list blanked: the learner recalls what it lists.
  const first = chain[0]!;
  const last = chain[chain.length - 1]!;
  const passage = blankOut(sentence.text, [{ start: first.start, end: last.end }], '_____');
  // A member still visible elsewhere in the passage (「…關稅與國產稅…」) reads as listed.
  if (members.some((m) => passage.includes(m.text))) return undefined;
  const shown = chain.length === 3 ? chain : [chain[0]!, chain[1]!, chain[chain.length - 1]!];
  const category = `${t.quote(passage)}裡的項目`;
  return {
    type: 'multiple_choice',
    question: t.mcqNotInList(category),
    choices: [outsider.text, ...shown.map((m) => m.text)],
    keys: [outsider.text],
    explanation: [
      t.explainSupport(t.location(sentence.location), sentence.text),
      t.explainNotInList(outsider.text, '項目'),
    ].join(t.join),
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
