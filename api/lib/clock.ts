/** Source of "now", injected so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move forward. */
export function manualClock(start = new Date('2026-01-01T00:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
}

export const iso = (d: Date) => d.toISOString();
export const addMs = (d: Date, ms: number) => new Date(d.getTime() + ms);
