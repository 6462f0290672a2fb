import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import type { Progress } from './types';
import { answerData } from '../../../lib/api-answer';

export const PROGRESS_PATH = '/api/v1/progress';

const n = z.catch(z.number(), 0);
const attemptSchema = z.looseObject({
  attemptId: z.catch(z.string(), ''),
  quizId: z.catch(z.string(), ''),
  quizTitle: z.catch(z.string(), ''),
  score: n,
  submittedAt: z.catch(z.string(), ''),
  day: z.catch(z.string(), ''),
});
const progressSchema = z.looseObject({
  materials: z.catch(
    z.array(
      z.looseObject({
        materialId: z.string(),
        title: z.catch(z.string(), ''),
        attempts: z.catch(z.array(attemptSchema), []),
      }),
    ),
    [],
  ),
  concepts: z.catch(
    z.array(
      z.looseObject({
        concept: z.string(),
        correct: n,
        total: n,
        accuracy: n,
        cardCount: n,
        dueCount: n,
      }),
    ),
    [],
  ),
  premium: z.catch(z.boolean(), false),
  conceptsLocked: z.catch(z.boolean(), true),
  streakDays: n,
  studiedToday: z.catch(z.boolean(), false),
  studyDays: z.catch(z.array(z.string()), []),
  totals: z.catch(z.looseObject({ attempts: n, reviews: n, cards: n }), {
    attempts: 0,
    reviews: 0,
    cards: 0,
  }),
});

/**
 * GET /progress?utcOffset: scores over time per material, accuracy per related concept
 * (premium; weakest first), study days and streak, in the learner's own calendar days.
 */
export async function getProgress(signal?: AbortSignal): Promise<Progress> {
  const offset = 0 - new Date().getTimezoneOffset();
  const raw = await api(`${PROGRESS_PATH}?utcOffset=${offset}`, { signal });
  return progressSchema.parse(answerData(raw)) as Progress;
}
