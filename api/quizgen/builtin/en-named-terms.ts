import type { AnalysedSentence, DocAnalysis } from './analysis.js';
import type { Term } from './keyphrases.js';
import { isAgentPhrase, standsAsEnglishOption } from '../text/en-lexicon.js';

/*
 * The concepts an English material names: "what we call assistive civic technology", "is called
 * rough consensus", "something called the public reading stage", "the idea of local kami",
 * "what Clay Shirky described as 'situational applications'". A talk or an interview seldom
 * defines a term ("X is a …"), but it names its own concepts this way, and those names are one
 * category: the ideas the speaker puts a name on. A key that is one of them may be offered the
 * others as options (none of them is a person, a place or a date; none is a synonym the material
 * gives it — see namedConceptsApart).
 */

export interface NamedTerm {
  term: Term;
  sentence: AnalysedSentence;
  start: number;
  end: number;
}

/** Words that introduce a name; the named term starts right after the match. */
const NAMING: RegExp[] = [
  // "what we call X", "what Clay Shirky described as X", "what I would call X"
  /\bwhat\s+(?:I|we|they|you|people|(?:\p{Lu}[\p{L}'’.-]+\s+){1,2})\s*(?:would\s+|often\s+|now\s+)?(?:call(?:s|ed)?|describe[sd]?\s+as|refer(?:s|red)?\s+to\s+as|term(?:s|ed)?|dub(?:s|bed)?)\s+/gu,
  // "is called X", "are known as X", "was dubbed X"
  /\b(?:is|are|was|were|be|been|being)\s+(?:also\s+|often\s+|commonly\s+|usually\s+|collectively\s+|sometimes\s+|now\s+)?(?:called|known\s+as|referred\s+to\s+as|termed|dubbed)\s+/gu,
  // "something called X", "a project called X", "the technology called X"
  /\b(?:something|(?:a|an|the)\s+\p{Ll}+)\s+(?:called|named|known\s+as)\s+/gu,
  // "the idea of X", "the concept of X"
  /\b(?:the|this|our)\s+(?:idea|concept|notion|principle|practice)\s+of\s+/gu,
  // "we call it X", "I call this X"
  /\b(?:we|I|they|people)\s+call\s+(?:it|this|that|them)\s+/gu,
  // A phrase set in quotes by itself: 'put them into a "civic gym"' (the whole quote is the
  // name; a quoted clause is speech, and no mention spans it).
  /(?<![\p{L}\d])(?=["“][\p{L}][^"“”]{2,40}["”])/gu,
];

/** The patterns by which a speaker coins a concept (not merely names a thing). */
const COINING = new Set([0, 3, 4]);

const named = new WeakMap<DocAnalysis, NamedTerm[]>();

/** The concepts an English material names (each once, first naming kept). */
export function namedTerms(a: DocAnalysis): NamedTerm[] {
  let list = named.get(a);
  if (list) return list;
  list = [];
  const seen = new Set<string>();
  if (a.language === 'en')
    for (const sentence of a.sentences) {
      // A question names nothing the material asserts ("What about the idea of consensus?").
      if (sentence.record || !sentence.mentions.length || /\?\s*$/.test(sentence.text)) continue;
      for (const { at, concept } of namingOffsets(sentence.text)) {
        const m = sentence.mentions.find((x) => x.start === at);
        if (!m || seen.has(m.key)) continue;
        const term = a.terms.get(m.key);
        if (!term || (term.kind !== 'term' && term.kind !== 'proper')) continue;
        // A capitalised name is a concept only where the speaker coins it ("what I call the
        // MaxOS"); "an organization called Code.org" and "is called OpenCC" are names of things
        // of many kinds. Roles ("are often called patients") are people, not concepts.
        if (term.kind === 'proper' && !concept) continue;
        if (isAgentPhrase(m.text)) continue;
        // The name stops where the mention stops: a mention cut inside a quoted name is not it.
        const rest = sentence.text.slice(m.end);
        const quoted = /["“]$/.test(sentence.text.slice(0, at));
        if (quoted && !/^["”]/.test(rest)) continue;
        if (!quoted && /^\s*(?:of|for)\s/.test(rest)) continue;
        if (!standsAsEnglishOption(m.text) || /^\p{Lu}{1,2}s?$/u.test(m.text)) continue;
        // A lone lower-case word is a concept only when the material uses it again ("weeds" in
        // quotes once is a figure of speech).
        if (!/\s/.test(m.text) && /^\p{Ll}/u.test(m.text) && term.sentenceIds.length < 2) continue;
        seen.add(m.key);
        list.push({ term: { ...term, text: m.text }, sentence, start: m.start, end: m.end });
      }
    }
  named.set(a, list);
  return list;
}

/** Offsets in a sentence where a named term starts (after the article and an opening quote). */
export function namingOffsets(text: string): Array<{ at: number; concept: boolean }> {
  const out: Array<{ at: number; concept: boolean }> = [];
  for (const [i, re] of NAMING.entries()) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      let at = m.index + m[0].length;
      const lead = /^(?:(?:the|a|an)\s+)?["“]?/i.exec(text.slice(at))![0];
      at += lead.length;
      out.push({ at, concept: COINING.has(i) });
      if (!m[0].length) re.lastIndex++;
    }
  }
  return out;
}

/**
 * Two named concepts are offered side by side only when the material never writes them in one
 * sentence: there one may be the other's alias ("the hamster wheel (human in the loop of AI)")
 * or its part, and the learner could not tell which the question means.
 */
export function namedConceptsApart(x: Term, y: Term): boolean {
  const ys = new Set(y.sentenceIds);
  return !x.sentenceIds.some((id) => ys.has(id));
}
