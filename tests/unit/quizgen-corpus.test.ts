import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultLimits, extractDocument } from '../../api/extract/index.js';
import { sniffKind } from '../../api/extract/sniff.js';
import type { ExtractedDocument } from '../../api/extract/types.js';
import { AppError } from '../../api/lib/errors.js';
import { createBuiltinGenerator } from '../../api/quizgen/builtin/index.js';
import { checkQuiz, keyTexts } from '../../api/quizgen/checks.js';
import { EN_STOPWORDS, ZH_STOPWORDS } from '../../api/quizgen/text/stopwords.js';
import { QUESTION_TYPES, type QuizSettings } from '../../api/quizgen/types.js';
import { studyDocuments } from '../support/study-documents.js';

// Development documents of both corpus folders; hold-out documents (docs/quiz-holdout.md) are
// never run here.
const studyLike = studyDocuments().map((d) => ({ file: d.name, full: d.path }));
const limits = {
  ...defaultLimits,
  tessdataDir: '/usr/share/tesseract-ocr/5/tessdata',
  sofficePath: '/usr/bin/soffice',
};
const generator = createBuiltinGenerator();

describe.each(studyLike)('built-in quiz from $file', ({ file, full }) => {
  let doc: ExtractedDocument | undefined;
  let unsupported = '';
  beforeAll(async () => {
    try {
      const kind = await sniffKind(full, path.basename(file));
      doc = await extractDocument(
        [{ fileId: 'f1', path: full, fileName: path.basename(file), kind }],
        limits,
      );
    } catch (err) {
      // An extractor still being written is not this generator's failure.
      if (err instanceof AppError && err.code === 'FILE_TYPE_UNSUPPORTED')
        unsupported = err.message;
      else throw err;
    }
  }, 180_000);

  it.for(QUESTION_TYPES)('10 %s questions pass every check', async (type, ctx) => {
    if (!doc) return ctx.skip(unsupported);
    const settings: QuizSettings = {
      questionCount: 10,
      questionTypes: [type],
      difficulty: 'basic',
      language: doc.language === 'zh-TW' ? 'zh-TW' : 'en-US',
      seed: 3,
    };
    const result = await generator.generate(doc, settings);
    expect(checkQuiz(doc, settings, result)).toEqual([]);
    for (const q of result.questions) {
      expect(q.type).toBe(type);
      for (const key of keyTexts(q)) {
        expect(ZH_STOPWORDS.has(key) || EN_STOPWORDS.has(key.toLowerCase())).toBe(false);
        expect(key).toMatch(/[\p{L}\p{N}]/u);
        expect(key).not.toMatch(/^\d{1,3}$/);
      }
      const atLocation = doc.blocks.filter(
        (b) =>
          b.fileId === q.citation.fileId &&
          JSON.stringify(b.location) === JSON.stringify(q.citation.location),
      );
      expect(atLocation.some((b) => b.text.includes(q.citation.quote))).toBe(true);
    }
  });

  it('an expert quiz of all types in the other language passes every check', async (ctx) => {
    if (!doc) return ctx.skip(unsupported);
    const settings: QuizSettings = {
      questionCount: 10,
      questionTypes: [...QUESTION_TYPES],
      difficulty: 'expert',
      language: doc.language === 'zh-TW' ? 'en-US' : 'zh-TW',
      seed: 5,
    };
    const result = await generator.generate(doc, settings);
    expect(checkQuiz(doc, settings, result)).toEqual([]);
    expect(result.notices.map((n) => n.code)).toContain('LANGUAGE_MISMATCH');
  });
});
