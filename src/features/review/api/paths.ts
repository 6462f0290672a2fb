/** The review endpoints (base /api/v1; api() adds the bearer token). */
export const REVIEW_PATH = '/api/v1/review';

/**
 * The learner's offset east of UTC in minutes (Taipei 480), which decides where their "today"
 * begins and ends on the server.
 */
export const utcOffset = (now = new Date()) => 0 - now.getTimezoneOffset();

/** The end of the learner's local today (ISO), the same instant the server calls dayEnd. */
export function localDayEnd(now = new Date()): string {
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
  // As the server does (api/review/days.ts): a card due within 20 minutes is due now.
  return new Date(Math.max(end, now.getTime() + 20 * 60_000)).toISOString();
}
