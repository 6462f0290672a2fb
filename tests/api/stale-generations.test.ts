import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { heldGenerator } from '../support/held-generator.js';
import { corpusFile, upload } from '../support/multipart.js';
import { sweepStaleGenerations } from '../../api/quiz/stale-generations.js';
import type { GenerationStatus } from '../../api/db/schema.js';

/*
 * Generations a killed server left `running`: failed at the next start (or sweep) once they
 * have not been written for the threshold, with the reserved free quiz given back in the same
 * transaction — exactly once, however many instances sweep at the same time.
 */

const MINUTE = 60_000;
const STALE = 15 * MINUTE;
const column = corpusFile('../study-corpus/textbook/en_ims_ch01_data_hello.md');

describe.each(databases)('stale generations on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  let materialId: string;
  beforeEach(async () => {
    t = await createTestApp({ dialect });
    ({
      token,
      user: { id: userId },
    } = await registerVerifiedUser(t, { email: 'learner@example.com', password: 'Study2026' }));
    materialId = (await upload(t, token, [column])).body.data.id;
  });
  afterEach(async () => t?.close());

  const ago = (ms: number) => new Date(t.clock.now().getTime() - ms).toISOString();

  async function generation(status: GenerationStatus, updatedMsAgo: number, reserved: boolean) {
    const id = randomUUID();
    await t.db
      .insertInto('quiz_generations')
      .values({
        id,
        user_id: userId,
        material_id: materialId,
        status,
        stage: status === 'running' ? 'writing' : 'done',
        progress: 40,
        quota_reserved: reserved ? 1 : 0,
        created_at: ago(updatedMsAgo + MINUTE),
        updated_at: ago(updatedMsAgo),
      })
      .execute();
    return id;
  }

  const setUsage = (n: number) =>
    t.db.updateTable('users').set({ free_usage_count: n }).where('id', '=', userId).execute();
  const usage = async () =>
    (
      await t.db
        .selectFrom('users')
        .select('free_usage_count')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).free_usage_count;
  const shown = async (id: string) =>
    (await t.call('GET', `/api/v1/quiz/generations/${id}`, undefined, { token })).body.data;

  it('fails stale running generations and gives back the free quiz they reserved', async () => {
    const abandoned = await generation('running', 20 * MINUTE, true);
    const abandonedPremium = await generation('running', 16 * MINUTE, false);
    const alive = await generation('running', 2 * MINUTE, true);
    const done = await generation('succeeded', 60 * MINUTE, true);
    await setUsage(3); // abandoned, alive and done each counted one

    const before = t.clock.now().toISOString();
    expect(await sweepStaleGenerations(t.deps, { staleAfterMs: STALE })).toEqual({
      requeued: 0,
      failed: 2,
      refunded: 1,
    });
    expect(await usage()).toBe(2);

    for (const id of [abandoned, abandonedPremium]) {
      const g = await shown(id);
      expect(g).toMatchObject({ status: 'failed', errorCode: 'GENERATION_FAILED', progress: 40 });
      expect(g.updatedAt >= before).toBe(true);
    }
    expect(await shown(alive)).toMatchObject({ status: 'running', errorCode: null });
    expect(await shown(done)).toMatchObject({ status: 'succeeded' });

    // Nothing left to do: a second sweep changes nothing.
    expect(await sweepStaleGenerations(t.deps, { staleAfterMs: STALE })).toEqual({
      requeued: 0,
      failed: 0,
      refunded: 0,
    });
    expect(await usage()).toBe(2);

    // The live one goes quiet too: the next sweep takes it.
    t.clock.advance(14 * MINUTE);
    expect(await sweepStaleGenerations(t.deps, { staleAfterMs: STALE })).toEqual({
      requeued: 0,
      failed: 1,
      refunded: 1,
    });
    expect(await usage()).toBe(1);
  });

  it('refunds each generation exactly once when several instances sweep at the same time', async () => {
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await generation('running', 30 * MINUTE, true));
    await setUsage(12);
    const sweeps = await Promise.all(
      Array.from({ length: 6 }, () => sweepStaleGenerations(t.deps, { staleAfterMs: STALE })),
    );
    expect(sweeps.reduce((n, s) => n + s.failed, 0)).toBe(12);
    expect(sweeps.reduce((n, s) => n + s.refunded, 0)).toBe(12);
    expect(await usage()).toBe(0);
    const statuses = await t.db
      .selectFrom('quiz_generations')
      .select('status')
      .where('id', 'in', ids)
      .execute();
    expect(statuses.every((s) => s.status === 'failed')).toBe(true);
  });

  it('goes through more stale rows than one batch', async () => {
    const rows = Array.from({ length: 450 }, () => ({
      id: randomUUID(),
      user_id: userId,
      material_id: materialId,
      status: 'running' as const,
      stage: 'queued',
      created_at: ago(2 * STALE),
      updated_at: ago(2 * STALE),
    }));
    for (let i = 0; i < rows.length; i += 150) {
      await t.db
        .insertInto('quiz_generations')
        .values(rows.slice(i, i + 150))
        .execute();
    }
    expect(await sweepStaleGenerations(t.deps, { staleAfterMs: STALE })).toEqual({
      requeued: 0,
      failed: 450,
      refunded: 0,
    });
    const running = await t.db
      .selectFrom('quiz_generations')
      .select('id')
      .where('status', '=', 'running')
      .execute();
    expect(running).toEqual([]);
  });

  async function startHeld() {
    const held = heldGenerator();
    Object.assign(t.deps, { quizGenerator: held.generator });
    const generationId = randomUUID();
    const answer = t.call(
      'POST',
      '/api/v1/quiz/generate',
      { materialId, questionCount: 5, language: 'en-US', generationId },
      { token },
    );
    // Running, with its free quiz reserved.
    for (let i = 0; i < 300 && (await usage()) !== 1; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    return { open: held.openAll, generationId, answer };
  }

  it('leaves a live generation alone: its heartbeat keeps the row fresh', async () => {
    t.config.generationStaleMs = 1000; // the heartbeat beats every 400 ms
    const run = await startHeld();
    expect(await usage()).toBe(1);
    // The threshold passes many times over with the work still going on.
    t.clock.set(new Date(t.clock.now().getTime() + 20 * MINUTE));
    await new Promise((r) => setTimeout(r, 900));
    const swept = await sweepStaleGenerations(t.deps, { staleAfterMs: 1000 });
    expect(swept).toEqual({ requeued: 0, failed: 0, refunded: 0 });
    run.open();
    expect((await run.answer).status).toBe(201);
    expect((await shown(run.generationId)).status).toBe('succeeded');
    expect(await usage()).toBe(1);
  });

  it('keeps no quiz and refunds once when a sweep failed the generation before it finished', async () => {
    t.config.generationStaleMs = 24 * 60 * MINUTE; // no heartbeat within this test
    const run = await startHeld();
    expect(await usage()).toBe(1);
    // A sweep on another instance took it for dead (its server looked gone) and refunded.
    await t.db
      .updateTable('quiz_generations')
      .set({ updated_at: ago(STALE + MINUTE) })
      .where('id', '=', run.generationId)
      .execute();
    expect(await sweepStaleGenerations(t.deps, { staleAfterMs: STALE })).toEqual({
      requeued: 0,
      failed: 1,
      refunded: 1,
    });
    run.open();
    const res = await run.answer;
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('GENERATION_FAILED');
    expect(await usage()).toBe(0);
    const quizzes = await t.call('GET', `/api/v1/quiz/material/${materialId}`, undefined, {
      token,
    });
    expect(quizzes.body.data).toEqual([]);
  });
});
