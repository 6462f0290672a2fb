import { z } from 'zod/mini';
import { deleteAttempt, saveReport } from '../../../db/cache';
import { api } from '../../../lib/api-client';
import { submitted } from './queue-submission';
import { currentUserId } from '../../../stores/auth-store';
import { quizPath } from './paths';
import { parseReport } from './get-report';
import type { QuizReport, SubmittedAnswer } from './types';
import { answerRecord } from '../../../lib/api-answer';

export const submitQuizInputSchema = z.object({
  answers: z
    .array(z.looseObject({ questionId: z.string().check(z.minLength(1)) }))
    .check(z.minLength(1)),
  clientSubmissionId: z.string().check(z.minLength(1)),
  timings: z.optional(
    z.array(z.object({ questionId: z.string(), elapsedMs: z.number(), firstTry: z.boolean() })),
  ),
});

/**
 * POST /quiz/{quizId}/submit {answers, clientSubmissionId}: scores the attempt. The same
 * clientSubmissionId again returns the attempt already scored, so a retry is safe. The report
 * is stored on the device and the attempt in progress there is done. Throws ApiError 400
 * NO_ANSWERS / ANSWER_QUESTION_ID_MISSING; a TypeError when there is no network.
 */
export async function submitQuiz(
  quizId: string,
  answers: SubmittedAnswer[],
  clientSubmissionId: string,
  /** Per question: time spent and first try, so review cards are rated by them. */
  timings?: Array<{ questionId: string; elapsedMs: number; firstTry: boolean }>,
): Promise<QuizReport> {
  const body = submitQuizInputSchema.parse({ answers, clientSubmissionId, timings });
  const raw = await api(`${quizPath(quizId)}/submit`, { method: 'POST', body });
  const report = parseReport(raw);
  const userId = currentUserId();
  if (userId !== null) {
    await Promise.all([
      saveReport(userId, { quizId, materialId: report.materialId, data: answerRecord(raw) }),
      deleteAttempt(userId, quizId),
      submitted(userId, quizId),
    ]);
  }
  return report;
}
