import type { AnalysedSentence, DocAnalysis } from '../analysis.js';
import type { Answer } from '../answers.js';
import type { Term } from '../keyphrases.js';
import { EN_STOPWORDS, ZH_STOPWORDS } from '../../text/stopwords.js';
import { termKey } from '../terms.js';
import { isEvaluativeAdjective } from '../../text/en-lexicon.js';

/** "X is ...", 「X是指…」, "... called X", 「…稱為X」: a term and what defines it. */
export interface DefinitionCandidate {
  sentence: AnalysedSentence;
  answer: Extract<Answer, { kind: 'term' }>;
  /** The defining words, verbatim from the sentence. */
  body: string;
  score: number;
}

const ZH_PATTERNS = [
  /^(?:所謂)?「?(?<term>[^，。、「」：；\s]{2,12}?)」?(?:是指|係指|指的是|意指|就是指)(?<body>[^。；]{4,})/u,
  /^所謂「?(?<term>[^，。、「」\s]{2,12}?)」?[，,]?(?:是|即|就是|指)(?<body>[^。；]{4,})/u,
  /^(?<body>[^，。；]{6,}?)[，,]?(?:被)?(?:稱為|稱作|叫做|簡稱)「?(?<term>[^，。、「」；\s]{2,12}?)」?[。，；]?$/u,
  /^(?<body>[^。；]{4,}?)[，,]?又稱(?:為|作)?「?(?<term>[^，。、「」；\s]{2,12}?)」?[。，；]?$/u,
];
const EN_PATTERNS = [
  /^(?:The |An? )?(?<term>[\p{L}\d][\p{L}\d\-’' ]{1,40}?),? (?:is|are) (?<body>(?:a|an) [^;]{8,}?)\.$/u,
  /^(?<body>[^;]{12,}?),? (?:is |are )?(?:also )?(?:called|known as|referred to as|termed) (?:the |a |an )?["“]?(?<term>[\p{L}\d][\p{L}\d\-’' ]{1,40}?)["”]?\.$/u,
  /^(?:The |An? )?(?<term>[\p{L}\d][\p{L}\d\-’' ]{1,40}?) (?:refers to|means|is defined as|denotes) (?<body>[^;]{8,}?)\.$/u, // "The variance is the average squared distance from the mean": a textbook defines with "the"
  // as often as with "a"; only a term the material names often (definedWithThe) qualifies.
  /^(?:The |An? )?(?<term>[\p{L}\d][\p{L}\d\-’' ]{1,40}?),? (?:is|are) (?<body>the [^;]{12,}?)\.$/u,
];
/** The index of the "X is the Y" pattern in EN_PATTERNS. */
const EN_THE_PATTERN = 3;

/**
 * Definitions found in the document's usable sentences. `loose`: every term the material
 * names by a defining pattern, also where the sentence is no good stem ("… divided into groups
 * called strata") — the terms a defined key is told apart from.
 */
export function definitionCandidates(a: DocAnalysis, loose = false): DefinitionCandidate[] {
  const out: DefinitionCandidate[] = [];
  const patterns = a.language === 'zh' ? ZH_PATTERNS : EN_PATTERNS;
  const maxTerm = Math.max(...[...a.terms.values()].map((t) => t.score), 1);
  for (const sentence of a.sentences) {
    if (!sentence.usable) continue;
    for (const pattern of patterns) {
      const m = pattern.exec(sentence.text);
      // "The term replication crisis refers to …": the term is what follows "the term".
      const termText = m?.groups?.term?.trim().replace(/^(?:the )?(?:term|word|phrase) /i, '');
      const body = m?.groups?.body?.trim();
      if (!m || !termText || !body) continue;
      if (!acceptable(termText, body, a.language)) continue;
      if (a.language === 'en' && !loose && !definesInEnglish(termText, body)) continue;
      if (
        a.language === 'en' &&
        pattern === EN_PATTERNS[EN_THE_PATTERN] &&
        !definedWithThe(termText, body, a.terms.has(termKey(termText)))
      )
        continue;
      // "… groups called strata": without "is/are" before "called", the words before it are a
      // clause about something else, not a description of the term.
      if (
        a.language === 'en' &&
        !loose &&
        /\b(?:called|known as|referred to as|termed)\b/.test(m[0]) &&
        !/\b(?:is|are)\s+(?:also\s+)?(?:commonly\s+|often\s+|usually\s+|collectively\s+)?(?:called|known as|referred to as|termed)\b/.test(
          m[0],
        )
      )
        continue;
      const start = sentence.text.indexOf(termText, m.index);
      const term = a.terms.get(termKey(termText)) ?? pseudoTerm(termText, a.language);
      const known = a.terms.has(term.key);
      out.push({
        sentence,
        answer: {
          kind: 'term',
          text: termText,
          start,
          end: start + termText.length,
          term,
          mention: {
            key: term.key,
            text: termText,
            start,
            end: start + termText.length,
            kind: term.kind,
            head: term.head,
          },
        },
        body,
        score: 0.6 + 0.4 * (known ? Math.sqrt(term.score / maxTerm) : 0.3),
      });
      break;
    }
  }
  return out.sort((x, y) => y.score - x.score || x.sentence.id - y.sentence.id);
}

function acceptable(term: string, body: string, language: 'zh' | 'en'): boolean {
  const stop = language === 'zh' ? ZH_STOPWORDS : EN_STOPWORDS;
  if (stop.has(term.toLowerCase()) || /^(?:it|this|that|they|these|there|which)\b/i.test(term))
    return false;
  if (language === 'en' && term.split(/\s+/).length > 5) return false;
  // "The formal name for a row is a case": the subject names a word, not the term defined.
  if (language === 'en' && /\b(?:for|of|in|on|to|with|by|from|that|which)\b/i.test(term))
    return false;
  // A body cut before its verb ("… form the backbone of an investigation and" are called
  // data) or one that points back ("These observations …") defines nothing on its own.
  if (
    /\b(?:and|or|but|of|to|the|a|an|that|which|with|for|they|it|we|he|she|this|these)$/i.test(body)
  )
    return false;
  // "Avoiding these costs is a key benefit", "as replace functions": no term is named.
  if (
    language === 'en' &&
    (/\b(?:these|this|those|our|its|their|we|it)\b/i.test(term) ||
      /^\p{L}+ing\b/iu.test(term) ||
      EN_STOPWORDS.has(term.split(/\s+/)[0]!.toLowerCase()))
  )
    return false;
  if (/^(?:this|these|that|those|it|they|such|its|their)\b/i.test(body)) return false;
  if (/^(?:這|那|此|其|它|他|她|這些|那些|上述)/.test(body)) return false;
  if (/[\\{}$@]/.test(body)) return false;
  // The body must not give the term away.
  return !body.toLowerCase().includes(term.toLowerCase());
}

/** Words that open a clause or an adverbial, not the noun phrase a definition describes. */
const EN_NOT_NOUN_START =
  /^(?:and|but|or|so|then|in|on|at|for|with|when|if|as|after|before|while|because|since|although|though|once|by|from|to|of|there|here|now|also|instead|however|thus|yet)\b/i;
/** A definition is impersonal: a speaker's "I", "we", "you" tell a story instead. */
const EN_PERSONAL = /\b(?:I|I['’]m|[Ww]e|[Ww]e['’]re|[Yy]ou|[Mm]y|[Oo]ur|[Yy]our|me|us)\b/;

/**
 * Whether an English sentence really defines its term: the describing words are one noun
 * phrase ("Data where no treatment has been explicitly applied", "a single number summarizing
 * data from a sample"), not a clause that merely ends in "called X" ("And the reason why is
 * that we have a systemic competition called …", "In a cluster sample, we break up …"), not a
 * story told in the first person, not two definitions in one sentence.
 */
export function definesInEnglish(term: string, body: string): boolean {
  if (EN_NOT_NOUN_START.test(body) || EN_PERSONAL.test(body)) return false;
  // "Data collected in this haphazard fashion": it points back to a passage the stem lacks.
  if (
    /\b(?:this|these|that|those|such|above|previous|here|resulting)\b/i.test(
      body.replace(/^that\b/i, ''),
    )
  )
    return false;
  // "Equally important however is …": an adverb or connective is no part of a term's name.
  if (/\b(?:however|also|equally|therefore|thus|then|indeed|instead)\b/i.test(term)) return false;
  const commas = body.replace(/\([^)]*\)/g, '').match(/,/g)?.length ?? 0;
  if (
    commas > 1 ||
    /,\s*(?:and|but|while|as|because|since|so|where|which is why)\b/i.test(body) ||
    /\b(?:because|since)\b/i.test(body)
  )
    return false;
  if (
    /\b(?:called|known as|referred to as|is|are|was|were)\s+(?:an?|the)\b/i.test(
      body.replace(/^(?:an?|the)\s/i, ''),
    ) &&
    /\b(?:called|known as|referred to as)\b/i.test(body)
  )
    return false;
  if (body.split(/\s+/).length > 30) return false;
  const words = term.split(/\s+/);
  // "The previous example", "The study": a bare common word or a pointer is no defined term.
  if (
    /^(?:previous|next|following|above|below|same|other|first|second|last|former|latter)\b/i.test(
      term,
    ) ||
    isEvaluativeAdjective(words[0]!) ||
    /\p{L}['’]s\b/u.test(term)
  )
    return false;
  if (/\b(?:where|which|who|whom|whose|when|that|while)\b/i.test(term)) return false;
  if (words.length === 1 && /^\p{Ll}/u.test(term) && GENERIC_DEFINED.has(term.toLowerCase()))
    return false;
  return true;
}

/**
 * Whether "X is the Y" defines X: X is a term the material itself names (a keyphrase, not
 * "The main difference"), and "the Y" is a noun phrase that describes it — not a comparison
 * ("the easier of the two", "the same"), a role in one example ("the first one"), nor a
 * symbol being read out ("The symbol μ is the Greek letter mu").
 */
export function definedWithThe(term: string, body: string, known: boolean): boolean {
  if (!known) return false;
  if (/\b(?:symbol|letter|notation|figure|table|chapter|section|example)\b/i.test(term))
    return false;
  if (/[^\p{Script=Latin}\d\s\-’']/u.test(term)) return false;
  if (
    /^the (?:more|most|less|least|same|other|first|second|third|last|next|only|one|case|reason|result|problem|answer|goal|idea|point)\b/iu.test(
      body,
    ) ||
    /^the (?!(?:number|parameter|center|centre|order|error|interest|test)\b)\p{L}+(?:er|est) (?:of (?:the|all)|than)\b/iu.test(
      body,
    )
  )
    return false;
  // "the Greek letter mu and represents …": two statements in one, the second no definition.
  if (/\band\s+\p{Ll}+s\b/u.test(body)) return false;
  return body.split(/\s+/).length >= 4;
}

const GENERIC_DEFINED = new Set(
  'study example thing one way part case idea result approach method process system model problem question answer reason fact point work'.split(
    ' ',
  ),
);

function pseudoTerm(text: string, language: 'zh' | 'en'): Term {
  return {
    key: termKey(text),
    text,
    kind: 'term',
    head: language === 'zh' ? text.slice(-2) : termKey(text.split(/\s+/).pop()!),
    sentenceIds: [],
    score: 0,
  };
}
