import { ApiError } from '../../../lib/api-client';
import { apiData } from '../../../lib/api-answer';
import { generationSchema } from './generation-schema';
import { generationPath } from './paths';
import type { Generation } from './types';

/**
 * POST /quiz/generations/{id}/cancel: stops it and gives the free quiz back; answers once it has
 * settled (up to ~3 s) with the generation as it ended. A generation that finished first stays
 * `succeeded`. Null when the server never heard of it (404): there was nothing to cancel.
 */
export async function cancelGeneration(id: string): Promise<Generation | null> {
  try {
    return await apiData(generationSchema, `${generationPath(id)}/cancel`, { method: 'POST' });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
