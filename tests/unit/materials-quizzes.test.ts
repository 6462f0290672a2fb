import { describe, expect, it } from 'vitest';
import {
  cardScore,
  normalizeMaterial,
  normalizeQuiz,
  scoreTone,
} from '../../src/features/materials/lib/material.js';
import { difficultyOf, sortQuizzes } from '../../src/features/materials/lib/quizzes.js';

const quiz = (id: string, createdAt: string, score: number | null, lastTakenAt = '') =>
  normalizeQuiz({ id, createdAt, score, lastTakenAt, completed: score !== null });

describe('scoreTone (spec 9: ≥ 80 green, ≥ 60 yellow, lower red)', () => {
  it.each([
    [100, 'success'],
    [80, 'success'],
    [79, 'warning'],
    [60, 'warning'],
    [59, 'danger'],
    [0, 'danger'],
  ])('%d → %s', (score, tone) => {
    expect(scoreTone(score)).toBe(tone);
  });
});

describe('sortQuizzes', () => {
  const quizzes = [
    quiz('old-high', '2026-01-01T00:00:00Z', 95),
    quiz('new-none', '2026-03-01T00:00:00Z', null),
    quiz('mid-low', '2026-02-01T00:00:00Z', 40, '2026-02-02T00:00:00Z'),
    quiz('retaken', '2025-12-01T00:00:00Z', 70, '2026-03-05T00:00:00Z'),
  ];

  it('by latest date: last attempt, else creation, newest first', () => {
    expect(sortQuizzes(quizzes, 'latest').map((q) => q.id)).toEqual([
      'retaken',
      'new-none',
      'mid-low',
      'old-high',
    ]);
  });

  it('by highest score, unscored last', () => {
    expect(sortQuizzes(quizzes, 'score').map((q) => q.id)).toEqual([
      'old-high',
      'retaken',
      'mid-low',
      'new-none',
    ]);
  });

  it('leaves the given list alone', () => {
    const before = quizzes.map((q) => q.id);
    sortQuizzes(quizzes, 'score');
    expect(quizzes.map((q) => q.id)).toEqual(before);
  });
});

describe('difficultyOf', () => {
  it('keeps the four levels and defaults to basic', () => {
    expect(['beginner', 'basic', 'advanced', 'expert'].map(difficultyOf)).toEqual([
      'beginner',
      'basic',
      'advanced',
      'expert',
    ]);
    expect(difficultyOf('')).toBe('basic');
    expect(difficultyOf('nightmare')).toBe('basic');
  });
});

describe('normalizeMaterial (spec 3 field variants)', () => {
  it('reads material_id/id, name/title, created_at/createdAt and the files’ snake_case fields', () => {
    const m = normalizeMaterial({
      material_id: 'm1',
      name: 'Notes',
      description: 'd',
      created_at: '2026-01-05T10:00:00Z',
      files: [{ id: 'f1', file_name: 'a.pdf', file_type: 'pdf', file_size: 2048, path: '/x' }],
      quizzes: [{ id: 'q1', score: 85, completed: true, difficulty: 'expert' }],
    });
    expect(m).toMatchObject({
      id: 'm1',
      title: 'Notes',
      name: 'Notes',
      createdAt: '2026-01-05T10:00:00Z',
      type: 'pdf',
      quizCount: 1,
      files: [{ id: 'f1', name: 'a.pdf', type: 'pdf', size: 2048, path: '/x' }],
    });
    expect(m.quizzes[0]).toMatchObject({
      id: 'q1',
      score: 85,
      completed: true,
      difficulty: 'expert',
    });
  });

  it('card score: the first quiz’s, else the material’s last score, else none', () => {
    const withQuiz = normalizeMaterial({
      id: 'a',
      quizzes: [{ id: 'q', score: 72 }],
      lastScore: 10,
    });
    expect(cardScore(withQuiz)).toBe(72);
    expect(cardScore(normalizeMaterial({ id: 'b', lastScore: 64 }))).toBe(64);
    expect(cardScore(normalizeMaterial({ id: 'c' }))).toBeNull();
  });
});
