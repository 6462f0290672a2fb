import type { Material, MaterialFile, Quiz } from '../db/schema.js';
import type { ExtractedDocument } from '../extract/index.js';

/** The quiz columns a summary needs (never the questions themselves). */
export type QuizSummaryRow = Pick<
  Quiz,
  | 'id'
  | 'material_id'
  | 'title'
  | 'description'
  | 'difficulty'
  | 'language'
  | 'question_types'
  | 'question_count'
  | 'completed'
  | 'score'
  | 'answered_count'
  | 'created_at'
  | 'last_taken_at'
  | 'best_score'
  | 'attempt_count'
>;

/** The material columns an answer shows (never search_text or the upload's key). */
export const MATERIAL_COLUMNS = [
  'id',
  'title',
  'description',
  'type',
  'language',
  'created_at',
  'updated_at',
] as const;
export type MaterialRow = Pick<Material, (typeof MATERIAL_COLUMNS)[number]>;

export type FileRow = Pick<
  MaterialFile,
  'id' | 'material_id' | 'position' | 'file_name' | 'file_type' | 'file_size'
>;

/** Where the original bytes of a file are downloaded from. */
export const fileDownloadPath = (materialId: string, fileId: string) =>
  `/api/v1/materials/${materialId}/files/${fileId}`;

/**
 * One file of a material, each field once, under the names of the spec's API table
 * (file_name, file_type, file_size; the detail's id and path). Clients map them to their own
 * names (the spec's name/type/size), as the web does.
 */
export function presentFile(f: FileRow) {
  return {
    id: f.id,
    file_name: f.file_name,
    file_type: f.file_type,
    file_size: f.file_size,
    path: fileDownloadPath(f.material_id, f.id),
  };
}

function parseTypes(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** A quiz as listed on its material's page. */
export function presentQuizSummary(q: QuizSummaryRow) {
  return {
    id: q.id,
    title: q.title,
    description: q.description,
    questionCount: q.question_count,
    createdAt: q.created_at,
    lastTakenAt: q.last_taken_at,
    lastScore: q.score,
    difficulty: q.difficulty,
    testType: parseTypes(q.question_types),
    language: q.language,
    score: q.score,
    completed: q.completed === 1,
    answeredQuestionsCount: q.answered_count,
    bestScore: q.best_score,
    attemptCount: q.attempt_count,
  };
}

/**
 * A material with its files and quiz summaries (newest quiz first), each field once, under the
 * names of the spec's API table (id, title, description, created_at, files, quizCount,
 * quizzes); the spec's client accepts them and maps its other names (name, content, createdAt,
 * uploadedAt, fileType) from these.
 */
export function presentMaterial(m: MaterialRow, files: FileRow[], quizzes: QuizSummaryRow[]) {
  const summaries = quizzes.map(presentQuizSummary);
  return {
    id: m.id,
    title: m.title,
    description: m.description,
    type: m.type,
    language: m.language,
    created_at: m.created_at,
    updated_at: m.updated_at,
    fileCount: files.length,
    quizCount: summaries.length,
    lastScore: summaries[0]?.score ?? null,
    files: files.map(presentFile),
    quizzes: summaries,
  };
}

export type MaterialView = ReturnType<typeof presentMaterial>;

/** The extracted text of a material, with the files its blocks point to. */
export function presentContent(doc: ExtractedDocument, files: FileRow[]) {
  return {
    language: doc.language,
    warnings: doc.warnings,
    blocks: doc.blocks,
    files: files.map((f) => ({ id: f.id, file_name: f.file_name, file_type: f.file_type })),
  };
}
