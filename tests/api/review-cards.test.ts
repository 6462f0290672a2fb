import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fsrs, Rating, type Card, type State } from 'ts-fsrs';
import { FSRS_PARAMS } from '../../api/review/scheduler.js';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import {
  DAY,
  HOUR,
  learner,
  makePremium,
  makeQuiz,
  rightAnswer,
  START,
  TAIPEI,
  wrongAnswer,
} from './review-support.js';

/*
 * Review cards through the HTTP API: a submitted quiz makes the cards (wrong answers due today),
 * each learner sees only their own, an answer is applied once however often it is sent, and
 * stats follow exactly once.
 */

const KEY_FIELDS = [
  'correctOptionId',
  'acceptedAnswers',
  'explanation',
  'citation',
  'correctAnswer',
];

function keysIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysIn(v, found));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      found.add(k);
      keysIn(v, found);
    }
  }
  return found;
}

describe.each(databases)('review cards on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    // Sessions outlive the days these tests move the clock through.
    t = await createTestApp({ dialect, env: { JWT_TTL_SECONDS: String(30 * 86_400) } });
    t.clock.set(START);
  });
  afterEach(async () => t?.close());

  const get = (p: string, token: string) => t.call('GET', p, undefined, { token });
  const post = (p: string, body: unknown, token: string) => t.call('POST', p, body, { token });
  const logs = async (userId: string, source: 'quiz' | 'review') =>
    (
      await t.db
        .selectFrom('review_logs')
        .select('id')
        .where('user_id', '=', userId)
        .where('source', '=', source)
        .execute()
    ).length;

  it('makes a skipped question a card due soon, like a wrong answer (issue 20)', async () => {
    const a = await learner(t, 'skip@example.com');
    const quiz = await makeQuiz(t, a.token);
    const [skipped1, skipped2, ...rest] = quiz.questions;
    // Two of five skipped (not sent at all, or sent empty), the rest right.
    const submit = await post(
      `/api/v1/quiz/${quiz.quizId}/submit`,
      { answers: [{ questionId: skipped2!.id }, ...rest.map(rightAnswer)] },
      a.token,
    );
    expect(submit.status).toBe(200);

    const due = await get(`/api/v1/review/due?utcOffset=${TAIPEI}`, a.token);
    expect(due.status).toBe(200);
    expect(due.body.data).toMatchObject({ count: 2, total: 5 });
    const cards = due.body.data.cards as Array<{ question: { id: string }; due: string }>;
    expect(cards.map((c) => c.question.id).sort()).toEqual([skipped1!.id, skipped2!.id].sort());
    // Again on a new card: back within minutes, today, not "nothing to review for 2 days".
    for (const c of cards) expect(Date.parse(c.due) - START.getTime()).toBe(10 * 60_000);
    // Logged as not recalled.
    const rows = await t.db
      .selectFrom('review_logs')
      .innerJoin('review_cards', 'review_cards.id', 'review_logs.card_id')
      .select(['review_cards.question_id', 'review_logs.correct', 'review_logs.rating'])
      .where('review_logs.user_id', '=', a.id)
      .execute();
    expect(rows).toHaveLength(5);
    for (const q of [skipped1!, skipped2!]) {
      expect(rows.find((r) => r.question_id === q.id)).toMatchObject({ correct: 0, rating: 1 });
    }
  });

  it("takes the learner's own rating of a revealed answer, as ts-fsrs schedules it", async () => {
    const a = await learner(t, 'rate@example.com');
    const quiz = await makeQuiz(t, a.token);
    const [q1, q2, ...rest] = quiz.questions;
    await post(
      `/api/v1/quiz/${quiz.quizId}/submit`,
      { answers: [wrongAnswer(q1!), wrongAnswer(q2!), ...rest.map(rightAnswer)] },
      a.token,
    );
    t.clock.advance(HOUR);
    const due = await get(`/api/v1/review/due?utcOffset=${TAIPEI}`, a.token);
    type DueCard = {
      cardId: string;
      question: { id: string };
      due: string;
      state: string;
      reps: number;
      lapses: number;
      lastReview: string;
      fsrs: Record<string, number>;
    };
    const card = (due.body.data.cards as DueCard[]).find((c) => c.question.id === q1!.id)!;
    // The exact state the device previews the four ratings from.
    expect(card.fsrs).toEqual({
      stability: expect.any(Number),
      difficulty: expect.any(Number),
      elapsedDays: expect.any(Number),
      scheduledDays: expect.any(Number),
      learningSteps: expect.any(Number),
    });
    const states = ['new', 'learning', 'review', 'relearning'];
    const before: Card = {
      due: new Date(card.due),
      stability: card.fsrs.stability!,
      difficulty: card.fsrs.difficulty!,
      elapsed_days: card.fsrs.elapsedDays!,
      scheduled_days: card.fsrs.scheduledDays!,
      learning_steps: card.fsrs.learningSteps!,
      reps: card.reps,
      lapses: card.lapses,
      state: states.indexOf(card.state) as State,
      last_review: new Date(card.lastReview),
    };
    const answeredAt = new Date(START.getTime() + HOUR);
    const preview = fsrs(FSRS_PARAMS).repeat(before, answeredAt);

    // Answered right: rated automatically (Good, no time given).
    const answer = await post(
      `/api/v1/review/${card.cardId}/answer`,
      { clientReviewId: 'rate-1', answer: rightAnswer(q1!), answeredAt: answeredAt.toISOString() },
      a.token,
    );
    expect(answer.body.data).toMatchObject({ rating: 'good' });
    expect(answer.body.data.nextDue).toBe(preview[Rating.Good].card.due.toISOString());

    // The learner says Easy: the same review, redone with Easy, as ts-fsrs gives it.
    const rate = (rating: string, id = 'rate-1', cardId = card.cardId) =>
      post(`/api/v1/review/${cardId}/rate`, { clientReviewId: id, rating }, a.token);
    const easy = await rate('easy');
    expect(easy.status).toBe(200);
    const easyDue = preview[Rating.Easy].card.due.toISOString();
    expect(easy.body.data).toMatchObject({ rating: 'easy', nextDue: easyDue, replayed: false });
    const row = await t.db
      .selectFrom('review_cards')
      .select(['due', 'reps'])
      .where('id', '=', card.cardId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ due: easyDue, reps: card.reps + 1 });
    // Again: idempotent. Then Again after all: back in ten minutes.
    expect((await rate('easy')).body.data).toMatchObject({ nextDue: easyDue, replayed: true });
    const again = await rate('again');
    expect(again.body.data.nextDue).toBe(preview[Rating.Again].card.due.toISOString());
    expect(Date.parse(again.body.data.nextDue) - answeredAt.getTime()).toBe(10 * 60_000);
    // The answer's replay reports the rating the learner chose.
    const replay = await post(
      `/api/v1/review/${card.cardId}/answer`,
      { clientReviewId: 'rate-1', answer: rightAnswer(q1!) },
      a.token,
    );
    expect(replay.body.data).toMatchObject({ rating: 'again', replayed: true });

    // Refused: an unknown answer, another card, bad input, a review that is not the latest.
    expect((await rate('good', 'nope')).status).toBe(404);
    const other = (due.body.data.cards as DueCard[]).find((c) => c.question.id === q2!.id)!;
    expect((await rate('good', 'rate-1', other.cardId)).body.code).toBe('REVIEW_ID_CONFLICT');
    const bad = await rate('perfect');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    t.clock.advance(HOUR);
    await post(
      `/api/v1/review/${card.cardId}/answer`,
      { clientReviewId: 'rate-2', answer: rightAnswer(q1!) },
      a.token,
    );
    const stale = await rate('hard');
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('REVIEW_RATING_STALE');
  });

  it('makes cards from a submission, once, and shows each learner only their own', async () => {
    const a = await learner(t, 'a@example.com');
    const b = await learner(t, 'b@example.com');
    const qa = await makeQuiz(t, a.token);
    const qb = await makeQuiz(t, b.token, '另一份教材');
    const [w1, w2, ...rest] = qa.questions;
    const answers = [wrongAnswer(w1!), wrongAnswer(w2!), ...rest.map(rightAnswer)];
    const submit = () =>
      post(
        `/api/v1/quiz/${qa.quizId}/submit`,
        {
          answers,
          clientSubmissionId: 'sub-a-1',
          timings: [{ questionId: rest[0]!.id, elapsedMs: 2000 }],
        },
        a.token,
      );
    expect((await submit()).status).toBe(200);
    // B answers everything wrong on their own quiz.
    expect(
      (
        await post(
          `/api/v1/quiz/${qb.quizId}/submit`,
          { answers: qb.questions.map(wrongAnswer) },
          b.token,
        )
      ).status,
    ).toBe(200);

    const dueA = await get(`/api/v1/review/due?utcOffset=${TAIPEI}`, a.token);
    expect(dueA.status).toBe(200);
    expect(dueA.body.data).toMatchObject({ count: 2, total: 5, today: '2026-03-09' });
    expect(dueA.body.data.dayEnd).toBe('2026-03-09T16:00:00.000Z');
    const cards = dueA.body.data.cards as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(cards.map((c) => c.question.id).sort()).toEqual([w1!.id, w2!.id].sort());
    for (const c of cards) {
      expect(c).toMatchObject({
        quizId: qa.quizId,
        materialId: qa.materialId,
        materialTitle: 'AI 安全',
        language: 'zh-TW',
        isDue: true,
        state: 'learning',
        reps: 1,
        lapses: 0,
      });
      // Wrong: back in ten minutes.
      expect(Date.parse(c.due) - START.getTime()).toBe(10 * 60_000);
    }
    for (const k of KEY_FIELDS) expect(keysIn(cards)).not.toContain(k);

    // The same submission again is the same attempt: no card reviewed twice.
    expect((await submit()).status).toBe(200);
    expect(await logs(a.id, 'quiz')).toBe(5);
    expect((await get('/api/v1/review/due', a.token)).body.data.count).toBe(2);

    // B sees only B's five, never A's; A's card is not found for B.
    const dueB = await get('/api/v1/review/due?scope=all', b.token);
    expect(dueB.body.data.count).toBe(5);
    expect(new Set(dueB.body.data.cards.map((c: { quizId: string }) => c.quizId))).toEqual(
      new Set([qb.quizId]),
    );
    const foreign = await post(
      `/api/v1/review/${cards[0]!.cardId}/answer`,
      { clientReviewId: 'b-1', answer: rightAnswer(w1!) },
      b.token,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('NOT_FOUND');
    expect(await logs(b.id, 'review')).toBe(0);

    // scope=all lists every card, right answers due in days.
    const all = await get(`/api/v1/review/due?utcOffset=${TAIPEI}&scope=all`, a.token);
    expect(all.body.data.cards).toHaveLength(5);
    expect(all.body.data.cards.filter((c: { isDue: boolean }) => !c.isDue)).toHaveLength(3);

    // A retake reviews the same cards again (no new ones).
    t.clock.advance(HOUR);
    await post(
      `/api/v1/quiz/${qa.quizId}/submit`,
      { answers: qa.questions.map(rightAnswer) },
      a.token,
    );
    expect((await get('/api/v1/review/due?scope=all', a.token)).body.data.total).toBe(5);
    expect(await logs(a.id, 'quiz')).toBe(10);
  });

  it('applies an answer once however often it is sent, and stats follow once', async () => {
    const a = await learner(t, 'a@example.com');
    const quiz = await makeQuiz(t, a.token);
    const [q1, q2, ...rest] = quiz.questions;
    await post(
      `/api/v1/quiz/${quiz.quizId}/submit`,
      { answers: [wrongAnswer(q1!), wrongAnswer(q2!), ...rest.map(rightAnswer)] },
      a.token,
    );
    const due = (await get(`/api/v1/review/due?utcOffset=${TAIPEI}`, a.token)).body.data.cards;
    const card1 = due.find((c: { question: { id: string } }) => c.question.id === q1!.id).cardId;
    const card2 = due.find((c: { question: { id: string } }) => c.question.id === q2!.id).cardId;

    t.clock.advance(15 * 60_000);
    const body = { clientReviewId: 'rev-1', answer: rightAnswer(q1!), elapsedMs: 20_000 };
    const first = await post(`/api/v1/review/${card1}/answer`, body, a.token);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      cardId: card1,
      clientReviewId: 'rev-1',
      correct: true,
      rating: 'good',
      premium: false,
      locked: true,
      replayed: false,
      card: { state: 'review', reps: 2, lapses: 0 },
    });
    expect(first.body.data.correctAnswer).toBe(first.body.data.detail.correctAnswer);
    expect(Date.parse(first.body.data.nextDue)).toBeGreaterThanOrEqual(
      t.clock.now().getTime() + DAY,
    );
    // A free account gets the key, not the premium fields.
    expect(Object.keys(first.body.data.detail)).not.toContain('explanation');
    expect(Object.keys(first.body.data.detail)).not.toContain('citation');

    // The retry (a lost answer, an outbox replay) returns the first result and reviews nothing.
    t.clock.advance(60_000);
    const again = await post(
      `/api/v1/review/${card1}/answer`,
      { ...body, answer: wrongAnswer(q1!) },
      a.token,
    );
    expect(again.status).toBe(200);
    expect({ ...again.body.data, replayed: false }).toEqual(first.body.data);
    expect(again.body.data.replayed).toBe(true);

    // Two copies racing: one review.
    const racing = await Promise.all(
      [1, 2].map(() =>
        post(
          `/api/v1/review/${card2}/answer`,
          { clientReviewId: 'rev-2', answer: wrongAnswer(q2!) },
          a.token,
        ),
      ),
    );
    expect(racing.map((r) => r.status)).toEqual([200, 200]);
    expect(racing[0]!.body.data.reviewId).toBe(racing[1]!.body.data.reviewId);
    expect(racing[0]!.body.data).toMatchObject({
      correct: false,
      rating: 'again',
      card: { lapses: 0 },
    });
    expect(await logs(a.id, 'review')).toBe(2);

    // The same id for another card is a client bug: refused, nothing applied.
    const conflict = await post(`/api/v1/review/${card2}/answer`, body, a.token);
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('REVIEW_ID_CONFLICT');
    expect(conflict.body.messageI18n['zh-TW']).toContain('卡片');

    const stats = await get(`/api/v1/review/stats?utcOffset=${TAIPEI}`, a.token);
    expect(stats.body.data).toEqual({
      today: '2026-03-09',
      dueToday: 1,
      dueThisWeek: stats.body.data.dueThisWeek,
      reviewedToday: 2,
      correctToday: 1,
      totalCards: 5,
      streakDays: 1,
      studiedToday: true,
      retention: 0.5,
      retentionSample: 2,
    });
    expect(stats.body.data.dueThisWeek).toBeGreaterThanOrEqual(1);

    // Premium now: the stored result is shown with its explanation and citation.
    await makePremium(t, a.id);
    const premium = await post(`/api/v1/review/${card1}/answer`, body, a.token);
    expect(premium.body.data).toMatchObject({ premium: true, locked: false, replayed: true });
    expect(premium.body.data.detail.explanation).toBe(q1!.explanation);
    expect(premium.body.data.detail.citation.quote).toBe(q1!.citation.quote);

    // The next day: the streak holds until the day is over, then grows with an answer.
    t.clock.advance(DAY);
    const next = await get(`/api/v1/review/stats?utcOffset=${TAIPEI}`, a.token);
    expect(next.body.data).toMatchObject({ streakDays: 1, studiedToday: false, reviewedToday: 0 });
    await post(
      `/api/v1/review/${card2}/answer`,
      { clientReviewId: 'rev-3', answer: rightAnswer(q2!) },
      a.token,
    );
    const after = await get(`/api/v1/review/stats?utcOffset=${TAIPEI}`, a.token);
    expect(after.body.data).toMatchObject({ streakDays: 2, studiedToday: true, reviewedToday: 1 });
  });

  it('takes an offline answer at the time it was given, and refuses bad input', async () => {
    const a = await learner(t, 'a@example.com');
    const quiz = await makeQuiz(t, a.token);
    await post(
      `/api/v1/quiz/${quiz.quizId}/submit`,
      { answers: quiz.questions.map(wrongAnswer) },
      a.token,
    );
    const cards = (await get('/api/v1/review/due', a.token)).body.data.cards;
    const card = cards[0];
    const question = quiz.questions.find((q) => q.id === card.question.id)!;

    const bad = [
      { answer: rightAnswer(question) },
      { clientReviewId: '', answer: rightAnswer(question) },
      { clientReviewId: 'x', answer: 'b' },
      { clientReviewId: 'x', answer: {}, elapsedMs: -1 },
      { clientReviewId: 'x', answer: {}, answeredAt: 'yesterday' },
    ];
    for (const b of bad) {
      const res = await post(`/api/v1/review/${card.cardId}/answer`, b, a.token);
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await get('/api/v1/review/due?utcOffset=900', a.token)).status).toBe(400);
    expect((await get('/api/v1/review/due?limit=0', a.token)).status).toBe(400);
    expect(await logs(a.id, 'review')).toBe(0);

    // Answered offline two hours ago, sent now: reviewed then, not now.
    t.clock.advance(3 * HOUR);
    const answeredAt = new Date(t.clock.now().getTime() - 2 * HOUR).toISOString();
    const res = await post(
      `/api/v1/review/${card.cardId}/answer`,
      { clientReviewId: 'off-1', answer: rightAnswer(question), answeredAt },
      a.token,
    );
    expect(res.body.data?.reviewedAt, JSON.stringify(res.body)).toBe(answeredAt);
    // A claimed time before the card's last review is clamped to it.
    const early = await post(
      `/api/v1/review/${cards[1].cardId}/answer`,
      { clientReviewId: 'off-2', answer: {}, answeredAt: '2020-01-01T00:00:00Z' },
      a.token,
    );
    expect(early.body.data).toMatchObject({
      correct: false,
      rating: 'again',
      reviewedAt: START.toISOString(),
    });
    // The one answered right left today's list; the one answered wrong again stays.
    expect((await get('/api/v1/review/due', a.token)).body.data.count).toBe(4);
  });
});
