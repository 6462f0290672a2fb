import { describe, expect, it } from 'vitest';
import { captionOf, gradeOf, scoreTone } from '../../src/features/quiz/lib/grade.js';

describe('grade (90 excellent / 80 good / 70 average / 60 pass / below needs improvement)', () => {
  it.each([
    [100, 'excellent'],
    [90, 'excellent'],
    [89, 'good'],
    [80, 'good'],
    [79, 'average'],
    [70, 'average'],
    [69, 'pass'],
    [60, 'pass'],
    [59, 'needsImprovement'],
    [0, 'needsImprovement'],
  ])('%d → %s', (score, grade) => {
    expect(gradeOf(score)).toBe(grade);
  });

  it('rounds a fractional score first, and treats nonsense as 0', () => {
    expect(gradeOf(89.6)).toBe('excellent');
    expect(gradeOf(89.4)).toBe('good');
    expect(gradeOf(Number.NaN)).toBe('needsImprovement');
  });
});

describe("caption ('excellent' from 80, else keep improving)", () => {
  it.each([
    [100, 'excellent'],
    [80, 'excellent'],
    [79, 'keepImproving'],
    [60, 'keepImproving'],
    [0, 'keepImproving'],
  ])('%d → %s', (score, caption) => {
    expect(captionOf(score)).toBe(caption);
  });
});

describe('score colour family (as on the material page)', () => {
  it.each([
    [80, 'success'],
    [79, 'warning'],
    [60, 'warning'],
    [59, 'danger'],
  ])('%d → %s', (score, tone) => {
    expect(scoreTone(score)).toBe(tone);
  });
});
