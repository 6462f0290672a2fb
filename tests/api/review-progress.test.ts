import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import {
  DAY,
  learner,
  makePremium,
  makeQuiz,
  rightAnswer,
  START,
  TAIPEI,
  wrongAnswer,
} from './review-support.js';

/*
 * Progress (scores over time, accuracy per concept, study days) and the quiz exports for other
 * tools, through the HTTP API, for a free and a premium account.
 */

describe.each(databases)('progress and quiz export on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ dialect, env: { JWT_TTL_SECONDS: String(30 * 86_400) } });
    t.clock.set(START);
  });
  afterEach(async () => t?.close());

  const get = (p: string, token: string) => t.call('GET', p, undefined, { token });
  const post = (p: string, body: unknown, token: string) => t.call('POST', p, body, { token });

  it('shows scores over time, weakest concepts first (premium) and the study days', async () => {
    const a = await learner(t, 'a@example.com');
    const quiz = await makeQuiz(t, a.token);
    const qs = quiz.questions;
    // Day 1 (Taipei 2026-03-09): two wrong → 60. Day 2: all right → 100.
    const first = [wrongAnswer(qs[0]!), wrongAnswer(qs[1]!), ...qs.slice(2).map(rightAnswer)];
    await post(`/api/v1/quiz/${quiz.quizId}/submit`, { answers: first }, a.token);
    t.clock.advance(DAY);
    await post(`/api/v1/quiz/${quiz.quizId}/submit`, { answers: qs.map(rightAnswer) }, a.token);

    const free = await get(`/api/v1/progress?utcOffset=${TAIPEI}`, a.token);
    expect(free.status).toBe(200);
    expect(free.body.data).toMatchObject({
      premium: false,
      conceptsLocked: true,
      concepts: [],
      streakDays: 2,
      studiedToday: true,
      studyDays: ['2026-03-09', '2026-03-10'],
      totals: { attempts: 2, reviews: 0, cards: 5 },
    });
    expect(free.body.data.materials).toHaveLength(1);
    expect(free.body.data.materials[0]).toMatchObject({
      materialId: quiz.materialId,
      title: 'AI 安全',
    });
    expect(
      free.body.data.materials[0].attempts.map((x: { score: number; day: string }) => [
        x.score,
        x.day,
      ]),
    ).toEqual([
      [60, '2026-03-09'],
      [100, '2026-03-10'],
    ]);
    // The concept filter is premium content.
    const locked = await get('/api/v1/review/due?concept=x', a.token);
    expect(locked.status).toBe(402);
    expect(locked.body.code).toBe('PREMIUM_REQUIRED');

    await makePremium(t, a.id);
    const premium = (await get(`/api/v1/progress?utcOffset=${TAIPEI}`, a.token)).body.data;
    expect(premium).toMatchObject({ premium: true, conceptsLocked: false });
    // What the answers add up to, per concept, computed here from the questions themselves.
    const expected = new Map<string, { correct: number; total: number; cards: number }>();
    qs.forEach((q, i) => {
      const rightCount = i < 2 ? 1 : 2;
      for (const c of new Set(q.relatedConcepts.map((x) => x.normalize('NFC').trim()))) {
        const e = expected.get(c.toLowerCase()) ?? { correct: 0, total: 0, cards: 0 };
        expected.set(c.toLowerCase(), {
          correct: e.correct + rightCount,
          total: e.total + 2,
          cards: e.cards + 1,
        });
      }
    });
    expect(premium.concepts).toHaveLength(expected.size);
    for (const c of premium.concepts) {
      const e = expected.get(c.concept.toLowerCase())!;
      expect(c).toMatchObject({ correct: e.correct, total: e.total, cardCount: e.cards });
      expect(c.accuracy).toBeCloseTo(e.correct / e.total, 4);
    }
    const accuracies = premium.concepts.map((c: { accuracy: number }) => c.accuracy);
    expect(accuracies).toEqual([...accuracies].sort((x, y) => x - y));

    // A weak concept links to a review of its cards.
    const weakest = premium.concepts[0];
    const review = await get(
      `/api/v1/review/due?utcOffset=${TAIPEI}&scope=all&concept=${encodeURIComponent(` ${weakest.concept.toUpperCase()} `)}`,
      a.token,
    );
    expect(review.status).toBe(200);
    expect(review.body.data.total).toBe(weakest.cardCount);
    const ids = new Set(
      qs
        .filter((q) =>
          q.relatedConcepts.some((c) => c.trim().toLowerCase() === weakest.concept.toLowerCase()),
        )
        .map((q) => q.id),
    );
    expect(
      new Set(review.body.data.cards.map((c: { question: { id: string } }) => c.question.id)),
    ).toEqual(ids);
  });

  it('exports a quiz for Anki, Moodle and spreadsheets: the key for free, more for premium', async () => {
    const a = await learner(t, 'a@example.com');
    const b = await learner(t, 'b@example.com');
    const quiz = await makeQuiz(t, a.token);
    const file = async (format: string, token = a.token) => {
      const res = await t.app.request(`/api/v1/quiz/${quiz.quizId}/export?format=${format}`, {
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-TW' },
      });
      // Decoded by hand: Response.text() would drop the BOM the CSV must start with.
      const bytes = new Uint8Array(await res.arrayBuffer());
      return {
        status: res.status,
        headers: res.headers,
        text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
      };
    };
    const q0 = quiz.questions[0]!;

    const anki = await file('anki');
    expect(anki.status).toBe(200);
    expect(anki.headers.get('content-type')).toBe('text/tab-separated-values; charset=utf-8');
    expect(anki.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('mnemo-ai-安全-測驗-anki.txt')}`,
    );
    expect(anki.text.split('\n').slice(0, 2)).toEqual(['#separator:tab', '#html:false']);
    const notes = Papa.parse<string[]>(
      anki.text
        .split('\n')
        .filter((l, i, all) => !all.slice(0, i + 1).every((x) => x.startsWith('#')))
        .join('\n'),
      { delimiter: '\t', skipEmptyLines: true },
    ).data;
    expect(notes).toHaveLength(5);
    expect(notes[0]![0]!.startsWith(q0.question)).toBe(true);
    expect(anki.text).not.toContain(q0.explanation);
    // The source passage is premium; a true statement shows its own sentence, so the check is
    // on a passage that no question of the quiz quotes in its stem.
    const unquoted = quiz.questions.find(
      (q) => !quiz.questions.some((x) => x.question.includes(q.citation.quote)),
    );
    if (unquoted) expect(anki.text).not.toContain(unquoted.citation.quote);

    const gift = await file('gift');
    expect(gift.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(gift.text).toContain('::Q01 ');
    expect(gift.text).not.toContain('####');

    const csv = await file('csv');
    expect(csv.text.startsWith('\uFEFF題號,題型,題目,選項,正確答案,解析,出處,相關概念\r\n')).toBe(
      true,
    );
    expect(csv.text).not.toContain(q0.explanation);

    await makePremium(t, a.id);
    expect((await file('anki')).text).toContain(q0.explanation);
    expect((await file('gift')).text).toContain('####');
    expect((await file('csv')).text).toContain(q0.explanation.split('\n')[0]!.slice(0, 10));

    expect((await file('anki', b.token)).status).toBe(404);
    const bad = await file('pdf');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).code).toBe('VALIDATION_FAILED');
  });
});
