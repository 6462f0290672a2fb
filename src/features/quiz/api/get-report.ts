import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { z } from 'zod/mini';
import { forgetReport, readReport, saveReport } from '../../../db/cache';
import { api, ApiError } from '../../../lib/api-client';
import { currentUserId, useAuthStore } from '../../../stores/auth-store';
import { useResource } from '../../../lib/use-resource';
import { quizPath } from './paths';
import type { QuizReport } from './types';
import { answerRecord } from '../../../lib/api-answer';

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
  const report = reportSchema.parse(answerRecord(raw));
  return report as unknown as QuizReport;
}

/**
 * GET /quiz/{quizId}/report: the latest attempt, written through to the device. Throws ApiError
 * 404 REPORT_NOT_FOUND (and forgets the stored copy). A copy stored after the request left (a
 * submission that synced meanwhile) is newer and is kept.
 */
export async function getReport(quizId: string, signal?: AbortSignal): Promise<QuizReport> {
  const userId = currentUserId();
  const startedAt = Date.now();
  let raw: unknown;
  try {
    raw = await api(`${quizPath(quizId)}/report`, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404 && userId !== null) {
      await forgetReport(userId, quizId, startedAt);
    }
    throw err;
  }
  const report = parseReport(raw);
  if (userId !== null) {
    await saveReport(
      userId,
      { quizId, materialId: report.materialId, data: answerRecord(raw) },
      startedAt,
    );
  }
  return report;
}

export type ReportState =
  | { status: 'loading' }
  | { status: 'ready'; data: QuizReport }
  | { status: 'error'; error: unknown };

/**
 * The report for the results page, as stored on the device (live: a submission synced from the
 * outbox shows at once) and refreshed from the network. `initial` (the submit's answer) saves
 * the first request. A 404 wins over the stored copy.
 */
export function useReport(quizId: string, initial?: QuizReport) {
  const userId = useAuthStore((s) => s.user?.id ?? '');
  const network = useResource(quizId, (signal) =>
    initial && initial.quizId === quizId ? Promise.resolve(initial) : getReport(quizId, signal),
  );
  const stored = useLiveQuery(() => readReport(userId, quizId), [userId, quizId]);
  const fromDevice = useMemo(() => {
    try {
      return stored ? parseReport(stored.data) : null;
    } catch {
      return null;
    }
  }, [stored]);
  const notFound =
    network.status === 'error' && network.error instanceof ApiError && network.error.status === 404;

  let state: ReportState;
  if (fromDevice && !notFound) state = { status: 'ready', data: fromDevice };
  else if (network.status === 'ready') state = { status: 'ready', data: network.data };
  else if (network.status === 'error') state = { status: 'error', error: network.error };
  else state = { status: 'loading' };
  return { ...state, state, reload: network.reload };
}
