import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { turnRemindersOff } from './reminder-settings.js';
import { unsubscribePage } from './unsubscribe-page.js';
import { verifyUnsubscribeToken } from './unsubscribe-token.js';

/**
 * Turns reminders off for the account a valid unsubscribe token names (again is fine) and
 * gives the page to show; a bad token changes nothing.
 */
export async function unsubscribeReminders(
  d: { db: Db; clock: Clock; secret: string },
  token: string | undefined,
): Promise<{ ok: boolean; page: string }> {
  const userId = verifyUnsubscribeToken(d.secret, token);
  if (!userId) return { ok: false, page: unsubscribePage('invalid') };
  await turnRemindersOff(d, userId);
  return { ok: true, page: unsubscribePage('done') };
}
