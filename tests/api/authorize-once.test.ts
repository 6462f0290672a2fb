import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOwned } from '../../api/auth/owned-row.js';
import { AppError } from '../../api/lib/errors.js';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { CountingPlugin } from '../support/count-statements.js';
import { learner, makeQuiz, rightAnswer } from './review-support.js';

/*
 * Authorize once (issue 21): requireAuth reads the account row once and every route uses it
 * (premium included); one owned-row helper answers another learner's row exactly as a row
 * that does not exist — 404 NOT_FOUND — so an id never tells whether someone else has it.
 */

describe.each(databases)('authorize once on %s', (dialect) => {
  let t: TestApp;
  let a: { token: string; id: string };
  let b: { token: string; id: string };
  let materialId: string;
  let quizId: string;
  let answers: unknown[];

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    a = await learner(t, 'a@example.com');
    b = await learner(t, 'b@example.com');
    const quiz = await makeQuiz(t, a.token);
    quizId = quiz.quizId;
    answers = quiz.questions.map(rightAnswer);
    const row = await t.db
      .selectFrom('quizzes')
      .select('material_id')
      .where('id', '=', quizId)
      .executeTakeFirstOrThrow();
    materialId = row.material_id;
    const sub = await t.call(
      'POST',
      `/api/v1/quiz/${quizId}/submit`,
      { answers },
      { token: a.token },
    );
    expect(sub.status).toBe(200);
  }, 120_000);
  afterAll(async () => t?.close());

  /** The statements the app sends while `run` runs, by table. */
  async function counted(run: () => Promise<unknown>) {
    const counter = new CountingPlugin();
    const db = t.deps.db;
    t.deps.db = db.withPlugin(counter);
    try {
      await run();
    } finally {
      t.deps.db = db;
    }
    return counter;
  }

  const notFound = (p: Promise<unknown>) =>
    expect(p).rejects.toSatisfy((e) => e instanceof AppError && e.code === 'NOT_FOUND');

  it("findOwned gives the owner's row, all of it or the columns asked for", async () => {
    const material = await findOwned(t.db, 'materials', a.id, materialId);
    expect(material).toMatchObject({ id: materialId, user_id: a.id, title: 'AI 安全' });
    const quiz = await findOwned(t.db, 'quizzes', a.id, quizId, ['id', 'title', 'attempt_count']);
    expect(Object.keys(quiz).sort()).toEqual(['attempt_count', 'id', 'title']);
    expect(Number(quiz.attempt_count)).toBe(1);
  });

  it("findOwned throws NOT_FOUND for another learner's row and for an id nobody has", async () => {
    await notFound(findOwned(t.db, 'materials', b.id, materialId));
    await notFound(findOwned(t.db, 'quizzes', b.id, quizId, ['id']));
    await notFound(findOwned(t.db, 'materials', a.id, randomUUID()));
    // Inside a transaction too (deleting a material checks it there).
    await notFound(t.db.transaction().execute((trx) => findOwned(trx, 'quizzes', b.id, quizId)));
  });

  it("answers another learner's material, quiz and report as one nobody has: 404 NOT_FOUND", async () => {
    const strip = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
    for (const path of [
      `/api/v1/materials/${materialId}`,
      `/api/v1/quiz/${quizId}`,
      `/api/v1/quiz/${quizId}/report`,
      `/api/v1/quiz/material/${materialId}`,
    ]) {
      const theirs = await t.call('GET', path, undefined, { token: b.token });
      const nobodys = await t.call(
        'GET',
        path.replace(path.includes('/material') ? materialId : quizId, randomUUID()),
        undefined,
        { token: b.token },
      );
      expect({ path, status: theirs.status, code: theirs.body.code }).toEqual({
        path,
        status: 404,
        code: 'NOT_FOUND',
      });
      expect(strip(theirs.body)).toEqual(strip(nobodys.body));
      // The owner gets it.
      expect((await t.call('GET', path, undefined, { token: a.token })).status).toBe(200);
    }
    const submit = await t.call(
      'POST',
      `/api/v1/quiz/${quizId}/submit`,
      { answers },
      { token: b.token },
    );
    expect([submit.status, submit.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('reads the account row once per signed-in request', async () => {
    const profile = await counted(() =>
      t.call('GET', '/api/v1/user/profile', undefined, { token: a.token }),
    );
    expect(profile.tables).toEqual(['users']);
    const submit = await counted(() =>
      t.call('POST', `/api/v1/quiz/${quizId}/submit`, { answers }, { token: a.token }),
    );
    expect(submit.on('users')).toBe(1);
    const report = await counted(() =>
      t.call('GET', `/api/v1/quiz/${quizId}/report`, undefined, { token: a.token }),
    );
    expect(report.on('users')).toBe(1);
    const exported = await counted(() =>
      t.call('GET', `/api/v1/quiz/${quizId}/export?format=csv`, undefined, { token: a.token }),
    );
    expect(exported.on('users')).toBe(1);
  });

  it('decides premium from the row it read: the report, the due list and the export follow it', async () => {
    const setType = (type: string) =>
      t.db.updateTable('users').set({ account_type: type }).where('id', '=', a.id).execute();
    const report = () =>
      t.call('GET', `/api/v1/quiz/${quizId}/report`, undefined, { token: a.token });
    const exported = () =>
      t.call('GET', `/api/v1/quiz/${quizId}/report/export?format=csv`, undefined, {
        token: a.token,
      });
    expect((await report()).body.data).toMatchObject({ premium: false, locked: true });
    expect((await exported()).body.code).toBe('PREMIUM_REQUIRED');
    await setType('premium');
    try {
      expect((await report()).body.data).toMatchObject({ premium: true, locked: false });
      expect((await exported()).status).toBe(200);
    } finally {
      await setType('free');
    }
  });
});
