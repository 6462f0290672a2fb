/** The quiz endpoints (base /api/v1; api() adds the bearer token). */
export const QUIZ_PATH = '/api/v1/quiz';
export const quizPath = (quizId: string) => `${QUIZ_PATH}/${encodeURIComponent(quizId)}`;
export const generationPath = (id: string) => `${QUIZ_PATH}/generations/${encodeURIComponent(id)}`;
