import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { quizPath } from './get-quiz';
import { parseReport } from './get-report';
import type { QuizReport, SubmittedAnswer } from './types';

export const submitQuizInputSchema = z.object({
  answers: z
    .array(z.looseObject({ questionId: z.string().check(z.minLength(1)) }))
    .check(z.minLength(1)),
  clientSubmissionId: z.string().check(z.minLength(1)),
});

/**
 * POST /quiz/{quizId}/submit {answers, clientSubmissionId}: scores the attempt. The same
 * clientSubmissionId again returns the attempt already scored, so a retry is safe. Throws
 * ApiError 400 NO_ANSWERS / ANSWER_QUESTION_ID_MISSING.
 */
export async function submitQuiz(
  quizId: string,
  answers: SubmittedAnswer[],
  clientSubmissionId: string,
): Promise<QuizReport> {
  const body = submitQuizInputSchema.parse({ answers, clientSubmissionId });
  return parseReport(await api(`${quizPath(quizId)}/submit`, { method: 'POST', body }));
}
