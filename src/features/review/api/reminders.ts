import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { REVIEW_PATH, utcOffset } from './paths';
import type { Reminders } from './types';
import { answerRecord } from '../../../lib/api-answer';

export const remindersInputSchema = z.object({
  enabled: z.boolean(),
  hour: z.number().check(z.int(), z.minimum(0), z.maximum(23)),
  utcOffset: z.number().check(z.int(), z.minimum(-840), z.maximum(840)),
});

const remindersSchema = z.looseObject({
  enabled: z.catch(z.boolean(), false),
  hour: z.catch(z.number(), 19),
  utcOffset: z.catch(z.number(), 0),
});

/** GET /review/reminders: whether the daily reminder is on, and at which local hour. */
export async function getReminders(signal?: AbortSignal): Promise<Reminders> {
  return remindersSchema.parse(answerRecord(await api(`${REVIEW_PATH}/reminders`, { signal })));
}

/**
 * PUT /review/reminders with this device's UTC offset (the hour is the learner's local hour).
 * Throws ApiError 400 VALIDATION_FAILED (nothing changes on the server); a TypeError offline.
 */
export async function saveReminders(enabled: boolean, hour: number): Promise<Reminders> {
  const body = remindersInputSchema.parse({ enabled, hour, utcOffset: utcOffset() });
  return remindersSchema.parse(
    answerRecord(await api(`${REVIEW_PATH}/reminders`, { method: 'PUT', body })),
  );
}
