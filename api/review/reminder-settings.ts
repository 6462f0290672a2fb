import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { iso } from '../lib/clock.js';

/** The learner's reminder setting as the API shows it. */
export interface ReminderSettings {
  enabled: boolean;
  hour: number;
  utcOffset: number;
}

/** A learner who never saved the setting: off, 19:00, UTC. */
export const DEFAULT_REMINDER: ReminderSettings = { enabled: false, hour: 19, utcOffset: 0 };

/** The reminder setting stored for the learner (the defaults before the first save). */
export async function getReminderSettings(db: Db, userId: string): Promise<ReminderSettings> {
  const row = await db
    .selectFrom('reminder_settings')
    .select(['enabled', 'hour', 'utc_offset'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_REMINDER };
  return { enabled: row.enabled === 1, hour: row.hour, utcOffset: row.utc_offset };
}

/** Saves the setting; an hour or offset left out keeps its stored value. */
export async function saveReminderSettings(
  d: { db: Db; clock: Clock },
  userId: string,
  input: { enabled: boolean; hour?: number; utcOffset?: number },
): Promise<ReminderSettings> {
  const current = await getReminderSettings(d.db, userId);
  const next = {
    enabled: input.enabled ? 1 : 0,
    hour: input.hour ?? current.hour,
    utc_offset: input.utcOffset ?? current.utcOffset,
    updated_at: iso(d.clock.now()),
  };
  await d.db
    .insertInto('reminder_settings')
    .values({ user_id: userId, ...next })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(next))
    .execute();
  return getReminderSettings(d.db, userId);
}

/** Turns the learner's reminders off (the unsubscribe link); nothing else changes. */
export async function turnRemindersOff(d: { db: Db; clock: Clock }, userId: string) {
  await d.db
    .updateTable('reminder_settings')
    .set({ enabled: 0, updated_at: iso(d.clock.now()) })
    .where('user_id', '=', userId)
    .execute();
}
