import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { upload, type UploadFile } from '../support/multipart.js';

/*
 * Multiple-select items (複選題, issue 17) through the spec's calls: a paper with its answers
 * uploaded → POST /api/v1/quiz/generate → the multi-select items verbatim, marked multiSelect
 * and without their key → submit (optionIds) → report, all-or-nothing → review card → export.
 */

const password = 'Study2026';
const fixture = (name: string, type: string): UploadFile => ({
  name,
  type,
  bytes: fs.readFileSync(path.join(import.meta.dirname, '../fixtures/exam', name)),
});
/** Our own paper: items 1–2 single choice, 3–5 multiple select (4 across a page break). */
const pdfPaper = fixture('zh-multi-select-paper.pdf', 'application/pdf');
const enPaper = fixture('en-multi-select-quiz.txt', 'text/plain');

/** Every object key anywhere inside a JSON value. */
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

describe.each(databases)('multiple-select exam items on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp({ dialect });
    ({ token } = await registerVerifiedUser(t, { email: 'multi@example.com', password }));
  });
  afterEach(async () => t?.close());

  const get = (p: string) => t.call('GET', p, undefined, { token });
  const post = (p: string, body: unknown) => t.call('POST', p, body, { token });

  it('asks them verbatim, scores them all or nothing, reviews and exports them', async () => {
    const res = await upload(t, token, [pdfPaper], { title: '複選題練習卷' });
    expect(res.status).toBe(201);
    const materialId = res.body.data.id as string;
    const detail = await get(`/api/v1/materials/${materialId}`);
    expect(detail.body.data.exam).toMatchObject({
      items: 5,
      usable: 5,
      multiSelect: 3,
      keyFound: true,
      skipped: 0,
      language: 'zh-TW',
    });

    const gen = await post('/api/v1/quiz/generate', {
      materialId,
      questionCount: 'all',
      order: 'paper',
      questionTypes: ['multiple_choice'],
    });
    expect(gen.status).toBe(201);
    const quiz = gen.body.data;
    expect(quiz.questions.map((q: { question: string }) => q.question)).toEqual([
      '室內消防栓箱內應備有下列何者？',
      '火警受信總機應設於下列何處？',
      '下列何者屬於避難器具？',
      '下列哪些設備屬於警報設備？',
      '關於滅火器的設置與維護，下列敘述哪些正確？',
    ]);
    // The spec's type, with the multi-select mark; never the key.
    expect(quiz.questions.map((q: { type: string }) => q.type)).toEqual(
      Array(5).fill('multiple_choice'),
    );
    expect(quiz.questions.map((q: { multiSelect?: boolean }) => q.multiSelect === true)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(quiz.questions[3]).toMatchObject({
      exam: { number: 4 },
      options: [
        { id: 'a', text: '火警自動警報設備' },
        { id: 'b', text: '室內消防栓設備' },
        { id: 'c', text: '緊急廣播設備' },
        { id: 'd', text: '連結送水管' },
      ],
    });
    for (const k of ['correctOptionId', 'acceptedOptionSets', 'acceptedOptionIds', 'explanation'])
      expect(keysIn(quiz.questions)).not.toContain(k);

    // The device's copy (GET /quiz/{id}) says the same.
    const copy = (await get(`/api/v1/quiz/${quiz.quizId}`)).body.data;
    expect(copy.questions[2]).toMatchObject({ multiSelect: true, type: 'multiple_choice' });

    // q3 exactly right (ABD, sent in any order); q4 one short (A only, key AC); q5 right, sent
    // as one comma-joined optionId as a client that knows only optionId would.
    const answers = [
      { questionId: 'q1', optionId: 'a' },
      { questionId: 'q2', optionId: 'a' },
      { questionId: 'q3', optionIds: ['d', 'a', 'b'] },
      { questionId: 'q4', optionIds: ['a'] },
      { questionId: 'q5', optionId: 'a,b,d' },
    ];
    const submitted = await post(`/api/v1/quiz/${quiz.quizId}/submit`, { answers });
    expect(submitted.status).toBe(200);
    const report = (await get(`/api/v1/quiz/${quiz.quizId}/report`)).body.data;
    expect(report.answersDetail.map((d: { isCorrect: boolean }) => d.isCorrect)).toEqual([
      true,
      false,
      true,
      false,
      true,
    ]);
    expect(report.score).toBe(60);
    expect(report.typeAnalysis).toEqual({ multiple_choice: { total: 5, correct: 3 } });
    expect(report.answersDetail[3]).toMatchObject({
      multiSelect: true,
      userAnswer: '火警自動警報設備',
      correctAnswer: '火警自動警報設備、緊急廣播設備',
      userSelection: { optionIds: ['a'] },
      correctSelection: { optionIds: ['a', 'c'] },
    });
    expect(report.answersDetail[2].userSelection).toEqual({ optionIds: ['a', 'b', 'd'] });

    // The wrong ones come back in review, answered with the same checkboxes' answer.
    const due = (await get('/api/v1/review/due')).body.data;
    const card = due.cards.find(
      (c: { question: { question: string } }) =>
        c.question.question === '下列哪些設備屬於警報設備？',
    );
    expect(card.question).toMatchObject({ multiSelect: true });
    const reviewed = await post(`/api/v1/review/${card.cardId}/answer`, {
      clientReviewId: 'multi-1',
      answer: { optionIds: ['c', 'a'] },
      answeredAt: new Date().toISOString(),
    });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body.data).toMatchObject({ correct: true });

    // Exports: the report CSV (premium) names the type 複選題; GIFT is Moodle's multiple-answer.
    await t.db.updateTable('users').set({ account_type: 'premium' }).execute();
    const auth = { headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-TW' } };
    const csv = await t.app.request(`/api/v1/quiz/${quiz.quizId}/report/export?format=csv`, auth);
    expect(csv.status).toBe(200);
    const csvText = await csv.text();
    expect(csvText).toContain('複選題');
    expect(csvText).toContain('火警自動警報設備、緊急廣播設備');
    const gift = await t.app.request(`/api/v1/quiz/${quiz.quizId}/export?format=gift`, auth);
    expect(gift.status).toBe(200);
    expect(await gift.text()).toContain('~%50%火警自動警報設備 ~%-100%室內消防栓設備');
  });

  it('reads an English paper with "Answer: A, B, D" lines the same way', async () => {
    const res = await upload(t, token, [enPaper], { title: 'Weather review' });
    const materialId = res.body.data.id as string;
    const detail = await get(`/api/v1/materials/${materialId}`);
    expect(detail.body.data.exam).toMatchObject({
      items: 5,
      usable: 5,
      multiSelect: 3,
      language: 'en-US',
    });
    const gen = await post('/api/v1/quiz/generate', {
      materialId,
      questionCount: 5,
      order: 'paper',
    });
    expect(gen.status).toBe(201);
    const quizId = gen.body.data.quizId as string;
    const submitted = await post(`/api/v1/quiz/${quizId}/submit`, {
      answers: [{ questionId: 'q3', optionIds: ['a', 'b'] }],
    });
    expect(submitted.status).toBe(200);
    const report = (await get(`/api/v1/quiz/${quizId}/report`)).body.data;
    expect(report.answersDetail[2]).toMatchObject({
      isCorrect: false,
      userAnswer: 'Carbon dioxide, Methane',
      correctAnswer: 'Carbon dioxide, Methane, Water vapour',
    });
  });
});
