import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { quizPath } from './paths';
import type { SubmittedAnswer } from './types';

export const saveProgressInputSchema = z.object({
  answers: z.array(z.looseObject({ questionId: z.string().check(z.minLength(1)) })),
  currentIndex: z.number().check(z.int(), z.nonnegative()),
});

/**
 * PUT /quiz/{quizId}/progress {answers, currentIndex}: the attempt in progress (the server
 * starts a new one after a submit — that is a retake). Answers `{ answeredCount }`.
 */
export async function saveProgress(
  quizId: string,
  answers: SubmittedAnswer[],
  currentIndex: number,
): Promise<void> {
  const body = saveProgressInputSchema.parse({ answers, currentIndex });
  await api(`${quizPath(quizId)}/progress`, { method: 'PUT', body });
}
