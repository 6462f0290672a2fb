import type { AnalysedSentence, DocAnalysis } from '../analysis.js';
import type { Answer } from '../answers.js';
import type { Term } from '../keyphrases.js';
import { EN_STOPWORDS, ZH_STOPWORDS } from '../../text/stopwords.js';
import { termKey } from '../terms.js';

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
  /^(?:The |An? )?(?<term>[\p{L}\d][\p{L}\d\-’' ]{1,40}?) (?:refers to|means|is defined as|denotes) (?<body>[^;]{8,}?)\.$/u,
];

/** Definitions found in the document's usable sentences. */
export function definitionCandidates(a: DocAnalysis): DefinitionCandidate[] {
  const out: DefinitionCandidate[] = [];
  const patterns = a.language === 'zh' ? ZH_PATTERNS : EN_PATTERNS;
  const maxTerm = Math.max(...[...a.terms.values()].map((t) => t.score), 1);
  for (const sentence of a.sentences) {
    if (!sentence.usable) continue;
    for (const pattern of patterns) {
      const m = pattern.exec(sentence.text);
      const termText = m?.groups?.term?.trim();
      const body = m?.groups?.body?.trim();
      if (!m || !termText || !body) continue;
      if (!acceptable(termText, body, a.language)) continue;
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
