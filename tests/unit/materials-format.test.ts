import { describe, expect, it } from 'vitest';
import { formatDate, formatFileSize, timeOf } from '../../src/features/materials/lib/format.js';

describe('formatFileSize (B, KB with one decimal, MB with one decimal)', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [10_203, '10.0 KB'],
    [1024 * 1024 - 1, '1.0 MB'],
    [1024 * 1024, '1.0 MB'],
    [1_293_994, '1.2 MB'],
    [25 * 1024 * 1024, '25.0 MB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('treats missing or nonsense sizes as 0 B', () => {
    expect(formatFileSize(undefined)).toBe('0 B');
    expect(formatFileSize(null)).toBe('0 B');
    expect(formatFileSize(Number.NaN)).toBe('0 B');
    expect(formatFileSize(-5)).toBe('0 B');
  });
});

describe('formatDate (YYYY.MM.DD, local time)', () => {
  it('pads month and day', () => {
    expect(formatDate(new Date(2026, 0, 5, 23, 30))).toBe('2026.01.05');
    expect(formatDate(new Date(2025, 11, 31))).toBe('2025.12.31');
  });

  it('reads the ISO timestamps the API sends, in the learner’s time zone', () => {
    const local = new Date(2026, 2, 9, 8, 0);
    expect(formatDate(local.toISOString())).toBe('2026.03.09');
  });

  it('says nothing for a missing or invalid date', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('timeOf puts missing dates last when sorting newest first', () => {
    expect(timeOf('')).toBe(0);
    expect(timeOf('garbage')).toBe(0);
    expect(timeOf('2026-01-01T00:00:00Z')).toBe(Date.UTC(2026, 0, 1));
  });
});
