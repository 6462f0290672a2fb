import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useQuizSession } from '../../src/features/quiz/stores/quiz-session-store';

/*
 * The quiz page times each question while it is on screen and notes a changed answer, so the
 * submit can send `timings` and review cards are rated by speed and first try (decision 0014).
 */

describe('quiz session timings', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T08:00:00Z'));
    useQuizSession.getState().begin('quiz-1', {}, 0);
  });
  afterEach(() => vi.useRealTimers());

  const s = () => useQuizSession.getState();

  it('adds up the time each question is on screen, across visits', () => {
    s().show('q1');
    vi.advanceTimersByTime(4000);
    s().setDraft('q1', { choice: 'a' });
    s().show('q2');
    vi.advanceTimersByTime(10_000);
    s().setDraft('q2', { text: 'photosynthesis' });
    s().show('q1'); // back to q1 for 1 s more
    vi.advanceTimersByTime(1000);
    expect(s().timingsFor(['q1', 'q2', 'q3'])).toEqual([
      { questionId: 'q1', elapsedMs: 5000, firstTry: true },
      { questionId: 'q2', elapsedMs: 10_000, firstTry: true },
    ]);
  });

  it('marks a replaced choice or blank as not first try, but not a blank filled in', () => {
    s().show('mc');
    s().setDraft('mc', { choice: 'a' });
    s().setDraft('mc', { choice: 'b' });
    s().show('fill');
    s().setDraft('fill', { blanks: { b1: 'x' } });
    s().setDraft('fill', { blanks: { b1: 'x', b2: 'y' } });
    s().show('text');
    s().setDraft('text', { text: 'p' });
    s().setDraft('text', { text: 'ph' });
    const firstTry = Object.fromEntries(
      s()
        .timingsFor(['mc', 'fill', 'text'])
        .map((t) => [t.questionId, t.firstTry]),
    );
    expect(firstTry).toEqual({ mc: false, fill: true, text: true });
  });

  it('starts again for a retake and after a finished attempt', () => {
    s().show('q1');
    vi.advanceTimersByTime(3000);
    s().setDraft('q1', { choice: 'a' });
    s().finish(null as never);
    s().begin('quiz-1', { q1: { choice: 'a' } }, 0);
    expect(s().timingsFor(['q1'])).toEqual([]);
  });
});
