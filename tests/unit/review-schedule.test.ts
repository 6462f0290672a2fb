import { describe, expect, it } from 'vitest';
import { createEmptyCard, fsrs, Rating, State, type Grade } from 'ts-fsrs';
import {
  emptyCardColumns,
  FSRS_PARAMS,
  presentCardStats,
  review,
  type CardColumns,
} from '../../api/review/scheduler.js';
import { addDays, dayStart, localDay, localHour, streakOf, today } from '../../api/review/days.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('FSRS through the stored card columns', () => {
  it('answers wrong, then right three times: the same due dates ts-fsrs computes itself', () => {
    const t0 = new Date('2026-03-09T02:00:00.000Z');
    const ratings: Grade[] = [Rating.Again, Rating.Good, Rating.Good, Rating.Good];
    // Each answer a little after the card came due, as a learner would.
    const answerTimes = (dues: Date[]) => dues.map((d) => new Date(d.getTime() + 3 * HOUR));

    // Mnemo: every step goes through the row's columns (strings, numbers) and back.
    let row: CardColumns = emptyCardColumns(t0);
    let at = t0;
    const ours: string[] = [];
    const states: number[] = [];
    for (const rating of ratings) {
      const { card } = review(row, rating, at);
      row = JSON.parse(JSON.stringify(card)) as CardColumns;
      ours.push(row.due);
      states.push(row.state);
      at = answerTimes([new Date(row.due)])[0]!;
    }

    // ts-fsrs alone, with the same parameters, ratings and times.
    const scheduler = fsrs(FSRS_PARAMS);
    let card = createEmptyCard(t0);
    let when = t0;
    const theirs: string[] = [];
    for (const rating of ratings) {
      card = scheduler.next(card, when, rating).card;
      theirs.push(card.due.toISOString());
      when = answerTimes([card.due])[0]!;
    }

    expect(ours).toEqual(theirs);
    // Wrong: back within the day (the 10-minute learning step); then days, growing.
    expect(Date.parse(ours[0]!) - t0.getTime()).toBe(10 * 60_000);
    expect(states).toEqual([State.Learning, State.Review, State.Review, State.Review]);
    const gaps = ours.slice(1).map((d, i) => Date.parse(d) - Date.parse(ours[i]!));
    expect(gaps[1]!).toBeGreaterThan(gaps[0]!);
    expect(gaps[2]!).toBeGreaterThan(gaps[1]!);
    expect(presentCardStats(row)).toMatchObject({ state: 'review', reps: 4, lapses: 0 });
  });

  it('a lapse in review counts and comes back in ten minutes', () => {
    const t0 = new Date('2026-03-09T02:00:00.000Z');
    let row = review(emptyCardColumns(t0), Rating.Good, t0).card;
    const later = new Date(Date.parse(row.due) + DAY);
    row = review(row, Rating.Again, later).card;
    expect(row.lapses).toBe(1);
    expect(row.state).toBe(State.Relearning);
    expect(Date.parse(row.due) - later.getTime()).toBe(10 * 60_000);
  });
});

describe('local days', () => {
  it('places instants on the learner’s calendar', () => {
    // 2026-03-09T17:30Z is already the 10th in Taipei (UTC+8), still the 9th in UTC.
    const at = new Date('2026-03-09T17:30:00.000Z');
    expect(localDay(at, 480)).toBe('2026-03-10');
    expect(localDay(at, 0)).toBe('2026-03-09');
    expect(localDay(at, -300)).toBe('2026-03-09');
    expect(localHour(at, 480)).toBe(1);
    expect(dayStart('2026-03-10', 480).toISOString()).toBe('2026-03-09T16:00:00.000Z');
    expect(today(at, 480)).toEqual({
      day: '2026-03-10',
      start: new Date('2026-03-09T16:00:00.000Z'),
      end: new Date('2026-03-10T16:00:00.000Z'),
      dueBefore: new Date('2026-03-10T16:00:00.000Z'),
    });
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('counts a streak through today, or through yesterday until today is over', () => {
    const days = new Set(['2026-03-06', '2026-03-07', '2026-03-08']);
    expect(streakOf(days, '2026-03-09')).toEqual({ streakDays: 3, studiedToday: false });
    expect(streakOf(new Set([...days, '2026-03-09']), '2026-03-09')).toEqual({
      streakDays: 4,
      studiedToday: true,
    });
    expect(streakOf(days, '2026-03-10')).toEqual({ streakDays: 0, studiedToday: false });
    expect(streakOf(new Set(['2026-03-01', '2026-03-09']), '2026-03-09')).toEqual({
      streakDays: 1,
      studiedToday: true,
    });
  });
});

describe('due today near midnight (learn-ahead)', () => {
  it('counts a card due within 20 minutes as due, even past the end of the day', () => {
    // 23:55 in Taipei: the day ends in five minutes; a card missed now is due at 00:05.
    const now = new Date('2026-03-09T15:55:00.000Z');
    const w = today(now, 480);
    expect(w.end.toISOString()).toBe('2026-03-09T16:00:00.000Z');
    expect(w.dueBefore.toISOString()).toBe('2026-03-09T16:15:00.000Z');
    expect(new Date('2026-03-09T16:05:00.000Z') < w.dueBefore).toBe(true);
  });

  it('is the end of the day at any other hour', () => {
    const w = today(new Date('2026-03-09T04:00:00.000Z'), 480);
    expect(w.dueBefore.toISOString()).toBe(w.end.toISOString());
  });
});
