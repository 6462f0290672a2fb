import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { corpusFile, upload, type UploadFile } from '../support/multipart.js';
import type { GeneratedQuestion } from '../../api/quizgen/types.js';
import { recognizeExam } from '../../api/exam/recognize.js';

/*
 * Issue 17 through the spec's calls: an exam paper and its answer key uploaded as one material
 * become a quiz of the paper's own items — stems and options verbatim, keyed by the answer key
 * (corrections included) — that is submitted, reported, reviewed and exported like any quiz.
 */

const password = 'Study2026';
/** The 標準答案 of the 114 paper, read by hand from the key PDF: question n's key is KEY_114[n-1]. */
const KEY_114 = 'ACCDACDADC' + 'ACACBCAADD' + 'DBDCDADABA' + 'DADDCDCDAC';
const paper114 = corpusFile('pdf/zh_exam114_fire_science_questions.pdf');
const key114 = corpusFile('pdf/zh_exam114_fire_science_answer_key.pdf');

const fixture = (name: string, type = 'text/plain'): UploadFile => ({
  name,
  type,
  bytes: fs.readFileSync(path.join(import.meta.dirname, '../fixtures/exam', name)),
});
/** Our own small zh-TW paper and its 更正 key: 第2題答B或D者均給分，第4題一律給分. */
const drill = fixture('zh-fire-drill-questions.txt');
const drillKey = fixture('zh-fire-drill-answer-key.txt');
/** The exam reader's English fixture: a numbered list with (A)–(D) and a CSV answer list. */
const enPaper = fixture('en-cell-biology-quiz.txt');
const enKey = fixture('en-cell-biology-quiz-answers.csv', 'text/csv');

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

describe.each(databases)('a quiz from an exam paper on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp({ dialect });
    ({ token } = await registerVerifiedUser(t, { email: 'examinee@example.com', password }));
  });
  afterEach(async () => t?.close());

  const get = (p: string) => t.call('GET', p, undefined, { token });
  const post = (p: string, body: unknown) => t.call('POST', p, body, { token });

  async function material(files: UploadFile[], title: string) {
    const res = await upload(t, token, files, { title });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  }

  async function stored(quizId: string): Promise<GeneratedQuestion[]> {
    const row = await t.db
      .selectFrom('quizzes')
      .select('questions')
      .where('id', '=', quizId)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.questions) as GeneratedQuestion[];
  }

  /** What the reader recognises in the material's stored text: the expected items and keys. */
  async function expected(materialId: string) {
    const content = await get(`/api/v1/materials/${materialId}/content`);
    return recognizeExam({ blocks: content.body.data.blocks });
  }

  it('makes the 114 fire-science paper a verbatim quiz keyed by its answer key (zh-TW)', async () => {
    // The key first: the order of the files does not matter.
    const materialId = await material([key114, paper114], '114 火災學概要');
    const rec = await expected(materialId);
    expect(rec.keyFound).toBe(true);
    // Hand-checked against the printed paper: question 33 and its four options.
    expect(rec.items.find((i) => i.number === 33)).toMatchObject({
      stem: '建築物火災由多階段組成，下列何者非屬之？',
      options: ['初期', '極盛期', '衰退期', '間歇期'].map((text, i) => ({
        letter: 'ABCD'[i],
        text,
      })),
    });
    const byNumber = new Map(rec.items.map((i) => [i.number, i]));

    const detail = await get(`/api/v1/materials/${materialId}`);
    expect(detail.body.data.exam).toMatchObject({
      items: rec.items.length,
      keyFound: true,
      corrections: rec.corrections,
      language: 'zh-TW',
      otherText: false,
    });
    expect(detail.body.data.exam.usable).toBeGreaterThanOrEqual(5);

    const gen = await post('/api/v1/quiz/generate', {
      materialId,
      questionCount: 'all',
      order: 'paper',
      questionTypes: ['multiple_choice'],
      difficulty: 'expert',
      language: 'en-US',
    });
    expect(gen.status).toBe(201);
    const quiz = gen.body.data;
    // The paper's own language and every item it can ask, in paper order.
    expect(quiz).toMatchObject({ language: 'zh-TW', questionTypes: ['multiple_choice'] });
    expect(quiz.questions).toHaveLength(detail.body.data.exam.usable);
    for (const k of ['correctOptionId', 'acceptedOptionIds', 'anyAnswer', 'explanation'])
      expect(keysIn(quiz.questions)).not.toContain(k);

    const questions = await stored(quiz.quizId);
    const numbers = questions.map((q) => q.exam!.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    for (const [i, q] of questions.entries()) {
      const item = byNumber.get(q.exam!.number)!;
      // Verbatim: the stem and the options as printed, in their order.
      expect(quiz.questions[i]).toMatchObject({ type: 'multiple_choice', question: item.stem });
      expect(quiz.questions[i].options.map((o: { text: string }) => o.text)).toEqual(
        item.options.map((o) => o.text),
      );
      // The answer key's letter, never another (the paper has no corrections).
      expect(q.correctOptionId).toBe(KEY_114[q.exam!.number - 1]!.toLowerCase());
      expect(q.acceptedOptionIds).toBeUndefined();
      expect(q.citation.fileId).toBe(item.citation.fileId);
    }

    // Submitting the first option everywhere: the report's keys are the answer key's.
    const submitted = await post(`/api/v1/quiz/${quiz.quizId}/submit`, {
      answers: questions.map((q) => ({ questionId: q.id, optionId: 'a' })),
    });
    expect(submitted.status).toBe(200);
    const report = (await get(`/api/v1/quiz/${quiz.quizId}/report`)).body.data;
    for (const [i, d] of report.answersDetail.entries()) {
      const item = byNumber.get(questions[i]!.exam!.number)!;
      expect(d.exam).toEqual({ paper: item.paper, number: item.number });
      const letter = KEY_114[item.number - 1]!;
      expect(d.isCorrect).toBe(letter === 'A');
      expect(d.correctAnswer).toBe(item.options.find((o) => o.letter === letter)!.text);
    }
    // Free account: no explanation or citation.
    expect(keysIn(report.answersDetail)).not.toContain('explanation');

    // Five at random: five different items of the paper.
    const five = await post('/api/v1/quiz/generate', { materialId, questionCount: 5 });
    expect(five.status).toBe(201);
    const drawn = (await stored(five.body.data.quizId)).map((q) => q.exam!.number);
    expect(new Set(drawn).size).toBe(5);
    for (const n of drawn) expect(byNumber.has(n)).toBe(true);
  });

  it('scores either accepted letter of a correction and any answer of 「一律給分」', async () => {
    const materialId = await material([drill, drillKey], '消防練習');
    const detail = await get(`/api/v1/materials/${materialId}`);
    expect(detail.body.data.exam).toEqual({
      items: 6,
      usable: 6,
      practice: 0,
      multiSelect: 0,
      keyFound: true,
      corrections: 2,
      essays: 0,
      skipped: 0,
      papers: [expect.any(String)],
      language: 'zh-TW',
      otherText: false,
    });
    const gen = await post('/api/v1/quiz/generate', {
      materialId,
      questionCount: 'all',
      order: 'paper',
    });
    expect(gen.status).toBe(201);
    const quizId = gen.body.data.quizId as string;
    expect(gen.body.data.questions.map((q: { question: string }) => q.question)).toEqual([
      '下列何者不是燃燒的四要素之一？',
      '乾粉滅火器主要的滅火原理為何？',
      '一般住宅火災屬於下列哪一類火災？',
      '電器火災不宜使用下列何種方式滅火？',
      '火災發生時，濃煙中的主要致命氣體為何？',
      '下列何者屬於主動式防火設備？',
    ]);
    const qs = await stored(quizId);
    expect(qs.map((q) => q.correctOptionId)).toEqual(['d', 'b', 'a', 'a', 'a', 'c']);
    expect(qs[1]).toMatchObject({ acceptedOptionIds: ['b', 'd'] });
    expect(qs[3]).toMatchObject({ anyAnswer: true });

    // q2 answered D (accepted by the correction), q4 answered C (every answer scores), q1 and
    // q6 wrong, q3 right, q5 left unanswered.
    const answers = [
      { questionId: 'q1', optionId: 'a' },
      { questionId: 'q2', optionId: 'd' },
      { questionId: 'q3', optionId: 'a' },
      { questionId: 'q4', optionId: 'c' },
      { questionId: 'q6', optionId: 'b' },
    ];
    const submitted = await post(`/api/v1/quiz/${quizId}/submit`, { answers });
    expect(submitted.status).toBe(200);
    const report = (await get(`/api/v1/quiz/${quizId}/report`)).body.data;
    expect(report.answersDetail.map((d: { isCorrect: boolean }) => d.isCorrect)).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(report.score).toBe(50);
    expect(report.answersDetail[1].correctAnswer).toBe('抑制連鎖反應 或 隔離可燃物');
    expect(report.answersDetail[3].correctSelection).toMatchObject({ anyAnswer: true });

    // Wrong and skipped answers come back in review, with the item as printed (a skipped one
    // is a card too since issue 20).
    const due = (await get('/api/v1/review/due')).body.data;
    expect(
      due.cards.map((c: { question: { question: string } }) => c.question.question).sort(),
    ).toEqual(
      [
        '下列何者不是燃燒的四要素之一？',
        '下列何者屬於主動式防火設備？',
        '火災發生時，濃煙中的主要致命氣體為何？',
      ].sort(),
    );

    // Premium: the correction note is the explanation, else where the item stands.
    await t.db.updateTable('users').set({ account_type: 'premium' }).execute();
    const premium = (await get(`/api/v1/quiz/${quizId}/report`)).body.data;
    expect(premium.answersDetail[1].explanation).toBe('第2題答B或D者均給分');
    expect(premium.answersDetail[0].explanation).toMatch(/第 1 題/);
    expect(premium.answersDetail[0].citation).toMatchObject({ quote: expect.any(String) });

    // The GIFT export gives both accepted options full marks.
    const gift = await t.app.request(`/api/v1/quiz/${quizId}/export?format=gift`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gift.status).toBe(200);
    expect(await gift.text()).toContain('~%100%抑制連鎖反應');
  });

  it('refuses a paper without its key with a translated message, counting nothing', async () => {
    const materialId = await material([drill], '消防練習（無答案）');
    const detail = await get(`/api/v1/materials/${materialId}`);
    expect(detail.body.data.exam).toMatchObject({ items: 6, keyFound: false });
    const res = await t.call(
      'POST',
      '/api/v1/quiz/generate',
      { materialId, questionCount: 5 },
      { token, headers: { 'accept-language': 'zh-TW' } },
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('EXAM_KEY_MISSING');
    expect(res.body.message).toContain('標準答案');
    expect((await get('/api/v1/user/profile')).body.data.free_usage_count).toBe(0);
  });

  it('reads an English paper with an answer list the same way', async () => {
    const materialId = await material([enKey, enPaper], 'Cell biology');
    const detail = await get(`/api/v1/materials/${materialId}`);
    expect(detail.body.data.exam).toMatchObject({
      items: 6,
      usable: 6,
      keyFound: true,
      language: 'en-US',
    });
    const gen = await post('/api/v1/quiz/generate', {
      materialId,
      questionCount: 5,
      order: 'paper',
      language: 'zh-TW',
    });
    expect(gen.status).toBe(201);
    expect(gen.body.data.language).toBe('en-US');
    expect(gen.body.data.questions[0]).toMatchObject({
      question: 'Which organelle is the site of aerobic respiration in eukaryotic cells?',
      options: [
        { id: 'a', text: 'Ribosome' },
        { id: 'b', text: 'Golgi apparatus' },
        { id: 'c', text: 'Mitochondrion' },
        { id: 'd', text: 'Lysosome' },
      ],
      exam: { number: 1 },
    });
    const questions = await stored(gen.body.data.quizId);
    expect(questions.map((q) => q.correctOptionId)).toEqual(['c', 'a', 'b', 'd', 'b']);

    // "all" and counts other than 5/10/15/20 are for exam papers only; nothing is counted.
    const notes = await material([corpusFile('md/en_audrey_tang_2025_ai_safety_column.md')], 'n');
    for (const questionCount of ['all', 7]) {
      const res = await post('/api/v1/quiz/generate', { materialId: notes, questionCount });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await get('/api/v1/user/profile')).body.data.free_usage_count).toBe(1);
  });
});
