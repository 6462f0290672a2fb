import type { Db } from '../db/database.js';
import { iso } from '../lib/clock.js';
import { addDays, dayStart, localDay, streakOf, today } from './days.js';

/**
 * The learner's study days (a quiz submitted or a review answered) from `fromDay` through
 * today, as local days in the offset.
 */
export async function studyDaysSince(
  db: Db,
  userId: string,
  fromDay: string,
  now: Date,
  utcOffset: number,
): Promise<Set<string>> {
  const from = iso(dayStart(fromDay, utcOffset));
  const to = iso(today(now, utcOffset).end);
  const attempts = await db
    .selectFrom('quiz_attempts')
    .select('submitted_at')
    .where('user_id', '=', userId)
    .where('status', '=', 'submitted')
    .where('submitted_at', '>=', from)
    .where('submitted_at', '<', to)
    .execute();
  // Quiz answers are logged at their submission's time: only the review page's answers add.
  const reviews = await db
    .selectFrom('review_logs')
    .select('reviewed_at')
    .where('user_id', '=', userId)
    .where('source', '=', 'review')
    .where('reviewed_at', '>=', from)
    .where('reviewed_at', '<', to)
    .execute();
  const days = new Set<string>();
  for (const a of attempts) if (a.submitted_at) days.add(localDay(a.submitted_at, utcOffset));
  for (const r of reviews) days.add(localDay(r.reviewed_at, utcOffset));
  return days;
}

const FIRST_WINDOW_DAYS = 64;
const MAX_WINDOW_DAYS = 64 * 4 ** 4;

/**
 * The streak of study days ending today (or yesterday): read a window back from today, and a
 * four times wider one only while the streak reaches the window's first day.
 */
export async function studyStreak(db: Db, userId: string, now: Date, utcOffset: number) {
  const todayDay = today(now, utcOffset).day;
  let span = FIRST_WINDOW_DAYS;
  for (;;) {
    const days = await studyDaysSince(db, userId, addDays(todayDay, -(span - 1)), now, utcOffset);
    const streak = streakOf(days, todayDay);
    if (streak.streakDays < span - 1 || span >= MAX_WINDOW_DAYS) return streak;
    span *= 4;
  }
}
