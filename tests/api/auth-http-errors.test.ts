import { afterEach, describe, expect, it } from 'vitest';
import { errorCatalog } from '../../api/lib/error-catalog.js';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';

describe.each(databases)('HTTP-level errors of the auth API on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it.each([
    ['GET', '/api/v1/does-not-exist'],
    ['POST', '/api/v1/auth/nope'],
    ['DELETE', '/api/v1/auth/login'],
    ['GET', '/api/v2/auth/login'],
  ])('%s %s is a JSON 404', async (method, path) => {
    t = await createTestApp({ dialect });
    const res = await t.call(method, path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: errorCatalog.NOT_FOUND.en,
      messageI18n: { 'zh-TW': errorCatalog.NOT_FOUND['zh-TW'], en: errorCatalog.NOT_FOUND.en },
      requestId: expect.any(String),
    });
  });

  it.each(['/api/v1/auth/login', '/api/v1/auth/register', '/api/v1/auth/forgot-password'])(
    'a body that is not JSON on %s is 400 INVALID_JSON, not a server error',
    async (path) => {
      t = await createTestApp({ dialect });
      const res = await t.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'zh-TW' },
        body: '{"email": "a@example.com", ',
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        success: false,
        code: 'INVALID_JSON',
        message: errorCatalog.INVALID_JSON['zh-TW'],
      });
    },
  );

  it('a JSON body of the wrong shape is 400 VALIDATION_FAILED naming the field', async () => {
    t = await createTestApp({ dialect });
    const res = await t.call('POST', '/api/v1/auth/login', { email: 'a@example.com' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.fields)).toEqual(['password']);
  });
});
