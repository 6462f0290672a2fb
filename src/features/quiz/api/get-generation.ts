import { z } from 'zod/mini';
import { api, ApiError } from '../../../lib/api-client';
import { QUIZ_API } from './generate-quiz';
import type { Generation } from './types';

export const generationPath = (id: string) => `${QUIZ_API}/generations/${encodeURIComponent(id)}`;

export const generationSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'succeeded', 'failed', 'cancelled']),
  stage: z.enum(['queued', 'reading', 'concepts', 'writing', 'checking', 'done']),
  progress: z.number(),
  quizId: z.nullable(z.string()),
  errorCode: z.nullable(z.string()),
  // Its server stopped while making it: picked up again shortly, or cancel (issue 19).
  resuming: z.optional(z.boolean()),
});
const answerSchema = z.object({ data: generationSchema });

/**
 * GET /quiz/generations/{id}: stage and progress. Null while the server has not heard of it (404
 * until the POST arrives).
 */
export async function getGeneration(id: string, signal?: AbortSignal): Promise<Generation | null> {
  try {
    return answerSchema.parse(await api(generationPath(id), { signal })).data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
