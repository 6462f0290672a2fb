import { describe, expect, it } from 'vitest';
import { dayDomain, dayTicks } from '../../src/features/progress/lib/chart-data';

// The score chart's x axis (issue 20's walk): one tick per day at local noon, so an attempt
// at 23:07 sits beside its own day's label, not nearer the next day's.

const at = (y: number, m: number, d: number, h = 0, min = 0) =>
  new Date(y, m - 1, d, h, min).getTime();
const DAY = 86_400_000;

describe('dayTicks', () => {
  it("labels a single late attempt's chart with its own day only", () => {
    const attempt = at(2026, 11, 27, 23, 7);
    const { min, max } = dayDomain(attempt, attempt);
    expect(min).toBeLessThan(at(2026, 11, 27));
    expect(max).toBeGreaterThan(attempt);
    expect(dayTicks(min, max)).toEqual([at(2026, 11, 27, 12)]);
  });

  it("puts each attempt inside its own day's band, around that day's label", () => {
    const a = at(2026, 11, 25, 0, 30);
    const b = at(2026, 11, 27, 23, 50);
    const { min, max } = dayDomain(a, b);
    const ticks = dayTicks(min, max);
    expect(ticks).toEqual([at(2026, 11, 25, 12), at(2026, 11, 26, 12), at(2026, 11, 27, 12)]);
    for (const x of [a, b]) {
      const nearest = ticks.reduce((p, q) => (Math.abs(q - x) < Math.abs(p - x) ? q : p));
      expect(new Date(nearest).getDate()).toBe(new Date(x).getDate());
    }
  });

  it('keeps to the limit by stepping whole days, every tick at noon', () => {
    const ticks = dayTicks(at(2026, 10, 1), at(2026, 11, 30), 6);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(ticks.length).toBeGreaterThanOrEqual(5);
    for (const t of ticks) {
      expect(new Date(t).getHours()).toBe(12);
      expect(new Date(t).getMinutes()).toBe(0);
    }
    const steps = new Set(ticks.slice(1).map((t, i) => Math.round((t - ticks[i]!) / DAY)));
    expect(steps.size).toBe(1);
  });

  it('gives every day of a short range, within the range', () => {
    const min = at(2026, 11, 25, 13);
    const max = at(2026, 11, 28, 11);
    expect(dayTicks(min, max)).toEqual([at(2026, 11, 26, 12), at(2026, 11, 27, 12)]);
    expect(dayTicks(max, min)).toEqual([]);
  });
});
