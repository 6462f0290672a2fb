/** Dates of the review screens as words, in the UI language. Pure (the clock is passed in). */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const locale = (lng: string) => (lng === 'en' ? 'en' : 'zh-TW');

/**
 * When a card is due again, relative to now: "10 分鐘後" / "in 10 minutes", "3 天後" /
 * "in 3 days". Anything due within a minute (or overdue) is "now".
 */
export function relativeDue(due: string, now: number, lng: string): string {
  const diff = Date.parse(due) - now;
  const rtf = new Intl.RelativeTimeFormat(locale(lng), { numeric: 'auto' });
  if (!Number.isFinite(diff) || diff < MINUTE) return rtf.format(0, 'second');
  if (diff < HOUR) return rtf.format(Math.round(diff / MINUTE), 'minute');
  if (diff < DAY) return rtf.format(Math.round(diff / HOUR), 'hour');
  if (diff < 60 * DAY) return rtf.format(Math.round(diff / DAY), 'day');
  return rtf.format(Math.round(diff / (30 * DAY)), 'month');
}

/** A due date as a calendar date with weekday and time: "3月12日 週四 08:00" / "Thu, Mar 12, 08:00". */
export function dueDate(due: string, lng: string): string {
  const at = Date.parse(due);
  if (!Number.isFinite(at)) return '';
  return new Intl.DateTimeFormat(locale(lng), {
    month: 'short',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at);
}

/** A local hour of the day as a time: "19:00". */
export function hourLabel(hour: number, lng: string): string {
  return new Intl.DateTimeFormat(locale(lng), {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(2026, 0, 1, hour, 0));
}

/**
 * How long until `due` from `from` (ms), short: "10 分鐘" / "10 min", "3 天" / "3 days",
 * "2 個月" / "2 mths" — the interval a rating button shows.
 */
export function intervalLabel(due: string, from: number, lng: string): string {
  const diff = Math.max(0, Date.parse(due) - from);
  const unit = (value: number, u: 'minute' | 'hour' | 'day' | 'month' | 'year') =>
    new Intl.NumberFormat(locale(lng), { style: 'unit', unit: u, unitDisplay: 'short' }).format(
      value,
    );
  if (diff < HOUR) return unit(Math.max(1, Math.round(diff / MINUTE)), 'minute');
  if (diff < DAY) return unit(Math.round(diff / HOUR), 'hour');
  if (diff < 31 * DAY) return unit(Math.round(diff / DAY), 'day');
  if (diff < 365 * DAY) return unit(Math.round(diff / (30 * DAY)), 'month');
  return unit(Math.round((diff / (365 * DAY)) * 10) / 10, 'year');
}
