import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { corpusFile, upload, type UploadFile } from '../support/multipart.js';
import type { GeneratedQuestion } from '../../api/quizgen/types.js';

/*
 * Issue 17, what is left: a paper without its answer key practised unscored only when the
 * learner chooses so (never scored against a guessed key, no review cards), and a mixed
 * material (notes + a paper with its key) that gives both kinds of question when asked for
 * more than the paper has. Through the spec's calls.
 */

const password = 'Study2026';
const fixture = (name: string, type = 'text/plain'): UploadFile => ({
  name,
  type,
  bytes: fs.readFileSync(path.join(import.meta.dirname, '../fixtures/exam', name)),
});
/** Our own small zh-TW paper (6 items) and its 更正 key. */
const drill = fixture('zh-fire-drill-questions.txt');
const drillKey = fixture('zh-fire-drill-answer-key.txt');
/** Prose notes for the mixed material. */
const notes = corpusFile('txt/zh_us_constitution_taiwan_phrasing.txt');

const STEMS = [
  '下列何者不是燃燒的四要素之一？',
  '乾粉滅火器主要的滅火原理為何？',
  '一般住宅火災屬於下列哪一類火災？',
  '電器火災不宜使用下列何種方式滅火？',
  '火災發生時，濃煙中的主要致命氣體為何？',
  '下列何者屬於主動式防火設備？',
];

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

describe.each(databases)('exam practice and mixed materials on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp({ dialect });
    ({ token } = await registerVerifiedUser(t, { email: 'practice@example.com', password }));
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

  it('practises a paper without key unscored only when asked, with no key and no review cards', async () => {
    const materialId = await material([drill], '消防練習（無答案）');
    const detail = await get(`/api/v1/materials/${materialId}`);
    expect(detail.body.data.exam).toMatchObject({
      items: 6,
      usable: 0,
      practice: 6,
      keyFound: false,
      otherText: false,
    });

    // Not chosen: refused, nothing counted.
    const refused = await post('/api/v1/quiz/generate', { materialId, questionCount: 5 });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('EXAM_KEY_MISSING');
    expect((await get('/api/v1/user/profile')).body.data.free_usage_count).toBe(0);

    // Chosen: the paper's items verbatim, in its order, marked unscored, with no key at all.
    const gen = await post('/api/v1/quiz/generate', {
      materialId,
      questionCount: 'all',
      order: 'paper',
      unscored: true,
    });
    expect(gen.status).toBe(201);
    const quiz = gen.body.data;
    expect(quiz.questions.map((q: { question: string }) => q.question)).toEqual(STEMS);
    expect(quiz.questions[0]).toMatchObject({ unscored: true, exam: { number: 1 } });
    expect(quiz.notices).toContainEqual({ code: 'EXAM_UNSCORED' });
    const questions = await stored(quiz.quizId);
    expect(questions.every((q) => q.unscored === true)).toBe(true);
    for (const k of ['correctOptionId', 'acceptedOptionIds', 'anyAnswer'])
      expect(keysIn(questions)).not.toContain(k);

    const taking = (await get(`/api/v1/quiz/${quiz.quizId}`)).body.data;
    expect(taking.questions[2]).toMatchObject({ unscored: true, exam: { number: 3 } });

    const answers = [
      { questionId: 'q1', optionId: 'd' },
      { questionId: 'q2', optionId: 'a' },
      { questionId: 'q4', optionId: 'c' },
    ];
    const submitted = await post(`/api/v1/quiz/${quiz.quizId}/submit`, { answers });
    expect(submitted.status).toBe(200);
    const report = (await get(`/api/v1/quiz/${quiz.quizId}/report`)).body.data;
    expect(report.unscored).toBe(true);
    expect(report.correctAnswers).toBe(0);
    expect(report.typeAnalysis).toEqual({});
    expect(report.answersDetail).toHaveLength(6);
    for (const d of report.answersDetail) {
      expect(d).toMatchObject({ unscored: true, isCorrect: false, correctAnswer: '' });
      expect(d.correctSelection).toEqual({});
    }
    // What the learner chose is shown as chosen.
    expect(report.answersDetail[0]).toMatchObject({ answered: true, userAnswer: '二氧化碳' });
    expect(report.answersDetail[2]).toMatchObject({ answered: false, userAnswer: '' });

    // No score is recorded (not a score of 0), and nothing comes back in review.
    const attempt = await t.db
      .selectFrom('quiz_attempts')
      .select(['score', 'status'])
      .where('quiz_id', '=', quiz.quizId)
      .executeTakeFirstOrThrow();
    expect(attempt).toEqual({ score: null, status: 'submitted' });
    const row = await t.db
      .selectFrom('quizzes')
      .select(['score', 'best_score', 'completed', 'attempt_count'])
      .where('id', '=', quiz.quizId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ score: null, best_score: null, completed: 1, attempt_count: 1 });
    const cards = await t.db
      .selectFrom('review_cards')
      .select('id')
      .where('quiz_id', '=', quiz.quizId)
      .execute();
    expect(cards).toHaveLength(0);
    expect((await get('/api/v1/review/due')).body.data.cards).toHaveLength(0);
    // The progress page draws no score for it (not a 0 %).
    const progress = await get('/api/v1/progress');
    expect(progress.status).toBe(200);
    expect(JSON.stringify(progress.body)).not.toContain(quiz.quizId);

    // Exported, it claims no key either: no option is marked right.
    const gift = await t.app.request(`/api/v1/quiz/${quiz.quizId}/export?format=gift`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gift.status).toBe(200);
    const text = await gift.text();
    expect(text).toContain('下列何者不是燃燒的四要素之一？');
    expect(text).not.toMatch(/[{ ]=|%100%/);
  });

  it('scores a paper with its key even when unscored practice is asked for', async () => {
    const materialId = await material([drill, drillKey], '消防練習');
    const detail = await get(`/api/v1/materials/${materialId}`);
    expect(detail.body.data.exam).toMatchObject({ keyFound: true, usable: 6, practice: 0 });
    const gen = await post('/api/v1/quiz/generate', {
      materialId,
      questionCount: 5,
      order: 'paper',
      unscored: true,
    });
    expect(gen.status).toBe(201);
    expect(gen.body.data.notices).not.toContainEqual({ code: 'EXAM_UNSCORED' });
    const questions = await stored(gen.body.data.quizId);
    expect(questions.map((q) => q.correctOptionId)).toEqual(['d', 'b', 'a', 'a', 'a']);
    expect(questions.some((q) => q.unscored)).toBe(false);
  });

  it('tops up a mixed material (notes + paper with key) with generated questions', async () => {
    const materialId = await material([notes, drill, drillKey], '筆記與考古題');
    const detail = await get(`/api/v1/materials/${materialId}`);
    expect(detail.body.data.exam).toMatchObject({
      items: 6,
      usable: 6,
      keyFound: true,
      otherText: true,
    });

    // Asked for more than the paper has: its six items, then questions from the notes.
    const gen = await post('/api/v1/quiz/generate', {
      materialId,
      questionCount: 10,
      order: 'paper',
      questionTypes: ['multiple_choice', 'true_false'],
    });
    expect(gen.status).toBe(201);
    const questions = await stored(gen.body.data.quizId);
    expect(questions).toHaveLength(10);
    const fromPaper = questions.filter((q) => q.exam);
    const generated = questions.filter((q) => !q.exam);
    expect(fromPaper.map((q) => q.question)).toEqual(STEMS);
    expect(generated).toHaveLength(4);
    // The generated ones come from the notes, never from the paper or its key.
    const notesFileId = (await get(`/api/v1/materials/${materialId}`)).body.data.files.find(
      (f: { file_name: string }) => f.file_name === notes.name,
    ).id;
    for (const q of generated) {
      expect(q.citation.fileId).toBe(notesFileId);
      expect(q.unscored).toBeUndefined();
    }
    expect(new Set(questions.map((q) => q.id)).size).toBe(10);

    // Submitted: the paper's items keep their key; the report carries both kinds.
    const submitted = await post(`/api/v1/quiz/${gen.body.data.quizId}/submit`, {
      answers: questions.map((q) => ({ questionId: q.id, optionId: q.correctOptionId })),
    });
    expect(submitted.status).toBe(200);
    const report = (await get(`/api/v1/quiz/${gen.body.data.quizId}/report`)).body.data;
    expect(report.unscored).toBeUndefined();
    expect(report.answersDetail.filter((d: { exam?: unknown }) => d.exam)).toHaveLength(6);
    expect(report.score).toBe(100);
  });
});
