import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { corpusFile, upload } from '../support/multipart.js';

/*
 * Issue 19, item 2: every JSON route refuses a body over MAX_JSON_BODY_KB (1 MB) with 413
 * BODY_TOO_LARGE in the request's language — from the Content-Length, or while reading a body
 * sent without one, before authentication and rate limits. Uploads keep their own limits.
 */

const MB = 1024 * 1024;

/** A body of `total` bytes made as it is read, counting what the server pulled. */
function lazyBody(total: number) {
  let pulled = 0;
  const chunk = new TextEncoder().encode('{"password":"' + 'a'.repeat(64 * 1024 - 14));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

describe.each(databases)('request body limit on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ dialect });
  });
  afterEach(async () => t?.close());

  const big = (bytes: number) => ({ email: 'a@example.com', password: 'x'.repeat(bytes) });

  it('refuses a 2 MB login body with 413 and the translated message, before the rate limit', async () => {
    const res = await t.call('POST', '/api/v1/auth/login', big(2 * MB));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      code: 'BODY_TOO_LARGE',
      message: 'The request is too large (limit 1 MB).',
      messageI18n: { 'zh-TW': '送出的資料太大（上限 1 MB）。' },
    });
    const zh = await t.call('POST', '/api/v1/auth/login', big(2 * MB), {
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(zh.body.message).toBe('送出的資料太大（上限 1 MB）。');
    // Nothing counted against the address or the e-mail.
    const counted = await t.db.selectFrom('rate_limits').selectAll().execute();
    expect(counted).toHaveLength(0);
  });

  it('answers 413 before authentication', async () => {
    const res = await t.call('POST', '/api/v1/quiz/generate', { materialId: 'x'.repeat(2 * MB) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('BODY_TOO_LARGE');
  });

  it('stops reading a body sent without Content-Length at the limit', async () => {
    const body = lazyBody(100 * MB);
    const res = await t.app.request('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: body.stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('BODY_TOO_LARGE');
    expect(body.pulled()).toBeLessThan(2 * MB);
  });

  it('lets a body under the limit through, and uploads keep their own larger limit', async () => {
    const ok = await t.call('POST', '/api/v1/auth/login', big(900 * 1024));
    expect(ok.status).not.toBe(413);
    const { token } = await registerVerifiedUser(t, {
      email: 'big@example.com',
      password: 'Study2026',
    });
    const res = await upload(t, token, [corpusFile('md/en_audrey_tang_2025_ai_safety_column.md')]);
    expect(res.status).toBe(201);
  });

  it('MAX_JSON_BODY_KB sets the limit', async () => {
    const small = await createTestApp({ dialect, env: { MAX_JSON_BODY_KB: '4' } });
    try {
      const res = await small.call('POST', '/api/v1/auth/login', big(8 * 1024));
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('The request is too large (limit 4 KB).');
    } finally {
      await small.close();
    }
  });
});
