import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardFront, quizCards } from '../../src/features/flashcards/lib/cards.js';
import { corpusDir, upload } from '../support/multipart.js';
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
} from './review-support.js';

/*
 * Flashcards through the HTTP API (docs/decisions/0029-flashcards.md): a material's term ↔
 * definition cards, and "still learning" on a quiz question's card feeding the review queue the
 * way a wrong answer does, once however often the outbox sends it.
 */

const textbook = (name: string) => ({
  name,
  bytes: fs.readFileSync(path.resolve(corpusDir, '../study-corpus/textbook', name)),
});

describe.each(databases)('flashcards on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ dialect, env: { JWT_TTL_SECONDS: String(30 * 86_400) } });
    t.clock.set(START);
  });
  afterEach(async () => t?.close());

  const get = (p: string, token?: string) => t.call('GET', p, undefined, { token });
  const post = (p: string, body: unknown, token: string) => t.call('POST', p, body, { token });
  const mark = (token: string, body: Record<string, unknown>) =>
    post('/api/v1/review/flashcards/still-learning', body, token);

  it("gives a material's stated definitions as cards, in its language, to its owner only", async () => {
    const a = await learner(t, 'terms@example.com', 'en');
    const up = await upload(t, a.token, [
      textbook('en_ims_ch01_data_hello.md'),
      textbook('en_ims_ch11_foundations_randomization.md'),
    ]);
    expect(up.status).toBe(201);
    const id = up.body.data.id as string;

    const res = await get(`/api/v1/materials/${id}/flashcards`, a.token);
    expect(res.status).toBe(200);
    expect(res.body.data.materialId).toBe(id);
    expect(res.body.data.language).toBe('en');
    expect(res.body.data.title).toBe(up.body.data.title);
    const cards = res.body.data.cards as Array<{ id: string; term: string; definition: string }>;
    const byTerm = new Map(cards.map((c) => [c.term, c.definition]));
    expect(byTerm.get('summary statistic')).toBe('A single number summarizing data from a sample');
    expect(byTerm.get('hypothesis test')).toBe(
      'A statistical technique used to evaluate competing claims using data',
    );
    // Stable ids (a device's piles survive a refetch), each term once.
    expect(new Set(cards.map((c) => c.id)).size).toBe(cards.length);
    const again = await get(`/api/v1/materials/${id}/flashcards`, a.token);
    expect(again.body.data.cards).toEqual(cards);

    const b = await learner(t, 'other@example.com');
    expect((await get(`/api/v1/materials/${id}/flashcards`, b.token)).status).toBe(404);
    expect((await get(`/api/v1/materials/${id}/flashcards`)).status).toBe(401);
    expect((await get('/api/v1/materials/no-such-id/flashcards', a.token)).status).toBe(404);
  });

  it('answers an empty list for a material that defines nothing', async () => {
    const a = await learner(t, 'none@example.com');
    const { materialId } = await makeQuiz(t, a.token);
    const res = await get(`/api/v1/materials/${materialId}/flashcards`, a.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ materialId, language: 'zh-TW', cards: [] });
  });

  it('turns a real report into one card per question with the key on the back', async () => {
    const a = await learner(t, 'report@example.com');
    const quiz = await makeQuiz(t, a.token);
    await post(
      `/api/v1/quiz/${quiz.quizId}/submit`,
      { answers: quiz.questions.map(rightAnswer) },
      a.token,
    );
    const report = await get(`/api/v1/quiz/${quiz.quizId}/report`, a.token);
    expect(report.status).toBe(200);
    const cards = quizCards(report.body.data);
    expect(cards.map((c) => c.questionId)).toEqual(quiz.questions.map((q) => q.id));
    for (const q of quiz.questions) {
      const card = cards.find((c) => c.questionId === q.id)!;
      const key = q.options!.find((o) => o.id === q.correctOptionId)!.text;
      expect(card.back).toBe(key.replace(/\s+/g, ' ').trim());
      // The front is the sentence itself, not the quiz prompt around it.
      expect(card.front).toBe(cardFront(q.type, q.question.replace(/\s+/g, ' ').trim()));
      expect(card.front).not.toMatch(/^依據教材|^According to the material/);
    }

    // A cloze's back is its sentence with the key filled in; a short answer's, the answer.
    const gen = await post(
      '/api/v1/quiz/generate',
      {
        materialId: quiz.materialId,
        questionCount: 5,
        questionTypes: ['dropdown_fill_in_blank', 'short_answer'],
        language: 'zh-TW',
      },
      a.token,
    );
    expect(gen.status).toBe(201);
    const quizId = gen.body.data.quizId as string;
    const row = await t.db
      .selectFrom('quizzes')
      .select('questions')
      .where('id', '=', quizId)
      .executeTakeFirstOrThrow();
    const questions = JSON.parse(row.questions) as typeof quiz.questions;
    await post(`/api/v1/quiz/${quizId}/submit`, { answers: questions.map(rightAnswer) }, a.token);
    const second = quizCards((await get(`/api/v1/quiz/${quizId}/report`, a.token)).body.data);
    expect(second).toHaveLength(questions.length);
    const types = new Set(questions.map((q) => q.type));
    expect(types.has('dropdown_fill_in_blank')).toBe(true);
    for (const q of questions) {
      const card = second.find((c) => c.questionId === q.id)!;
      if (q.type === 'dropdown_fill_in_blank') {
        expect(card.front).toMatch(/_{5}/);
        expect(card.back).not.toMatch(/_{5}/);
        for (const b of q.blanks!) {
          const key = b.options.find((o) => o.id === b.correctOptionId)!.text;
          expect(card.back).toContain(key.replace(/\s+/g, ' ').trim());
        }
      } else {
        expect(card.back).toBe(q.acceptedAnswers![0]!.replace(/\s+/g, ' ').trim());
      }
    }
  });

  it('makes a question never answered due within minutes, once per mark', async () => {
    const a = await learner(t, 'mark@example.com');
    const quiz = await makeQuiz(t, a.token);
    const q = quiz.questions[0]!;
    const body = { clientReviewId: 'mark-1', quizId: quiz.quizId, questionId: q.id };

    const first = await mark(a.token, body);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      quizId: quiz.quizId,
      questionId: q.id,
      rating: 'again',
      replayed: false,
    });
    // Again on a new card: the first learning step, as a wrong answer gets.
    expect(Date.parse(first.body.data.nextDue) - START.getTime()).toBeLessThanOrEqual(10 * 60_000);

    // The outbox sends it again: the same answer, no second review.
    const retry = await mark(a.token, body);
    expect(retry.status).toBe(200);
    expect(retry.body.data).toMatchObject({ ...first.body.data, replayed: true });
    const logs = await t.db
      .selectFrom('review_logs')
      .select(['source', 'rating', 'correct'])
      .where('user_id', '=', a.id)
      .execute();
    expect(logs).toEqual([{ source: 'flashcard', rating: 1, correct: 0 }]);

    t.clock.advance(HOUR);
    const due = await get(`/api/v1/review/due?utcOffset=${TAIPEI}`, a.token);
    expect(due.body.data.cards.map((c: { question: { id: string } }) => c.question.id)).toEqual([
      q.id,
    ]);
  });

  it('brings a card answered right back into today’s queue, like a wrong answer', async () => {
    const a = await learner(t, 'known@example.com');
    const quiz = await makeQuiz(t, a.token);
    await post(
      `/api/v1/quiz/${quiz.quizId}/submit`,
      { answers: quiz.questions.map(rightAnswer) },
      a.token,
    );
    t.clock.advance(HOUR);
    const before = await get(`/api/v1/review/due?utcOffset=${TAIPEI}`, a.token);
    expect(before.body.data.count).toBe(0);

    const q = quiz.questions[2]!;
    const markedAt = new Date(START.getTime() + 30 * 60_000).toISOString();
    const res = await mark(a.token, {
      clientReviewId: 'mark-known',
      quizId: quiz.quizId,
      questionId: q.id,
      markedAt,
    });
    expect(res.status).toBe(200);
    // Reviewed when the learner marked it (an outbox replay arrives later), due minutes after.
    expect(res.body.data.reviewedAt).toBe(markedAt);
    expect(Date.parse(res.body.data.nextDue) - Date.parse(markedAt)).toBeLessThan(DAY);
    expect(Date.parse(res.body.data.nextDue) - Date.parse(markedAt)).toBeLessThanOrEqual(
      10 * 60_000,
    );
    const after = await get(`/api/v1/review/due?utcOffset=${TAIPEI}`, a.token);
    expect(after.body.data.cards.map((c: { question: { id: string } }) => c.question.id)).toEqual([
      q.id,
    ]);

    // A mark is not an answer: concept accuracy counts the quiz's answers only.
    await makePremium(t, a.id);
    const progress = await get(`/api/v1/progress?utcOffset=${TAIPEI}`, a.token);
    expect(progress.status).toBe(200);
    const concepts = progress.body.data.concepts as Array<{ correct: number; total: number }>;
    expect(concepts.length).toBeGreaterThan(0);
    for (const c of concepts) expect(c.correct).toBe(c.total);
  });

  it("refuses another learner's quiz, an unknown question and a reused id", async () => {
    const a = await learner(t, 'owner@example.com');
    const quiz = await makeQuiz(t, a.token);
    const b = await learner(t, 'intruder@example.com');
    const [q1, q2] = quiz.questions;
    const theirs = await mark(b.token, {
      clientReviewId: 'x',
      quizId: quiz.quizId,
      questionId: q1!.id,
    });
    expect(theirs.status).toBe(404);
    const unknown = await mark(a.token, {
      clientReviewId: 'y',
      quizId: quiz.quizId,
      questionId: 'no-such-question',
    });
    expect(unknown.status).toBe(404);
    expect(
      (await mark(a.token, { clientReviewId: 'z', quizId: quiz.quizId, questionId: q1!.id }))
        .status,
    ).toBe(200);
    const reused = await mark(a.token, {
      clientReviewId: 'z',
      quizId: quiz.quizId,
      questionId: q2!.id,
    });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('REVIEW_ID_CONFLICT');
    expect((await mark(a.token, { quizId: quiz.quizId, questionId: q1!.id })).status).toBe(400);
  });
});
