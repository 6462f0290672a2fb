import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { useQuizResource } from '../hooks/use-quiz-resource';
import { quizPath, unwrap } from './get-quiz';
import type { QuizReport } from './types';

const detailSchema = z.looseObject({
  questionId: z.string(),
  type: z.string(),
  question: z.catch(z.string(), ''),
  isCorrect: z.catch(z.boolean(), false),
  answered: z.catch(z.boolean(), false),
  userAnswer: z.catch(z.string(), ''),
  correctAnswer: z.catch(z.string(), ''),
  relatedConcepts: z.optional(z.catch(z.array(z.string()), [])),
});

const reportSchema = z.looseObject({
  quizId: z.catch(z.string(), ''),
  materialId: z.catch(z.string(), ''),
  quizTitle: z.catch(z.string(), ''),
  score: z.number(),
  correctAnswers: z.catch(z.number(), 0),
  totalQuestions: z.catch(z.number(), 0),
  typeAnalysis: z.catch(
    z.record(z.string(), z.object({ total: z.number(), correct: z.number() })),
    {},
  ),
  answersDetail: z.catch(z.array(detailSchema), []),
  premium: z.catch(z.boolean(), false),
  locked: z.catch(z.boolean(), true),
  bestScore: z.catch(z.number(), 0),
  attemptCount: z.catch(z.number(), 1),
  history: z.catch(
    z.array(z.object({ attemptId: z.string(), score: z.number(), submittedAt: z.string() })),
    [],
  ),
});

/** A report answer (GET /report or POST /submit), checked where the page depends on it. */
export function parseReport(raw: unknown): QuizReport {
  const report = reportSchema.parse(unwrap(raw));
  return report as unknown as QuizReport;
}

/** GET /quiz/{quizId}/report: the latest attempt. Throws ApiError 404 REPORT_NOT_FOUND. */
export async function getReport(quizId: string, signal?: AbortSignal): Promise<QuizReport> {
  return parseReport(await api(`${quizPath(quizId)}/report`, { signal }));
}

/** The report for the results page; `initial` (the submit's answer) saves the first request. */
export function useReport(quizId: string, initial?: QuizReport) {
  return useQuizResource(quizId, (signal) =>
    initial && initial.quizId === quizId ? Promise.resolve(initial) : getReport(quizId, signal),
  );
}
