import { ApiError } from '../../../lib/api-client';
import { apiData } from '../../../lib/api-answer';
import { generationSchema } from './generation-schema';
import { generationPath } from './paths';
import type { Generation } from './types';

/**
 * GET /quiz/generations/{id}: stage and progress. Null when the server does not know it (404: a
 * generation whose start was lost, e.g. by a reload before POST /quiz/generate answered).
 */
export async function getGeneration(id: string, signal?: AbortSignal): Promise<Generation | null> {
  try {
    return await apiData(generationSchema, generationPath(id), { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
