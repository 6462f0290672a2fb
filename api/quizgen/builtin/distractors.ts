import { comparisonKey } from '../text/normalize.js';
import { NOUN_ING } from './terms.js';
import { EN_STOPWORDS } from '../text/stopwords.js';
import {
  blankFrame,
  fitsFrameElsewhere,
  isAgentPhrase,
  nearSynonymHeads,
  standsAsEnglishOption,
} from '../text/en-lexicon.js';
import type { AnalysedSentence, DocAnalysis } from './analysis.js';
import { statedInContext, type Answer } from './answers.js';
import type { Term } from './keyphrases.js';
import { isRewritable, nearbyValues, renderNumber } from './numbers.js';

/** One wrong option and where the document talks about it (for the explanation). */
export interface Distractor {
  text: string;
  /** How it relates to the key: listed beside it, same head word, same kind, same unit. */
  relation: 'sibling' | 'head' | 'kind' | 'number';
  /** A sentence that uses the distractor, when there is one: "why it is wrong". */
  evidence?: AnalysedSentence;
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
): Distractor[] {
  const picked =
    answer.kind === 'number'
      ? numberDistractors(a, sentence, answer, closeness)
      : answer.kind === 'field'
        ? fieldDistractors(a, sentence, answer, closeness)
        : termDistractors(a, sentence, answer, closeness);
  const out: Distractor[] = [];
  const keys = [comparisonKey(answer.text)];
  for (const d of picked) {
    const key = comparisonKey(d.text);
    if (!key || keys.some((k) => k === key || k.includes(key) || key.includes(k))) continue;
    keys.push(key);
    out.push(d);
    if (out.length >= limit) break;
  }
  return out;
}

function termDistractors(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  answer: Extract<Answer, { kind: 'term' }>,
  closeness: number,
): Distractor[] {
  const key = answer.term;
  const siblings = a.siblings.get(key.key) ?? new Set<string>();
  const inSentence = comparisonKey(sentence.text);
  const keyLength = displayLength(key.text);
  const maxScore = a.maxTermScore;
  const english = a.language === 'en' ? englishFit(a, sentence, answer) : undefined;
  const scored: Array<{ term: Term; score: number; relation: Distractor['relation'] }> = [];
  for (const term of a.terms.values()) {
    if (term.key === key.key || !isOptionWorthy(a, term) || sharesMostWords(term.text, key.text))
      continue;
    const sameKind = term.kind === key.kind;
    const sibling = siblings.has(term.key);
    if ((a.language === 'en' || !sibling) && kindGroup(term.kind) !== kindGroup(key.kind)) continue;
    if (inSentence.includes(comparisonKey(term.text))) continue;
    if (a.language === 'en' && !agreesInEnglish(sentence.text, answer, term.text)) continue;
    if (english && !english(term)) continue;
    if (isScriptMismatch(term.text, key.text)) continue;
    const sharedHead = term.head === key.head || lastChars(term.text) === lastChars(key.text);
    const lengthGap = Math.abs(displayLength(term.text) - keyLength) / Math.max(keyLength, 1);
    const near = (sibling ? 2 : 0) + (sharedHead ? 1.5 : 0) + (sameKind ? 0.5 : 0);
    const salience = Math.log1p((term.score / maxScore) * 20);
    const score = near * (0.3 + closeness) + salience * (1.3 - closeness) - lengthGap * 1.5;
    scored.push({ term, score, relation: sibling ? 'sibling' : sharedHead ? 'head' : 'kind' });
  }
  scored.sort((x, y) => y.score - x.score || (x.term.key < y.term.key ? -1 : 1));
  const out: Distractor[] = [];
  for (const { term, relation } of scored) {
    if (out.length >= 12) break;
    if (statedInContext(a, sentence, answer, term.text)) continue;
    out.push({ text: term.text, relation, evidence: evidenceFor(a, term, sentence) });
  }
  return out;
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
        m.value !== n.value
      )
        if (!fromText.has(m.text)) fromText.set(m.text, s);
  const made = isRewritable(n) ? nearbyValues(n.value, n.unit).map((v) => renderNumber(n, v)) : [];
  // Beginners get values from elsewhere in the text first; experts the close made-up ones.
  const texts = closeness >= 0.5 ? [...made, ...fromText.keys()] : [...fromText.keys(), ...made];
  const out: Distractor[] = [];
  for (const text of texts) {
    if (sentence.text.includes(text) || statedInContext(a, sentence, answer, text)) continue;
    if (out.some((d) => d.text === text)) continue;
    const evidence = fromText.get(text);
    out.push({
      text,
      relation: 'number',
      evidence: evidence && evidence.id !== sentence.id ? evidence : undefined,
    });
  }
  return out;
}

/** The most central other sentence that uses a term: what the document says about it. */
function evidenceFor(
  a: DocAnalysis,
  term: Term,
  exclude: AnalysedSentence,
): AnalysedSentence | undefined {
  let best: AnalysedSentence | undefined;
  for (const id of term.sentenceIds) {
    const s = a.sentences[id]!;
    if (s.id === exclude.id || !s.usable) continue;
    if (!best || s.centrality > best.centrality) best = s;
  }
  return best;
}

/**
 * Whether a term can stand as an option. Without a part-of-speech tagger for English, a single
 * lower-case word used once may be an adjective or a verb ("adept"), and a capitalised word seen
 * only in a title ("Opening") may be no name: such words need a second use in running text.
 */
export function isOptionWorthy(a: DocAnalysis, term: Term): boolean {
  if (a.language === 'en' && !looksLikeEnglishNoun(term.text)) return false;
  if (a.language === 'zh' || /\s/.test(term.text) || /^\p{Lu}{2,}/u.test(term.text)) return true;
  const inText = term.sentenceIds.filter((id) => a.sentences[id]!.usable).length;
  return term.kind === 'term' ? term.sentenceIds.length >= 2 && inText >= 1 : inText >= 1;
}

const PARTICIPLE =
  /^\p{Ll}+(?:ed|ing)$|^(?:shown|given|taken|known|seen|done|made|written|chosen|driven|drawn|grown|thrown|begun|run)$/u;
const ADJECTIVE_END = /(?:ory|ive|ous|able|ible|ful|less|ic|ant|ent)$/i;

/** Report codes (GAO-23-106826), a phrase ending in an adjective, a lone capitalised -ing word. */
function looksLikeEnglishNoun(text: string): boolean {
  const words = text.split(/\s+/);
  if (/\d{3,}/.test(text) && /-/.test(text)) return false;
  if (words.length > 1 && ADJECTIVE_END.test(words[words.length - 1]!)) return false;
  if (words.length === 1 && /^\p{Lu}\p{Ll}+ing$/u.test(text)) return false;
  // A lone participle ("shown", "recording") is a verb form, not a thing.
  return !(words.length === 1 && PARTICIPLE.test(text) && !NOUN_ING.has(text.toLowerCase()));
}

/** "licensed safety models" and "available safety models" differ too little to tell apart. */
function sharesMostWords(a: string, b: string): boolean {
  if (/\p{Script=Han}/u.test(a)) return false;
  const wa = a.toLowerCase().split(/\s+/);
  const wb = new Set(b.toLowerCase().split(/\s+/));
  const shared = wa.filter((w) => wb.has(w)).length;
  return shared >= 2 || (shared > 0 && shared / Math.min(wa.length, wb.size) > 0.5);
}

const PLURAL = /(?:[^siu']s|men|people|data|criteria)$/i;

/**
 * An English distractor must read as grammatically as the key: the same number (plural or
 * singular) and, after "a"/"an", the article that fits; and it must not merely reshuffle
 * words the sentence already has ("local rules" for "Bankruptcy Code" beside "local ... rules").
 */
function agreesInEnglish(sentence: string, answer: Answer, text: string): boolean {
  if (PLURAL.test(answer.text) !== PLURAL.test(text)) return false;
  const article = /\b(an?)\s+$/i.exec(sentence.slice(0, answer.start))?.[1]?.toLowerCase();
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
      !nearSynonymHeads(answer.text, term.text)) &&
    !fitsFrameElsewhere(a.fullText, frame, term.text);
}

/** Places, organisations and other names are told apart unreliably: they compete together. */
function kindGroup(kind: Term['kind']): string {
  return kind === 'person' || kind === 'term' || kind === 'time' ? kind : 'name';
}

function displayLength(text: string): number {
  return /\p{Script=Han}/u.test(text) ? [...text].length * 2 : text.length;
}

function lastChars(text: string): string {
  return /\p{Script=Han}/u.test(text) ? [...text].slice(-1).join('') : text.split(/\s+/).pop()!;
}

/** A Latin-script name is no distractor for a Chinese term, nor the other way round. */
function isScriptMismatch(a: string, b: string): boolean {
  const han = (t: string) => /\p{Script=Han}/u.test(t);
  return han(a) !== han(b);
}
