import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { turnRemindersOff } from './reminder-settings.js';
import { unsubscribePage } from './unsubscribe-page.js';
import { verifyUnsubscribeToken } from './unsubscribe-token.js';

/**
 * The page an opened unsubscribe link (GET) shows: the question with its button when the token
 * is valid, else "not valid". Nothing changes (issue 19: only POST unsubscribes).
 */
export function confirmUnsubscribe(
  d: { secret: string },
  token: string | undefined,
): { ok: boolean; page: string } {
  const userId = verifyUnsubscribeToken(d.secret, token);
  if (!userId) return { ok: false, page: unsubscribePage('invalid') };
  return { ok: true, page: unsubscribePage('confirm', token) };
}

/**
 * Turns reminders off for the account a valid unsubscribe token names (again is fine) and
 * gives the page to show; a bad token changes nothing. POST only: the page's button, or a
 * mail client's RFC 8058 one-click.
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
