import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { corpusFile, upload } from '../support/multipart.js';
import type { GenerationStatus } from '../../api/db/schema.js';

/*
 * Issue 19, item 10: a generation whose server stopped (PostgreSQL: another instance sweeps it
 * after GENERATION_STALE_SECONDS) used to hold the learner at the free limit in silence. It is
 * shown as `resuming` with its real stage, and the learner can cancel it at once: the free
 * quiz comes back, exactly once.
 */

const MINUTE = 60_000;
const column = corpusFile('md/en_audrey_tang_2025_ai_safety_column.md');

describe.each(databases)('a generation left by a stopped server on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  let materialId: string;
  beforeEach(async () => {
    // Two minutes without a heartbeat: stale (the default).
    t = await createTestApp({ dialect, env: { GENERATION_STALE_SECONDS: '120' } });
    ({
      token,
      user: { id: userId },
    } = await registerVerifiedUser(t, { email: 'learner@example.com', password: 'Study2026' }));
    materialId = (await upload(t, token, [column])).body.data.id;
  });
  afterEach(async () => t?.close());

  const ago = (ms: number) => new Date(t.clock.now().getTime() - ms).toISOString();
  async function generation(status: GenerationStatus, updatedMsAgo: number, attempts = 1) {
    const id = randomUUID();
    await t.db
      .insertInto('quiz_generations')
      .values({
        id,
        user_id: userId,
        material_id: materialId,
        status,
        stage: 'writing',
        progress: 40,
        quota_reserved: 1,
        claimed_by: status === 'running' ? 'instance-that-died' : null,
        attempts,
        created_at: ago(updatedMsAgo + MINUTE),
        updated_at: ago(updatedMsAgo),
      })
      .execute();
    return id;
  }
  const usage = async () =>
    (
      await t.db
        .selectFrom('users')
        .select('free_usage_count')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).free_usage_count;
  const setUsage = (n: number) =>
    t.db.updateTable('users').set({ free_usage_count: n }).where('id', '=', userId).execute();
  const shown = async (id: string) =>
    (await t.call('GET', `/api/v1/quiz/generations/${id}`, undefined, { token })).body.data;

  it('shows it as resuming with its stage, and a cancel ends it at once with the quiz given back', async () => {
    const stopped = await generation('running', 3 * MINUTE);
    const requeued = await generation('queued', 10_000);
    const alive = await generation('running', 10_000);
    await setUsage(3);

    expect(await shown(stopped)).toMatchObject({
      status: 'running',
      stage: 'writing',
      progress: 40,
      resuming: true,
    });
    expect(await shown(requeued)).toMatchObject({ status: 'running', resuming: true });
    expect(await shown(alive)).toMatchObject({ status: 'running', resuming: false });

    const cancelled = await t.call(
      'POST',
      `/api/v1/quiz/generations/${stopped}/cancel`,
      undefined,
      { token },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      errorCode: 'GENERATION_CANCELLED',
      resuming: false,
    });
    expect(await usage()).toBe(2);
    // Again: nothing more is given back.
    await t.call('POST', `/api/v1/quiz/generations/${stopped}/cancel`, undefined, { token });
    expect(await usage()).toBe(2);

    // A queued one (after its server stopped) is ended at once too.
    const second = await t.call('POST', `/api/v1/quiz/generations/${requeued}/cancel`, undefined, {
      token,
    });
    expect(second.body.data.status).toBe('cancelled');
    expect(await usage()).toBe(1);
  });

  it('leaves a generation with a live heartbeat to its runner (asked, not ended here)', async () => {
    const alive = await generation('running', 10_000);
    await setUsage(1);
    const before = await t.db
      .selectFrom('quiz_generations')
      .select('updated_at')
      .where('id', '=', alive)
      .executeTakeFirstOrThrow();
    // Its runner (another instance, alive) sees the request and ends it; here it stays running.
    const asked = await t.call('POST', `/api/v1/quiz/generations/${alive}/cancel`, undefined, {
      token,
    });
    expect(asked.body.data).toMatchObject({ status: 'running', resuming: false });
    const row = await t.db
      .selectFrom('quiz_generations')
      .select(['cancel_requested', 'updated_at'])
      .where('id', '=', alive)
      .executeTakeFirstOrThrow();
    // The request is recorded, and it is no heartbeat: staleness still tells a stopped server.
    expect(row).toEqual({ cancel_requested: 1, updated_at: before.updated_at });
    expect(await usage()).toBe(1);
  });
});
