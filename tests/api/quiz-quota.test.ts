import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { corpusFile, upload } from '../support/multipart.js';
import { loadReplies, startOpenAiPeer, type OpenAiPeer } from '../support/openai-peer.js';

/*
 * The free quota under pressure: parallel requests, failures and cancellations. Only a quiz
 * the learner received is ever counted.
 */

const password = 'Study2026';
const column = corpusFile('../study-corpus/textbook/en_ims_ch01_data_hello.md');
const LIMIT_MESSAGE =
  "You've reached the free quiz generation limit. Please upgrade to a subscription for unlimited access.";

let t: TestApp | undefined;
let peer: OpenAiPeer | undefined;
afterEach(async () => {
  await t?.close();
  await peer?.close();
  t = undefined;
  peer = undefined;
});

async function learner(app: TestApp) {
  const { token, user } = await registerVerifiedUser(app, {
    email: `learner-${crypto.randomUUID()}@example.com`,
    password,
  });
  const res = await upload(app, token, [column], { title: 'AI safety' });
  expect(res.status).toBe(201);
  return { token, userId: user.id, materialId: res.body.data.id as string };
}

const usage = async (app: TestApp, token: string) =>
  (await app.call('GET', '/api/v1/user/profile', undefined, { token })).body.data
    .free_usage_count as number;

describe.each(databases)('free quota on %s', (dialect) => {
  it('gives a free learner firing 20 generations at once exactly 3 quizzes', async () => {
    t = await createTestApp({ dialect });
    const app = t;
    const { token, materialId } = await learner(app);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.call('POST', '/api/v1/quiz/generate', { materialId, questionCount: 5 }, { token }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(17);
    const refused = results.find((r) => r.status === 402)!;
    expect(refused.body).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: LIMIT_MESSAGE,
      freeUsageCount: 3,
      freeQuizLimitation: 3,
    });
    expect(await usage(app, token)).toBe(3);
    const list = await app.call('GET', `/api/v1/quiz/material/${materialId}`, undefined, {
      token,
    });
    expect(list.body.data).toHaveLength(3);

    // The 4th, later, is refused the same way; a premium account has no limit.
    const fourth = await app.call(
      'POST',
      '/api/v1/quiz/generate',
      { materialId, questionCount: 5 },
      { token, headers: { 'accept-language': 'zh-TW' } },
    );
    expect(fourth.status).toBe(402);
    expect(fourth.body.message).toBe('您已達到免費測驗產生次數上限，請升級訂閱以無限使用。');
    await app.db.updateTable('users').set({ account_type: 'premium' }).execute();
    const premium = await app.call(
      'POST',
      '/api/v1/quiz/generate',
      { materialId, questionCount: 5 },
      { token },
    );
    expect(premium.status).toBe(201);
    expect(await usage(app, token)).toBe(3);
  });

  it('scores five racing copies of one submission once', async () => {
    t = await createTestApp({ dialect });
    const app = t;
    const { token, materialId } = await learner(app);
    const gen = await app.call(
      'POST',
      '/api/v1/quiz/generate',
      { materialId, questionCount: 5 },
      { token },
    );
    const quiz = gen.body.data;
    const answers = [{ questionId: quiz.questions[0].id, optionId: 'a' }];
    const copies = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.call(
          'POST',
          `/api/v1/quiz/${quiz.quizId}/submit`,
          { answers, clientSubmissionId: 'offline-1' },
          { token },
        ),
      ),
    );
    expect(copies.map((c) => c.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(copies.map((c) => c.body.data.attemptId)).size).toBe(1);
    const report = await app.call('GET', `/api/v1/quiz/${quiz.quizId}/report`, undefined, {
      token,
    });
    expect(report.body.data.attemptCount).toBe(1);
  });

  it('does not spend quota on a generation that fails', async () => {
    peer = await startOpenAiPeer([{ status: 500, error: 'model down' }, { status: 500 }]);
    t = await createTestApp({
      dialect,
      env: {
        LLM_BASE_URL: peer.baseUrl,
        LLM_MODEL: 'quiz-model',
        LLM_API_KEY: 'test-key',
        LLM_FALLBACK_TO_BUILTIN: 'false',
      },
    });
    const { token, materialId } = await learner(t);
    const generationId = crypto.randomUUID();
    const res = await t.call(
      'POST',
      '/api/v1/quiz/generate',
      { materialId, questionCount: 5, language: 'en-US', generationId },
      { token },
    );
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('GENERATION_FAILED');
    expect(await usage(t, token)).toBe(0);
    const g = await t.call('GET', `/api/v1/quiz/generations/${generationId}`, undefined, {
      token,
    });
    expect(g.body.data).toMatchObject({ status: 'failed', errorCode: 'GENERATION_FAILED' });
  });

  it('cancels a running generation through to the model call and keeps the quota', async () => {
    // The model would answer only after 20 s; the learner cancels after it has started.
    peer = await startOpenAiPeer([{ ...loadReplies('en-happy')[0], delayMs: 20_000 }]);
    t = await createTestApp({
      dialect,
      env: { LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'quiz-model', LLM_API_KEY: 'test-key' },
    });
    const app = t;
    const { token, materialId } = await learner(app);
    const generationId = crypto.randomUUID();
    const started = performance.now();
    const pending = app.call(
      'POST',
      '/api/v1/quiz/generate',
      { materialId, questionCount: 5, language: 'en-US', generationId },
      { token },
    );
    // Wait until the request reached the model.
    while (peer.requests.length === 0) await new Promise((r) => setTimeout(r, 20));
    const running = await app.call('GET', `/api/v1/quiz/generations/${generationId}`, undefined, {
      token,
    });
    expect(running.body.data.status).toBe('running');
    expect(await usage(app, token)).toBe(1);

    const cancel = await app.call(
      'POST',
      `/api/v1/quiz/generations/${generationId}/cancel`,
      {},
      { token },
    );
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({
      status: 'cancelled',
      errorCode: 'GENERATION_CANCELLED',
    });
    const res = await pending;
    expect(res.status).toBe(499);
    expect(res.body.code).toBe('GENERATION_CANCELLED');
    expect(performance.now() - started).toBeLessThan(10_000);
    // The model call itself was abandoned, not left running.
    await new Promise((r) => setTimeout(r, 100));
    expect(peer.requests[0]!.aborted).toBe(true);
    expect(await usage(app, token)).toBe(0);
    const list = await app.call('GET', `/api/v1/quiz/material/${materialId}`, undefined, {
      token,
    });
    expect(list.body.data).toHaveLength(0);
  });

  it('cancels when the learner’s request goes away', async () => {
    peer = await startOpenAiPeer([{ ...loadReplies('en-happy')[0], delayMs: 20_000 }]);
    t = await createTestApp({
      dialect,
      env: { LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'quiz-model', LLM_API_KEY: 'test-key' },
    });
    const app = t;
    const { token, materialId } = await learner(app);
    const generationId = crypto.randomUUID();
    const controller = new AbortController();
    const pending = Promise.resolve(
      app.app.request('/api/v1/quiz/generate', {
        method: 'POST',
        signal: controller.signal,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ materialId, questionCount: 5, language: 'en-US', generationId }),
      }),
    ).catch(() => undefined);
    while (peer.requests.length === 0) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    await pending;
    for (let i = 0; i < 100; i++) {
      const g = await app.call('GET', `/api/v1/quiz/generations/${generationId}`, undefined, {
        token,
      });
      if (g.body.data.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const g = await app.call('GET', `/api/v1/quiz/generations/${generationId}`, undefined, {
      token,
    });
    expect(g.body.data.status).toBe('cancelled');
    expect(await usage(app, token)).toBe(0);
  });
});
