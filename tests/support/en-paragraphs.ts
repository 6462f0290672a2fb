import type { ExtractedDocument } from '../../api/extract/types.js';
import { analyseDocument } from '../../api/quizgen/builtin/analysis.js';

/** An English document of one block per paragraph (fixtures of the quizgen unit tests). */
export const docOf = (paragraphs: string[]): ExtractedDocument => ({
  language: 'en',
  warnings: [],
  blocks: paragraphs.map((text, i) => ({
    fileId: 'doc',
    text,
    location: { kind: 'paragraph', index: i + 1 },
  })),
});

/** The analysis of such a document. */
export const analyse = (paragraphs: string[]) => analyseDocument(docOf(paragraphs), () => {});
