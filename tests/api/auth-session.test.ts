import { afterEach, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { errorCatalog } from '../../api/lib/error-catalog.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';

const PASSWORD = 'Study2026';
const HOUR = 60 * 60 * 1000;

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const partsOf = (token: string) => token.split('.') as [string, string, string];
const decode = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

describe.each(databases)('session tokens on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function expectUnauthorized(token?: string, headers?: Record<string, string>) {
    const res = await t.call('GET', '/api/v1/user/profile', undefined, { token, headers });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      success: false,
      code: 'UNAUTHORIZED',
      message: errorCatalog.UNAUTHORIZED.en,
      messageI18n: {
        'zh-TW': errorCatalog.UNAUTHORIZED['zh-TW'],
        en: errorCatalog.UNAUTHORIZED.en,
      },
    });
    expect(res.body.email).toBeUndefined();
  }

  it('works for just under 2 hours and is refused after', async () => {
    t = await createTestApp({ dialect });
    const { token } = await registerVerifiedUser(t, {
      email: 'clock@example.com',
      password: PASSWORD,
    });
    const claims = decode(partsOf(token)[1]);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(2 * 60 * 60);

    t.clock.advance(2 * HOUR - 60_000);
    const still = await t.call('GET', '/api/v1/user/profile', undefined, { token });
    expect(still.status).toBe(200);
    expect(still.body.data.email).toBe('clock@example.com');

    t.clock.advance(61_000);
    await expectUnauthorized(token);
  });

  it('refuses a token whose payload was changed to another user', async () => {
    t = await createTestApp({ dialect });
    const alice = await registerVerifiedUser(t, { email: 'alice@example.com', password: PASSWORD });
    const bob = await registerVerifiedUser(t, { email: 'bob@example.com', password: PASSWORD });
    const [header, payload, signature] = partsOf(alice.token);
    const forged = b64url({ ...decode(payload), sub: bob.user.id, email: 'bob@example.com' });
    await expectUnauthorized(`${header}.${forged}.${signature}`);
    // The untouched token still works, so the refusal above is about the change.
    const ok = await t.call('GET', '/api/v1/user/profile', undefined, { token: alice.token });
    expect(ok.body.data.id).toBe(alice.user.id);
  });

  it('refuses a token with a flipped signature byte', async () => {
    t = await createTestApp({ dialect });
    const { token } = await registerVerifiedUser(t, {
      email: 'sig@example.com',
      password: PASSWORD,
    });
    const [header, payload, signature] = partsOf(token);
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    await expectUnauthorized(`${header}.${payload}.${flipped}`);
  });

  it('refuses an unsigned alg=none token carrying valid claims', async () => {
    t = await createTestApp({ dialect });
    const { token } = await registerVerifiedUser(t, {
      email: 'none@example.com',
      password: PASSWORD,
    });
    const payload = decode(partsOf(token)[1]);
    await expectUnauthorized(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.`);
  });

  it('refuses a well-formed token signed with another secret', async () => {
    t = await createTestApp({ dialect });
    const { token } = await registerVerifiedUser(t, {
      email: 'other@example.com',
      password: PASSWORD,
    });
    const claims = decode(partsOf(token)[1]);
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('some-other-secret-that-is-also-long-enough-000'));
    await expectUnauthorized(foreign);
  });

  it('refuses a request without a bearer token, or with another scheme or garbage', async () => {
    t = await createTestApp({ dialect });
    await expectUnauthorized();
    await expectUnauthorized(undefined, { authorization: 'Basic dXNlcjpwYXNz' });
    await expectUnauthorized('not.a.jwt');
    await expectUnauthorized('');
  });

  it('answers 401 in zh-TW when the client asks for it', async () => {
    t = await createTestApp({ dialect });
    const res = await t.call('GET', '/api/v1/user/profile', undefined, {
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('登入已過期，請重新登入。');
  });
});
