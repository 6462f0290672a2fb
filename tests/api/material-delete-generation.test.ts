import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { heldGenerator } from '../support/held-generator.js';
import { corpusFile, upload } from '../support/multipart.js';
import { runnerOf } from '../../api/quiz/generation-runner.js';

/*
 * Issue 19, item 1: deleting a material while its quiz is being generated (or waits in the
 * queue) cancels the generation and gives its free quiz back in the same transaction, so only
 * a quiz the learner received is ever spent — for a request that waits (sync) and for one
 * answered at once (Prefer: respond-async).
 */

const column = corpusFile('md/en_audrey_tang_2025_ai_safety_column.md');

const until = async (check: () => Promise<boolean> | boolean, ms = 10_000) => {
  const end = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.each(databases)('deleting a material during its generation on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  let materialId: string;
  let held: ReturnType<typeof heldGenerator>;
  beforeEach(async () => {
    t = await createTestApp({ dialect });
    ({
      token,
      user: { id: userId },
    } = await registerVerifiedUser(t, { email: 'delete@example.com', password: 'Study2026' }));
    materialId = (await upload(t, token, [column])).body.data.id;
    held = heldGenerator();
    Object.assign(t.deps, { quizGenerator: held.generator });
  });
  afterEach(async () => t?.close());

  const usage = async () =>
    (
      await t.db
        .selectFrom('users')
        .select('free_usage_count')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).free_usage_count;
  const generate = (headers: Record<string, string> = {}) => {
    const generationId = randomUUID();
    return {
      generationId,
      answer: t.call(
        'POST',
        '/api/v1/quiz/generate',
        { materialId, questionCount: 5, language: 'en-US', generationId },
        { token, headers },
      ),
    };
  };
  const statusOf = async (id: string) =>
    (
      await t.db
        .selectFrom('quiz_generations')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst()
    )?.status;
  const quizCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('quizzes')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('sync: the waiting request ends, the free quiz is given back, nothing is made', async () => {
    const g = generate();
    await until(() => held.started() === 1);
    expect(await usage()).toBe(1);

    const del = await t.call('DELETE', `/api/v1/materials/${materialId}`, {}, { token });
    expect(del.status).toBe(200);
    expect(await usage()).toBe(0);

    const answer = await g.answer;
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body.success).toBe(false);
    held.openAll();
    // The runner let go of the job; the learner still has every free quiz.
    await until(() => runnerActive() === 0);
    expect(await usage()).toBe(0);
    expect(await quizCount()).toBe(0);
  });

  it('async: a running job is ended with its material and refunded once', async () => {
    const g = generate({ Prefer: 'respond-async' });
    expect((await g.answer).status).toBe(202);
    await until(() => held.started() === 1);
    expect(await usage()).toBe(1);

    expect((await t.call('DELETE', `/api/v1/materials/${materialId}`, {}, { token })).status).toBe(
      200,
    );
    expect(await usage()).toBe(0);
    // Letting the generator finish now changes nothing: no quiz, no second refund.
    held.openAll();
    await until(() => runnerActive() === 0);
    expect(await usage()).toBe(0);
    expect(await quizCount()).toBe(0);
    expect(await statusOf(g.generationId)).toBeUndefined();
  });

  it('async: a job still waiting in the queue is refunded too', async () => {
    t.config.generationQueue.concurrency = 1;
    const first = generate({ Prefer: 'respond-async' });
    expect((await first.answer).status).toBe(202);
    await until(() => held.started() === 1);
    const second = generate({ Prefer: 'respond-async' });
    expect((await second.answer).status).toBe(202);
    await until(async () => (await statusOf(second.generationId)) === 'queued');
    expect(await usage()).toBe(2);

    expect((await t.call('DELETE', `/api/v1/materials/${materialId}`, {}, { token })).status).toBe(
      200,
    );
    expect(await usage()).toBe(0);
    held.openAll();
    await until(() => runnerActive() === 0);
    expect(held.started()).toBe(1);
    expect(await usage()).toBe(0);
    expect(await quizCount()).toBe(0);
  });

  const runnerActive = () => runnerOf(t.deps).active;
});
