import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { iso } from '../lib/clock.js';
import { addDays, dayStart, today } from './days.js';
import { studyStreak } from './study-days.js';

/** Retention is measured over this many days of review answers. */
export const RETENTION_DAYS = 30;

async function countCards(db: Db, userId: string, dueBefore?: string): Promise<number> {
  let q = db
    .selectFrom('review_cards')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId);
  if (dueBefore) q = q.where('due', '<', dueBefore);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Review-page answers since `from` (to `to`): how many, and how many were right. */
export async function reviewAnswers(db: Db, userId: string, from: string, to?: string) {
  let q = db
    .selectFrom('review_logs')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string | null>('correct').as('correct'),
    ])
    .where('user_id', '=', userId)
    .where('source', '=', 'review')
    .where('reviewed_at', '>=', from);
  if (to) q = q.where('reviewed_at', '<', to);
  const row = await q.executeTakeFirstOrThrow();
  return { total: Number(row.total), correct: Number(row.correct ?? 0) };
}

/** The review page's numbers: due today and this week, reviewed today, streak, retention. */
export async function reviewStats(d: { db: Db; clock: Clock }, userId: string, utcOffset: number) {
  const now = d.clock.now();
  const window = today(now, utcOffset);
  const weekEnd = iso(dayStart(addDays(window.day, 7), utcOffset));
  const dueToday = await countCards(d.db, userId, iso(window.dueBefore));
  const dueThisWeek = await countCards(d.db, userId, weekEnd);
  const totalCards = await countCards(d.db, userId);
  const todays = await reviewAnswers(d.db, userId, iso(window.start), iso(window.end));
  const recent = await reviewAnswers(
    d.db,
    userId,
    iso(new Date(now.getTime() - RETENTION_DAYS * 86_400_000)),
  );
  const streak = await studyStreak(d.db, userId, now, utcOffset);
  return {
    today: window.day,
    dueToday,
    dueThisWeek,
    reviewedToday: todays.total,
    correctToday: todays.correct,
    totalCards,
    streakDays: streak.streakDays,
    studiedToday: streak.studiedToday,
    retention: recent.total ? Math.round((recent.correct / recent.total) * 100) / 100 : null,
    retentionSample: recent.total,
  };
}
