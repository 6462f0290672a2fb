import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { REVIEW_PATH, utcOffset } from './paths';
import type { ReviewStats } from './types';
import { answerRecord } from '../../../lib/api-answer';

const n = z.catch(z.number(), 0);
const statsSchema = z.looseObject({
  today: z.catch(z.string(), ''),
  dueToday: n,
  dueThisWeek: n,
  reviewedToday: n,
  correctToday: n,
  totalCards: n,
  streakDays: n,
  studiedToday: z.catch(z.boolean(), false),
  retention: z.catch(z.nullable(z.number()), null),
  retentionSample: n,
});

/** GET /review/stats: due today and this week, reviewed today, streak, 30-day retention. */
export async function getReviewStats(signal?: AbortSignal): Promise<ReviewStats> {
  const raw = answerRecord(await api(`${REVIEW_PATH}/stats?utcOffset=${utcOffset()}`, { signal }));
  return statsSchema.parse(raw) as ReviewStats;
}
