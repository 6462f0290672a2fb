import { describe, expect, it } from 'vitest';
import { generatorParameters, Rating } from 'ts-fsrs';
import { emptyCardColumns, FSRS_PARAMS, review } from '../../api/review/scheduler';
import type { ReviewCard } from '../../src/features/review/api/types';
import { FSRS_SETTINGS, previewRatings } from '../../src/features/review/lib/intervals';

// The review page previews each rating's next due date with ts-fsrs on the device (issue 20):
// its settings are the server's, and its preview is the date the server stores.

const START = new Date('2026-03-09T02:00:00.000Z');
const HOUR = 3_600_000;

describe('rating previews on the device', () => {
  it('uses the server FSRS parameters', () => {
    expect(
      generatorParameters({
        ...FSRS_SETTINGS,
        learning_steps: [...FSRS_SETTINGS.learning_steps],
        relearning_steps: [...FSRS_SETTINGS.relearning_steps],
      }),
    ).toEqual(FSRS_PARAMS);
  });

  it('gives, for each rating, the due date the server would store', () => {
    // A card reviewed twice on the server (new → Good → three days later Again).
    let row = emptyCardColumns(START);
    row = review(row, Rating.Good, START).card;
    row = review(row, Rating.Again, new Date(START.getTime() + 72 * HOUR)).card;
    const states = ['new', 'learning', 'review', 'relearning'] as const;
    const card = {
      cardId: 'c',
      due: row.due,
      state: states[row.state],
      reps: row.reps,
      lapses: row.lapses,
      lastReview: row.last_review,
      fsrs: {
        stability: row.stability,
        difficulty: row.difficulty,
        elapsedDays: row.elapsed_days,
        scheduledDays: row.scheduled_days,
        learningSteps: row.learning_steps,
      },
    } as ReviewCard;
    const at = START.getTime() + 80 * HOUR;
    const preview = previewRatings(card, at)!;
    const grades = {
      again: Rating.Again,
      hard: Rating.Hard,
      good: Rating.Good,
      easy: Rating.Easy,
    } as const;
    for (const [name, grade] of Object.entries(grades)) {
      expect(preview[name as keyof typeof grades]).toBe(review(row, grade, new Date(at)).card.due);
    }
    // Again back in ten minutes, Easy the longest wait.
    expect(Date.parse(preview.easy)).toBeGreaterThanOrEqual(Date.parse(preview.good));
    expect(Date.parse(preview.good)).toBeGreaterThan(Date.parse(preview.again));
    expect(Date.parse(preview.again) - at).toBe(10 * 60_000);
  });

  it('shows no intervals for a copy stored without the scheduling state', () => {
    expect(previewRatings({ cardId: 'c', due: START.toISOString() } as ReviewCard, 0)).toBeNull();
  });
});
