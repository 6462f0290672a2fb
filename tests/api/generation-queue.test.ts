import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { heldGenerator } from '../support/held-generator.js';
import { corpusFile, upload } from '../support/multipart.js';
import { createGenerationRunner, runnerOf } from '../../api/quiz/generation-runner.js';
import { sweepStaleGenerations } from '../../api/quiz/stale-generations.js';
import { createBuiltinGenerator } from '../../api/quizgen/builtin/index.js';

/*
 * Quiz generations as jobs in the database (docs/decisions/0019): the request queues the job
 * and a runner on any instance makes it; a job whose server died runs again (up to
 * GENERATION_MAX_ATTEMPTS starts) or fails with its free quiz given back; a shutdown hands
 * unfinished jobs back to the queue; a queued job can be cancelled before it starts.
 */

const MINUTE = 60_000;
const column = corpusFile('../study-corpus/textbook/en_ims_ch01_data_hello.md');

const until = async (check: () => Promise<boolean> | boolean, ms = 10_000) => {
  const end = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.each(databases)('generation queue on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  let materialId: string;
  beforeEach(async () => {
    t = await createTestApp({ dialect });
    ({
      token,
      user: { id: userId },
    } = await registerVerifiedUser(t, { email: 'queue@example.com', password: 'Study2026' }));
    materialId = (await upload(t, token, [column])).body.data.id;
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
  const row = (id: string) =>
    t.db.selectFrom('quiz_generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const statusOf = async (id: string) =>
    (
      await t.db
        .selectFrom('quiz_generations')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst()
    )?.status;
  const shown = async (id: string) =>
    (await t.call('GET', `/api/v1/quiz/generations/${id}`, undefined, { token })).body.data;
  const generate = (generationId = randomUUID(), headers: Record<string, string> = {}) => ({
    generationId,
    answer: t.call(
      'POST',
      '/api/v1/quiz/generate',
      { materialId, questionCount: 5, language: 'en-US', generationId },
      { token, headers },
    ),
  });
  /** With one job at a time: a first generation held running, a second waiting queued. */
  async function oneRunningOneQueued() {
    t.config.generationQueue.concurrency = 1;
    const held = heldGenerator();
    Object.assign(t.deps, { quizGenerator: held.generator });
    const first = generate();
    await until(() => held.started() === 1);
    const second = generate();
    await until(async () => (await statusOf(second.generationId)) === 'queued');
    return { held, first, second };
  }
  const quizzesOfMaterial = async () =>
    (await t.call('GET', `/api/v1/quiz/material/${materialId}`, undefined, { token })).body
      .data as unknown[];

  it('runs at most GENERATION_CONCURRENCY jobs at once; the rest wait queued, then run in order', async () => {
    const { held, first, second } = await oneRunningOneQueued();
    // Clients see a queued job as running, at the queued stage, with its free quiz counted.
    expect(await shown(second.generationId)).toMatchObject({
      status: 'running',
      stage: 'queued',
      progress: 0,
    });
    expect(await usage()).toBe(2);
    expect(held.started()).toBe(1);

    held.openNext();
    expect((await first.answer).status).toBe(201);
    await until(() => held.started() === 2);
    held.openNext();
    const done = await second.answer;
    expect(done.status).toBe(201);
    expect(done.body.data.quizId).toBeTruthy();
    expect(await row(second.generationId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await quizzesOfMaterial()).toHaveLength(2);
  });

  it('cancels a queued job before it starts and gives its free quiz back', async () => {
    const { held, first, second } = await oneRunningOneQueued();
    expect(await usage()).toBe(2);

    const cancel = await t.call(
      'POST',
      `/api/v1/quiz/generations/${second.generationId}/cancel`,
      {},
      { token },
    );
    expect(cancel.body.data).toMatchObject({ status: 'cancelled' });
    const answer = await second.answer;
    expect(answer.status).toBe(499);
    expect(answer.body.code).toBe('GENERATION_CANCELLED');
    expect(await usage()).toBe(1);

    held.openNext();
    expect((await first.answer).status).toBe(201);
    // The cancelled job was never started.
    expect(held.started()).toBe(1);
    expect(await usage()).toBe(1);
  });

  it('a job queued by one instance is made by another one’s runner', async () => {
    // This app's own runner is stopped: it claims nothing.
    await runnerOf(t.deps).stop();
    const other = createGenerationRunner({ ...t.deps, quizGenerator: createBuiltinGenerator() });
    const request = generate();
    await until(async () => (await statusOf(request.generationId)) === 'queued');
    expect(await shown(request.generationId)).toMatchObject({ status: 'running', stage: 'queued' });
    other.start();
    try {
      const answer = await request.answer;
      expect(answer.status).toBe(201);
      const made = await row(request.generationId);
      expect(made).toMatchObject({ status: 'succeeded', claimed_by: other.instanceId });
      expect(answer.body.data.quizId).toBe(made.quiz_id);
      expect(await usage()).toBe(1);
    } finally {
      await other.stop();
    }
  });

  it('a shutdown hands an unfinished job back to the queue and another runner makes it', async () => {
    const held = heldGenerator();
    Object.assign(t.deps, { quizGenerator: held.generator });
    const key = randomUUID();
    const request = generate(key, { 'Idempotency-Key': key });
    await until(() => held.started() === 1);
    expect(await row(key)).toMatchObject({ status: 'running', attempts: 1 });

    // This instance stops; the learner's request is still waiting.
    await runnerOf(t.deps).stop(0);
    expect(await row(key)).toMatchObject({
      status: 'queued',
      claimed_by: null,
      attempts: 0,
      stage: 'queued',
    });
    expect(await usage()).toBe(1);

    const other = createGenerationRunner({ ...t.deps, quizGenerator: createBuiltinGenerator() });
    other.start();
    try {
      const answer = await request.answer;
      expect(answer.status).toBe(201);
      expect(await row(key)).toMatchObject({ status: 'succeeded', attempts: 1 });
      // The retry with the same key gets the same quiz, nothing counted again.
      const retry = await generate(key, { 'Idempotency-Key': key }).answer;
      expect(retry.body.data.quizId).toBe(answer.body.data.quizId);
      expect(await usage()).toBe(1);
      expect(await quizzesOfMaterial()).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });

  it('Prefer: respond-async answers 202 with the queued job, which is made without the request', async () => {
    const generationId = randomUUID();
    const accepted = await t.call(
      'POST',
      '/api/v1/quiz/generate',
      { materialId, questionCount: 5, language: 'en-US', generationId },
      { token, headers: { Prefer: 'respond-async' } },
    );
    expect(accepted.status).toBe(202);
    expect(accepted.headers.get('location')).toBe(`/api/v1/quiz/generations/${generationId}`);
    expect(accepted.headers.get('preference-applied')).toBe('respond-async');
    expect(accepted.body.data).toMatchObject({ id: generationId, status: 'running' });
    let g: Record<string, unknown> = {};
    await until(async () => {
      g = await shown(generationId);
      return g.status !== 'running';
    });
    expect(g).toMatchObject({ status: 'succeeded', progress: 100 });
    const quiz = await t.call('GET', `/api/v1/quiz/${String(g.quizId)}`, undefined, { token });
    expect(quiz.status).toBe(200);
    expect(quiz.body.data.questions.length).toBeGreaterThan(0);
    expect(await usage()).toBe(1);
  });

  it('after a crash: requeued while starts remain, failed and refunded after the last', async () => {
    const ago = (ms: number) => new Date(t.clock.now().getTime() - ms).toISOString();
    const jobs = [1, 2].map((attempts) => ({ id: randomUUID(), attempts }));
    await t.db.updateTable('users').set({ free_usage_count: 2 }).where('id', '=', userId).execute();
    for (const job of jobs) {
      await t.db
        .insertInto('quiz_generations')
        .values({
          id: job.id,
          user_id: userId,
          material_id: materialId,
          status: 'running',
          stage: 'writing',
          progress: 50,
          quota_reserved: 1,
          attempts: job.attempts,
          claimed_by: 'a-server-that-died',
          request: JSON.stringify({
            description: '',
            settings: {
              questionCount: 5,
              questionTypes: ['multiple_choice', 'true_false'],
              difficulty: 'basic',
              language: 'en-US',
            },
          }),
          created_at: ago(4 * MINUTE),
          updated_at: ago(3 * MINUTE),
        })
        .execute();
    }
    await runnerOf(t.deps).stop();
    expect(
      await sweepStaleGenerations(t.deps, { staleAfterMs: 2 * MINUTE, maxAttempts: 2 }),
    ).toEqual({ requeued: 1, failed: 1, refunded: 1 });
    expect(await usage()).toBe(1);
    expect(await row(jobs[0]!.id)).toMatchObject({ status: 'queued', claimed_by: null });
    expect(await row(jobs[1]!.id)).toMatchObject({
      status: 'failed',
      error_code: 'GENERATION_FAILED',
    });

    // Any runner makes the requeued one: its second start, the free quiz still counted once.
    const other = createGenerationRunner({ ...t.deps, quizGenerator: createBuiltinGenerator() });
    other.start();
    try {
      await until(async () => (await row(jobs[0]!.id)).status === 'succeeded');
      expect(await row(jobs[0]!.id)).toMatchObject({ attempts: 2 });
      expect(await usage()).toBe(1);
      expect(await quizzesOfMaterial()).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });
});
