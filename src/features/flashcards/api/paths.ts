import type { ApiRecord } from '../../../db';

export const materialFlashcardsPath = (materialId: string) =>
  `/api/v1/materials/${encodeURIComponent(materialId)}/flashcards`;
export const quizReportPath = (quizId: string) =>
  `/api/v1/quiz/${encodeURIComponent(quizId)}/report`;
export const STILL_LEARNING_PATH = '/api/v1/review/flashcards/still-learning';

const record = (v: unknown): ApiRecord => (v && typeof v === 'object' ? (v as ApiRecord) : {});

/** `{ success, data }` → data. */
export const unwrap = (raw: unknown): ApiRecord => {
  const r = record(raw);
  return r.data && typeof r.data === 'object' ? record(r.data) : r;
};
