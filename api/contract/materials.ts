import { z } from 'zod';

/** GET /materials/upload-limits: what the server accepts (past them an upload is 413). */
export const uploadLimits = z.strictObject({
  maxFiles: z.number(),
  maxFileBytes: z.number(),
  maxUploadBytes: z.number(),
});
export type UploadLimits = z.output<typeof uploadLimits>;

/** GET /materials/storage: the learner's originals against their plan's limit. */
export const storageUsage = z.strictObject({
  plan: z.enum(['free', 'premium']),
  usedBytes: z.number(),
  limitBytes: z.number(),
  availableBytes: z.number(),
});
export type StorageUsage = z.output<typeof storageUsage>;

/** One file of a material (api/materials/presenter.ts presentFile), the spec's snake_case names. */
export const materialFile = z
  .strictObject({
    id: z.string(),
    file_name: z.string(),
    file_type: z.string(),
    file_size: z.number(),
    path: z.string().meta({ description: 'Where the original bytes are downloaded from.' }),
  })
  .meta({ id: 'MaterialFile' });
export type MaterialFile = z.output<typeof materialFile>;

/** A quiz as listed on its material's page (presentQuizSummary). */
export const quizSummary = z
  .strictObject({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    questionCount: z.number(),
    createdAt: z.string(),
    lastTakenAt: z.string().nullable(),
    lastScore: z.number().nullable(),
    difficulty: z.string(),
    testType: z.array(z.string()).meta({ description: 'The question types.' }),
    language: z.string(),
    score: z.number().nullable(),
    completed: z.boolean(),
    answeredQuestionsCount: z.number(),
    bestScore: z.number().nullable(),
    attemptCount: z.number(),
  })
  .meta({ id: 'QuizSummary' });
export type QuizSummary = z.output<typeof quizSummary>;

const materialFields = {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.string().meta({ description: "The first file's type (lowercase extension)." }),
  language: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  fileCount: z.number(),
  quizCount: z.number(),
  lastScore: z.number().nullable(),
  files: z.array(materialFile),
  quizzes: z.array(quizSummary).meta({ description: 'Newest first.' }),
};

/** A material with its files and quiz summaries (GET /materials, PUT /materials/{id}). */
export const material = z.strictObject(materialFields).meta({ id: 'Material' });
export type Material = z.output<typeof material>;

/** What the exam reader recognised in a material (api/exam/exam-summary.ts), or null. */
export const examSummary = z
  .strictObject({
    items: z.number(),
    usable: z.number(),
    practice: z.number(),
    multiSelect: z.number(),
    keyFound: z.boolean(),
    corrections: z.number(),
    essays: z.number(),
    skipped: z.number(),
    papers: z.array(z.string()),
    language: z.enum(['zh-TW', 'en-US']),
    otherText: z.boolean(),
  })
  .meta({ id: 'ExamSummary' });
export type ExamSummary = z.output<typeof examSummary>;

/** GET /materials/{id} and the upload's 201: the material with its `exam` summary. */
export const materialDetail = z
  .strictObject({ ...materialFields, exam: examSummary.nullable() })
  .meta({ id: 'MaterialDetail' });
export type MaterialDetail = z.output<typeof materialDetail>;

/** Where a block of text stands in its file (api/extract/types.ts Location). */
export const blockLocation = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('page'), page: z.number() }),
    z.strictObject({ kind: z.literal('slide'), slide: z.number(), title: z.string().optional() }),
    z.strictObject({ kind: z.literal('notes'), slide: z.number() }),
    z.strictObject({
      kind: z.literal('sheet'),
      sheet: z.string(),
      rowStart: z.number(),
      rowEnd: z.number(),
    }),
    z.strictObject({
      kind: z.literal('paragraph'),
      index: z.number(),
      headingPath: z.array(z.string()).optional(),
    }),
  ])
  .meta({ id: 'BlockLocation' });
export type BlockLocation = z.output<typeof blockLocation>;

/** Something the learner should know about an extraction that still succeeded. */
export const extractionWarning = z
  .strictObject({
    code: z.string().meta({ description: 'OCR_USED, PAGES_WITHOUT_TEXT, TRUNCATED…' }),
    fileId: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .meta({ id: 'ExtractionWarning' });
export type ExtractionWarning = z.output<typeof extractionWarning>;

/** GET /materials/{id}/content: the extracted text in reading order (presenter presentContent). */
export const materialContent = z
  .strictObject({
    language: z.enum(['zh-TW', 'en', 'other']),
    warnings: z.array(extractionWarning),
    blocks: z.array(
      z.strictObject({ fileId: z.string(), text: z.string(), location: blockLocation }),
    ),
    files: z.array(
      z.strictObject({ id: z.string(), file_name: z.string(), file_type: z.string() }),
    ),
  })
  .meta({ id: 'MaterialContent' });
export type MaterialContentAnswer = z.output<typeof materialContent>;

/** One term ↔ definition card (api/flashcards/material-cards.ts TermCard). */
export const termCard = z
  .strictObject({
    id: z.string().meta({ description: "The term's key: stable for the same text." }),
    term: z.string(),
    definition: z.string(),
    source: z.strictObject({ fileId: z.string(), sentence: z.string(), location: blockLocation }),
  })
  .meta({ id: 'TermCard' });

/** GET /materials/{id}/flashcards (docs/decisions/0029-flashcards.md). */
export const materialFlashcards = z
  .strictObject({
    materialId: z.string(),
    title: z.string(),
    language: z.enum(['zh-TW', 'en', 'other']),
    cards: z.array(termCard),
  })
  .meta({ id: 'MaterialFlashcards' });
export type MaterialFlashcards = z.output<typeof materialFlashcards>;
