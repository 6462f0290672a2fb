import { describe, expect, it } from 'vitest';
import { answerText, stillFirstTry } from '../../src/features/review/lib/answer-text';
import { intervalLabel, relativeDue } from '../../src/features/review/lib/format';
import { shouldNotify, type NotifyFacts } from '../../src/features/review/lib/notify';
import { summarize, type AnsweredCard } from '../../src/features/review/lib/session';
import type { ClientQuestion, ReviewResult } from '../../src/features/review/api/types';
import { recentDays, scoreRows, scoreSeries } from '../../src/features/progress/lib/chart-data';
import { choiceOptions, normalizeFill } from '../../src/features/quiz/lib/answer-format';

// The review and progress screens' pure parts: what an offline answer reads as, when the
// daily notification may show, the session's counts, the chart's series.

const kit = { choiceOptions, normalizeFill };
const labels = { true: '正確', false: '錯誤', joiner: '、' };

describe('an answer as it reads before the server has it', () => {
  const mc: ClientQuestion = {
    id: 'q1',
    questionId: 'q1',
    type: 'multiple_choice',
    question: '光合作用在哪裡進行？',
    options: [
      { id: 'a', text: '粒線體' },
      { id: 'b', text: '葉綠體' },
    ],
  };
  it('is the chosen option, the blanks in order, or the typed text', () => {
    expect(answerText(kit, mc, { choice: 'b' }, labels)).toBe('葉綠體');
    const tf: ClientQuestion = { id: 'q2', questionId: 'q2', type: 'true_false', question: '?' };
    expect(answerText(kit, tf, { choice: 'false' }, labels)).toBe('錯誤');
    const fill: ClientQuestion = {
      id: 'q3',
      questionId: 'q3',
      type: 'dropdown_fill_in_blank',
      question: '_____ 吸收 _____',
      blanks: [
        { id: 'b1', options: [{ id: 'x', text: '葉綠素' }] },
        { id: 'b2', options: [{ id: 'y', text: '光能' }] },
      ],
    };
    expect(answerText(kit, fill, { blanks: { b1: 'x', b2: 'y' } }, labels)).toBe('葉綠素、光能');
    const short: ClientQuestion = {
      id: 'q4',
      questionId: 'q4',
      type: 'short_answer',
      question: '?',
    };
    expect(answerText(kit, short, { text: '  二氧化碳 ' }, labels)).toBe('二氧化碳');
    expect(answerText(kit, short, undefined, labels)).toBe('');
  });

  it('counts as a first try until a choice is changed', () => {
    expect(stillFirstTry(undefined, { choice: 'a' })).toBe(true);
    expect(stillFirstTry({ choice: 'a' }, { choice: 'a' })).toBe(true);
    expect(stillFirstTry({ choice: 'a' }, { choice: 'b' })).toBe(false);
    expect(stillFirstTry({ blanks: { b1: 'x' } }, { blanks: { b1: 'x', b2: 'y' } })).toBe(true);
    expect(stillFirstTry({ blanks: { b1: 'x' } }, { blanks: { b1: 'z' } })).toBe(false);
    expect(stillFirstTry({ text: '二' }, { text: '二氧' })).toBe(true);
  });
});

describe('the daily notification', () => {
  const base: NotifyFacts = {
    permission: 'granted',
    enabled: true,
    due: 3,
    lastShownDay: '2026-03-08',
    today: '2026-03-09',
  };
  it('shows once a day when reminders are on, permission granted and cards due', () => {
    expect(shouldNotify(base)).toBe(true);
    expect(shouldNotify({ ...base, lastShownDay: '2026-03-09' })).toBe(false);
    expect(shouldNotify({ ...base, lastShownDay: null })).toBe(true);
  });
  it('never without permission, with reminders off or unknown, or with nothing due', () => {
    expect(shouldNotify({ ...base, permission: 'default' })).toBe(false);
    expect(shouldNotify({ ...base, permission: 'denied' })).toBe(false);
    expect(shouldNotify({ ...base, permission: 'unsupported' })).toBe(false);
    expect(shouldNotify({ ...base, enabled: false })).toBe(false);
    expect(shouldNotify({ ...base, enabled: null })).toBe(false);
    expect(shouldNotify({ ...base, due: 0 })).toBe(false);
    expect(shouldNotify({ ...base, due: null })).toBe(false);
  });
});

describe('when a card comes back, in words', () => {
  const now = Date.parse('2026-03-09T02:00:00Z');
  const at = (ms: number) => new Date(now + ms).toISOString();
  it('in minutes, hours or days, in both languages', () => {
    expect(relativeDue(at(10 * 60_000), now, 'zh-TW')).toBe('10 分鐘後');
    expect(relativeDue(at(10 * 60_000), now, 'en')).toBe('in 10 minutes');
    expect(relativeDue(at(3 * 3600_000), now, 'en')).toBe('in 3 hours');
    expect(relativeDue(at(3 * 86_400_000), now, 'zh-TW')).toBe('3 天後');
    expect(relativeDue(at(-5_000), now, 'en')).toBe('now');
  });
  it('says how long a rating would wait, short, in both languages', () => {
    expect(intervalLabel(at(10 * 60_000), now, 'en')).toBe('10 min');
    expect(intervalLabel(at(10 * 60_000), now, 'zh-TW')).toBe('10 分鐘');
    expect(intervalLabel(at(2 * 86_400_000), now, 'en')).toBe('2 days');
    expect(intervalLabel(at(2 * 86_400_000), now, 'zh-TW')).toBe('2 天');
    expect(intervalLabel(at(3 * 3600_000), now, 'en')).toBe('3 hr');
  });
});

describe("a session's summary", () => {
  const entry = (id: string, kind: 'result' | 'queued' | 'gone', correct = true): AnsweredCard => ({
    cardId: id,
    clientReviewId: `r-${id}`,
    card: {} as AnsweredCard['card'],
    answerText: '',
    answeredAt: 0,
    outcome:
      kind === 'result'
        ? { kind, result: { correct } as ReviewResult }
        : ({ kind } as AnsweredCard['outcome']),
  });
  it('counts right answers, and offline ones as waiting until their result arrives', () => {
    const answered = [
      entry('a', 'result', true),
      entry('b', 'result', false),
      entry('c', 'queued'),
      entry('d', 'gone'),
    ];
    expect(summarize(answered, new Map())).toEqual({ reviewed: 3, correct: 1, waiting: 1 });
    const synced = new Map([['r-c', { correct: true } as ReviewResult]]);
    expect(summarize(answered, synced)).toEqual({ reviewed: 3, correct: 2, waiting: 0 });
  });
});

describe('the progress chart and table', () => {
  const materials = [
    {
      materialId: 'm2',
      title: '光合作用講義',
      attempts: [
        {
          attemptId: 'a1',
          quizId: 'q',
          quizTitle: '測驗一',
          score: 60,
          submittedAt: '2026-03-07T02:00:00Z',
          day: '2026-03-07',
        },
        {
          attemptId: 'a2',
          quizId: 'q',
          quizTitle: '測驗一',
          score: 90,
          submittedAt: '2026-03-09T02:00:00Z',
          day: '2026-03-09',
        },
      ],
    },
    { materialId: 'm1', title: 'Empty', attempts: [] },
  ];
  it('has one line per material with attempts, oldest first', () => {
    const series = scoreSeries(materials);
    expect(series).toHaveLength(1);
    expect(series[0]!.label).toBe('光合作用講義');
    expect(series[0]!.points.map((p) => p.y)).toEqual([60, 90]);
    expect(scoreRows(materials).map((r) => r.score)).toEqual([60, 90]);
  });
  it('lays out the last four weeks of study days', () => {
    const days = recentDays(['2026-03-07', '2026-03-09', '2026-01-01'], '2026-03-09');
    expect(days).toHaveLength(28);
    expect(days.at(-1)).toEqual({ day: '2026-03-09', studied: true });
    expect(days.at(-2)).toEqual({ day: '2026-03-08', studied: false });
    expect(days.filter((d) => d.studied)).toHaveLength(2);
  });
});
