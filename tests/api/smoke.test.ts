import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';

describe.each(databases)('health on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('answers /healthz and JSON 404 for unknown API paths', async () => {
    t = await createTestApp({ dialect });
    expect((await t.call('GET', '/healthz')).status).toBe(200);
    const res = await t.call('GET', '/api/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect(res.body.requestId).toBeTruthy();
  });
});
