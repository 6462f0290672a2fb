/** The progress page's numbers, shaped for the chart, the table and the calendar. Pure. */
import type { MaterialProgress } from '../api/types';

/** More lines than this in one chart stop being readable; the table has every material. */
export const MAX_LINES = 6;

/** Line colours (AA against the light and dark surfaces) with a point shape each: never colour alone. */
export const SERIES_STYLES = [
  { color: '#4f46e5', dark: '#a5b4fc', point: 'circle' },
  { color: '#0f766e', dark: '#5eead4', point: 'rect' },
  { color: '#b45309', dark: '#fcd34d', point: 'triangle' },
  { color: '#be185d', dark: '#f9a8d4', point: 'rectRot' },
  { color: '#1d4ed8', dark: '#93c5fd', point: 'star' },
  { color: '#15803d', dark: '#86efac', point: 'crossRot' },
] as const;

export interface ScorePoint {
  /** ms since the epoch (the x axis is time). */
  x: number;
  /** Score 0–100. */
  y: number;
  quizTitle: string;
}

export interface ScoreSeries {
  materialId: string;
  label: string;
  points: ScorePoint[];
}

/** One line per material (the most recently studied first), its attempts oldest first. */
export function scoreSeries(
  materials: readonly MaterialProgress[],
  max = MAX_LINES,
): ScoreSeries[] {
  return materials
    .map((m) => ({
      materialId: m.materialId,
      label: m.title,
      points: m.attempts
        .map((a) => ({ x: Date.parse(a.submittedAt), y: a.score, quizTitle: a.quizTitle }))
        .filter((p) => Number.isFinite(p.x))
        .sort((a, b) => a.x - b.x),
    }))
    .filter((s) => s.points.length > 0)
    .slice(0, max);
}

/** The table: every attempt, per material (in the API's order), oldest first within each. */
export function scoreRows(materials: readonly MaterialProgress[]) {
  return materials.flatMap((m) =>
    m.attempts.map((a) => ({
      key: a.attemptId || `${m.materialId}-${a.submittedAt}`,
      material: m.title,
      quiz: a.quizTitle,
      submittedAt: a.submittedAt,
      score: a.score,
    })),
  );
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `n` local days up to `today` (YYYY-MM-DD), oldest first, each with whether it was studied. */
export function recentDays(studyDays: readonly string[], today: string, n = 28) {
  const studied = new Set(studyDays);
  const end = Date.parse(`${today}T00:00:00.000Z`);
  if (!Number.isFinite(end)) return [];
  return Array.from({ length: n }, (_, i) => {
    const day = dayOf(end - (n - 1 - i) * DAY_MS);
    return { day, studied: studied.has(day) };
  });
}

/** 0–1 accuracy as a whole percentage. */
export const percent = (accuracy: number) => Math.round(Math.min(1, Math.max(0, accuracy)) * 100);

/**
 * The x axis's range: from the start of the first attempt's local day to the end of the
 * last's, two hours more either side so a point at midnight is not cut at the edge. With
 * ticks at noon (dayTicks), each day is a band with its label in the middle.
 */
export function dayDomain(first: number, last: number): { min: number; max: number } {
  const start = new Date(first);
  start.setHours(0, 0, 0, 0);
  const end = new Date(last);
  end.setHours(0, 0, 0, 0);
  end.setDate(end.getDate() + 1);
  const pad = 2 * 3_600_000;
  return { min: start.getTime() - pad, max: end.getTime() + pad };
}

/**
 * The x axis's ticks: local noon of whole days between `min` and `max` (ms), at most
 * `limit` of them, every k-th day. At noon, each day's label stands in the middle of the
 * attempts of that day: ticks at arbitrary instants put a 23:07 attempt nearer the next
 * day's label than its own (the walk of issue 20).
 */
export function dayTicks(min: number, max: number, limit = 6): number[] {
  if (!(max >= min)) return [];
  const noon = (ms: number) => {
    const d = new Date(ms);
    d.setHours(12, 0, 0, 0);
    return d.getTime();
  };
  let first = noon(min);
  if (first < min) first = noon(first + DAY_MS);
  const days = Math.floor((max - first) / DAY_MS) + 1;
  if (days <= 0) return [];
  const step = Math.max(1, Math.ceil(days / limit));
  const out: number[] = [];
  for (let i = 0; i < days; i += step) {
    // Via the calendar, not i × 24 h: a daylight-saving day is 23 or 25 hours long.
    const d = new Date(first);
    d.setDate(d.getDate() + i);
    if (d.getTime() <= max) out.push(d.getTime());
  }
  return out;
}
