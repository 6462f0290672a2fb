import { api } from '../../../lib/api-client';
import type { Progress } from './types';
import { answerData } from '../../../lib/api-answer';

export const PROGRESS_PATH = '/api/v1/progress';

/**
 * GET /progress?utcOffset: scores over time per material, accuracy per related concept
 * (premium; weakest first), study days and streak, in the learner's own calendar days.
 */
export async function getProgress(signal?: AbortSignal): Promise<Progress> {
  const offset = 0 - new Date().getTimezoneOffset();
  const raw = await api(`${PROGRESS_PATH}?utcOffset=${offset}`, { signal });
  return answerData(raw) as Progress;
}
