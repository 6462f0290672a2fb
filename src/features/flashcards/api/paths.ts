export const materialFlashcardsPath = (materialId: string) =>
  `/api/v1/materials/${encodeURIComponent(materialId)}/flashcards`;
export const quizReportPath = (quizId: string) =>
  `/api/v1/quiz/${encodeURIComponent(quizId)}/report`;
export const STILL_LEARNING_PATH = '/api/v1/review/flashcards/still-learning';
