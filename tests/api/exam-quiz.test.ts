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
const paper114 = corpusFile('pdf/zh_exam114_fire_science_questions.pdf');
const key114 = corpusFile('pdf/zh_exam114_fire_science_answer_key.pdf');

/** A small English paper and answer list of our own, with a corrected key. */
const enPaper: UploadFile = {
  name: 'biology-midterm.txt',
  type: 'text/plain',
  bytes: Buffer.from(
    [
      'Biology Midterm — Cells and Energy',
      'Choose the one best answer for each question.',
      '',
      '1. Which organelle makes most of the ATP in an animal cell?',
      '(A) Nucleus (B) Mitochondrion (C) Golgi apparatus (D) Lysosome',
      '2. What is the main product of photosynthesis besides oxygen?',
      '(A) Glucose (B) Carbon dioxide (C) Nitrogen (D) Lactic acid',
      '3. Which molecule carries amino acids to the ribosome?',
      '(A) mRNA (B) DNA (C) tRNA (D) rRNA',
      '4. Diffusion moves particles from',
      '(A) low to high concentration (B) high to low concentration (C) only through pumps (D) only in plants',
      '5. Which of these is found in plant cells but not in animal cells?',
      '(A) Cell wall (B) Cell membrane (C) Ribosome (D) Cytoplasm',
      '6. The basic unit of heredity is the',
      '(A) gene (B) cell (C) tissue (D) organ',
      '',
    ].join('\n'),
  ),
};
const enKey: UploadFile = {
  name: 'biology-midterm-answers.txt',
  type: 'text/plain',
  bytes: Buffer.from(['Answer key', '1. B', '2. A', '3. C', '4. B', '5. A', '6. A', ''].join('\n')),
};

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
      expect(q.correctOptionId).toBe(item.key[0]?.toLowerCase());
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
      expect(d.isCorrect).toBe(item.anyAnswer || item.key.includes('A'));
      if (!item.anyAnswer) {
        const keyTexts = item.options.filter((o) => item.key.includes(o.letter)).map((o) => o.text);
        expect(d.correctAnswer.split(' 或 ')).toEqual(keyTexts);
      }
    }
    // Free account: no explanation or citation.
    expect(keysIn(report.answersDetail)).not.toContain('explanation');
  });

  it('takes a count and a random draw; refuses "all" for anything but an exam paper', async () => {
    const materialId = await material([paper114, key114], '114');
    const five = await post('/api/v1/quiz/generate', {
      materialId,
      questionCount: 5,
      questionTypes: ['multiple_choice'],
    });
    expect(five.status).toBe(201);
    expect(five.body.data.questions).toHaveLength(5);

    const notes = await material([corpusFile('md/en_audrey_tang_2025_ai_safety_column.md')], 'n');
    const all = await t.call(
      'POST',
      '/api/v1/quiz/generate',
      { materialId: notes, questionCount: 'all' },
      { token, headers: { 'accept-language': 'en' } },
    );
    expect(all.status).toBe(400);
    expect(all.body.code).toBe('VALIDATION_FAILED');
    const seven = await post('/api/v1/quiz/generate', { materialId: notes, questionCount: 7 });
    expect(seven.body.code).toBe('VALIDATION_FAILED');
    // Nothing was counted for the refused requests.
    expect((await get('/api/v1/user/profile')).body.data.free_usage_count).toBe(1);
  });

  it('refuses a paper without its key with a translated message, counting nothing', async () => {
    const materialId = await material([paper114], '114 試題');
    const detail = await get(`/api/v1/materials/${materialId}`);
    expect(detail.body.data.exam).toMatchObject({ keyFound: false });
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
    const materialId = await material([enPaper, enKey], 'Biology midterm');
    const detail = await get(`/api/v1/materials/${materialId}`);
    expect(detail.body.data.exam).toMatchObject({
      items: 6,
      usable: 6,
      keyFound: true,
      language: 'en-US',
    });
    const gen = await post('/api/v1/quiz/generate', {
      materialId,
      questionCount: 'all',
      order: 'paper',
      language: 'zh-TW',
    });
    expect(gen.status).toBe(201);
    expect(gen.body.data.language).toBe('en-US');
    expect(gen.body.data.questions[0]).toMatchObject({
      question: 'Which organelle makes most of the ATP in an animal cell?',
      options: [
        { id: 'a', text: 'Nucleus' },
        { id: 'b', text: 'Mitochondrion' },
        { id: 'c', text: 'Golgi apparatus' },
        { id: 'd', text: 'Lysosome' },
      ],
      exam: { number: 1 },
    });
    const questions = await stored(gen.body.data.quizId);
    expect(questions.map((q) => q.correctOptionId)).toEqual(['b', 'a', 'c', 'b', 'a', 'a']);
  });
});
