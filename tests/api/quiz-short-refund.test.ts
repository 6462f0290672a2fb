import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { corpusFile, upload, type UploadFile } from '../support/multipart.js';

/*
 * Yield and fairness (issue 16): when the material honestly cannot give the count asked, the
 * learner gets the good questions, is told why, keeps the quiz — and no free quiz is spent on
 * it. A quiz of the full count is counted as before.
 */

const password = 'Study2026';
// A short note: a handful of questions at most, far from the 20 asked.
const note: UploadFile = {
  name: 'stents.txt',
  type: 'text/plain',
  bytes: Buffer.from(
    [
      'A stent is a small mesh tube placed inside a narrowed artery to keep it open.',
      'In the stent study, 451 patients at risk of stroke were assigned to a treatment group or a control group.',
      'Patients in the treatment group received a stent and medical management.',
      'Patients in the control group received medical management only.',
    ].join('\n\n'),
  ),
};
// A development textbook chapter that gives five multiple-choice questions for every seed.
const paper = corpusFile('../study-corpus/textbook/en_ims_ch01_data_hello.md');

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const usage = async (app: TestApp, token: string) =>
  (await app.call('GET', '/api/v1/user/profile', undefined, { token })).body.data
    .free_usage_count as number;

describe.each(databases)('a short quiz on %s', (dialect) => {
  it('is kept, says why, and does not spend a free quiz; a full one does', async () => {
    t = await createTestApp({ dialect });
    const app = t;
    const { token } = await registerVerifiedUser(app, {
      email: `learner-${crypto.randomUUID()}@example.com`,
      password,
    });
    const short = await upload(app, token, [note], { title: 'Stents' });
    expect(short.status).toBe(201);

    const gen = await app.call(
      'POST',
      '/api/v1/quiz/generate',
      {
        materialId: short.body.data.id,
        questionCount: 20,
        questionTypes: ['multiple_choice', 'true_false', 'dropdown_fill_in_blank', 'short_answer'],
      },
      { token },
    );
    expect(gen.status).toBe(201);
    const quiz = gen.body.data;
    expect(quiz.questions.length).toBeGreaterThan(0);
    expect(quiz.questions.length).toBeLessThan(20);
    const codes = (quiz.notices as Array<{ code: string }>).map((n) => n.code);
    expect(codes).toContain('NOT_ENOUGH_MATERIAL');
    expect(codes).toContain('FREE_QUIZ_NOT_COUNTED');
    expect(await usage(app, token)).toBe(0);
    // The learner keeps it.
    const kept = await app.call('GET', `/api/v1/quiz/${quiz.quizId}`, undefined, { token });
    expect(kept.status).toBe(200);
    expect(kept.body.data.questions).toHaveLength(quiz.questions.length);

    const full = await upload(app, token, [paper], { title: 'TraceMonkey' });
    const made = await app.call(
      'POST',
      '/api/v1/quiz/generate',
      { materialId: full.body.data.id, questionCount: 5 },
      { token },
    );
    expect(made.status).toBe(201);
    expect(made.body.data.questions).toHaveLength(5);
    expect((made.body.data.notices as Array<{ code: string }>).map((n) => n.code)).not.toContain(
      'FREE_QUIZ_NOT_COUNTED',
    );
    expect(await usage(app, token)).toBe(1);
  });

  it('does not count a premium account twice or give it anything back', async () => {
    t = await createTestApp({ dialect });
    const app = t;
    const { token, user } = await registerVerifiedUser(app, {
      email: `learner-${crypto.randomUUID()}@example.com`,
      password,
    });
    await app.db
      .updateTable('users')
      .set({ account_type: 'premium' })
      .where('id', '=', user.id)
      .execute();
    const short = await upload(app, token, [note], { title: 'Stents' });
    const gen = await app.call(
      'POST',
      '/api/v1/quiz/generate',
      {
        materialId: short.body.data.id,
        questionCount: 20,
        questionTypes: ['multiple_choice', 'true_false', 'dropdown_fill_in_blank', 'short_answer'],
      },
      { token },
    );
    expect(gen.status).toBe(201);
    const codes = (gen.body.data.notices as Array<{ code: string }>).map((n) => n.code);
    expect(codes).toContain('NOT_ENOUGH_MATERIAL');
    expect(codes).not.toContain('FREE_QUIZ_NOT_COUNTED');
    expect(await usage(app, token)).toBe(0);
  });

  it('says which types could not be written when the chosen ones give nothing, and spends nothing', async () => {
    t = await createTestApp({ dialect });
    const app = t;
    const { token } = await registerVerifiedUser(app, {
      email: `learner-${crypto.randomUUID()}@example.com`,
      password,
    });
    const short = await upload(app, token, [note], { title: 'Stents' });
    // Multiple choice alone (the default): three plain sentences hold no sure option set.
    const gen = await app.call(
      'POST',
      '/api/v1/quiz/generate',
      { materialId: short.body.data.id, questionCount: 5, questionTypes: ['multiple_choice'] },
      { token, headers: { 'accept-language': 'zh-TW' } },
    );
    expect(gen.status).toBe(422);
    expect(gen.body.code).toBe('QUESTION_TYPES_UNAVAILABLE');
    expect(JSON.stringify(gen.body)).toContain('是非題或簡答題');
    expect(await usage(app, token)).toBe(0);
  });
});
