import type { ExtractedDocument } from '../../api/extract/types.js';
import {
  analyseDocument,
  type AnalysedSentence,
  type DocAnalysis,
} from '../../api/quizgen/builtin/analysis.js';
import type { Answer } from '../../api/quizgen/builtin/answers.js';

/**
 * A material of one block per paragraph under one heading, analysed (the fixtures of the
 * quizgen unit tests: sentences written for each test).
 */
export function materialOf(
  language: 'zh-TW' | 'en',
  paragraphs: string[],
  headingPath: string[],
): DocAnalysis {
  const doc: ExtractedDocument = {
    language,
    warnings: [],
    blocks: paragraphs.map((text, index) => ({
      fileId: 'f.md',
      text,
      location: { kind: 'paragraph' as const, index, headingPath },
    })),
  };
  return analyseDocument(doc, () => {});
}

/** An answer that is a term of the material. */
export type TermAnswer = Extract<Answer, { kind: 'term' }>;

/** The term answer for the first mention of `text` (in a sentence holding `within`). */
export function mentionAnswer(
  a: DocAnalysis,
  text: string,
  within = '',
): { answer: TermAnswer; sentence: AnalysedSentence } {
  for (const sentence of a.sentences)
    for (const m of sentence.text.includes(within) ? sentence.mentions : [])
      if (m.text === text) {
        const answer: TermAnswer = {
          kind: 'term',
          text,
          start: m.start,
          end: m.end,
          mention: m,
          term: a.terms.get(m.key)!,
        };
        return { answer, sentence };
      }
  throw new Error(`no mention of ${text}`);
}
