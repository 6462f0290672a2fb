import { describe, expect, it } from 'vitest';
import { Rating } from 'ts-fsrs';
import { ANSWER_TIME_MS, MAX_MEANINGFUL_MS, ratingFor } from '../../api/review/rating.js';
import { QUESTION_TYPES } from '../../api/quizgen/types.js';

describe('answer → FSRS rating', () => {
  it('rates every wrong answer Again, however fast or first-try', () => {
    for (const type of QUESTION_TYPES) {
      expect(ratingFor({ correct: false, type })).toBe(Rating.Again);
      expect(ratingFor({ correct: false, type, firstTry: true, elapsedMs: 1_000 })).toBe(
        Rating.Again,
      );
    }
  });

  it('rates a right answer that was not the first choice Hard, even when quick', () => {
    expect(ratingFor({ correct: true, type: 'multiple_choice', firstTry: false })).toBe(
      Rating.Hard,
    );
    expect(
      ratingFor({ correct: true, type: 'true_false', firstTry: false, elapsedMs: 1_000 }),
    ).toBe(Rating.Hard);
  });

  it('rates a right first try Good when the time is unknown or meaningless', () => {
    for (const elapsedMs of [undefined, null, 0, -5, Number.NaN, MAX_MEANINGFUL_MS + 1]) {
      expect(ratingFor({ correct: true, type: 'multiple_choice', elapsedMs })).toBe(Rating.Good);
    }
  });

  it('rates by time per question type: quick Easy, in between Good, slow Hard', () => {
    for (const type of QUESTION_TYPES) {
      const { fast, slow } = ANSWER_TIME_MS[type];
      expect(fast).toBeLessThan(slow);
      expect(ratingFor({ correct: true, type, elapsedMs: 1 })).toBe(Rating.Easy);
      expect(ratingFor({ correct: true, type, elapsedMs: fast })).toBe(Rating.Easy);
      expect(ratingFor({ correct: true, type, elapsedMs: fast + 1 })).toBe(Rating.Good);
      expect(ratingFor({ correct: true, type, elapsedMs: slow })).toBe(Rating.Good);
      expect(ratingFor({ correct: true, type, elapsedMs: slow + 1 })).toBe(Rating.Hard);
    }
  });

  it('gives a short answer more time than a true/false statement', () => {
    // 20 s: slow for judging a statement, quick-ish for recalling and typing an answer.
    expect(ratingFor({ correct: true, type: 'true_false', elapsedMs: 31_000 })).toBe(Rating.Hard);
    expect(ratingFor({ correct: true, type: 'short_answer', elapsedMs: 31_000 })).toBe(Rating.Good);
  });
});
