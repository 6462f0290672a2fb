/** Result grades and captions (spec §9). Pure: the page turns the keys into words. */

export const GRADES = ['excellent', 'good', 'average', 'pass', 'needsImprovement'] as const;
export type Grade = (typeof GRADES)[number];

/** Lowest score of each grade, best first; anything below the last is needsImprovement. */
const THRESHOLDS: ReadonlyArray<readonly [number, Grade]> = [
  [90, 'excellent'],
  [80, 'good'],
  [70, 'average'],
  [60, 'pass'],
];

/** A score as a whole percentage 0–100 (NaN and missing count as 0). */
export function clampScore(score: number | null | undefined): number {
  if (typeof score !== 'number' || !Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, Math.round(score)));
}

/** 90+ excellent, 80+ good, 70+ average, 60+ pass, below: needs improvement. */
export function gradeOf(score: number): Grade {
  const s = clampScore(score);
  return THRESHOLDS.find(([min]) => s >= min)?.[1] ?? 'needsImprovement';
}

export type Caption = 'excellent' | 'keepImproving';

/** The line under the grade: the 'excellent' caption from 80, else keep improving. */
export function captionOf(score: number): Caption {
  return clampScore(score) >= 80 ? 'excellent' : 'keepImproving';
}

export type ScoreTone = 'success' | 'warning' | 'danger';

/** The colour family of a score, as on the material page: 80+ green, 60+ yellow, else red. */
export function scoreTone(score: number): ScoreTone {
  const s = clampScore(score);
  return s >= 80 ? 'success' : s >= 60 ? 'warning' : 'danger';
}
