/**
 * Local calendar days from a UTC offset (minutes east of UTC, Taipei 480): where "today", "this
 * week" and study days begin and end for a learner. Pure functions of their inputs.
 */

const DAY_MS = 86_400_000;

/** The widest offsets in use (UTC−14:00 … UTC+14:00). */
export const MAX_UTC_OFFSET = 14 * 60;

/** The local day (YYYY-MM-DD) of an instant. */
export function localDay(at: Date | string, utcOffset: number): string {
  const t = (typeof at === 'string' ? Date.parse(at) : at.getTime()) + utcOffset * 60_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The UTC instant a local day starts at. */
export function dayStart(day: string, utcOffset: number): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - utcOffset * 60_000);
}

/** The day `n` days after (negative: before) `day`. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A card due this soon counts as due now even past midnight (Anki's learn-ahead limit): a card
 * missed at 23:55 comes back in ten minutes, and "nothing due today" would hide it.
 */
export const LEARN_AHEAD_MS = 20 * 60_000;

/**
 * Today in the learner's offset, with the instants it starts and ends at, and `dueBefore`: the
 * end of today or the learn-ahead limit, whichever is later — what "due today" counts up to.
 */
export function today(now: Date, utcOffset: number) {
  const day = localDay(now, utcOffset);
  const end = dayStart(addDays(day, 1), utcOffset);
  const ahead = new Date(now.getTime() + LEARN_AHEAD_MS);
  return {
    day,
    start: dayStart(day, utcOffset),
    end,
    dueBefore: ahead > end ? ahead : end,
  };
}

/** The local hour (0–23) of an instant. */
export function localHour(at: Date, utcOffset: number): number {
  return new Date(at.getTime() + utcOffset * 60_000).getUTCHours();
}

/**
 * Consecutive study days ending today, or ending yesterday while today has none yet (a streak
 * stays alive until the day is over).
 */
export function streakOf(days: ReadonlySet<string>, todayDay: string) {
  const studiedToday = days.has(todayDay);
  let day = studiedToday ? todayDay : addDays(todayDay, -1);
  let streakDays = 0;
  while (days.has(day)) {
    streakDays += 1;
    day = addDays(day, -1);
  }
  return { streakDays, studiedToday };
}
