import { afterEach, describe, expect, it } from 'vitest';
import { errorCatalog } from '../../api/lib/error-catalog.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { createTestApp, databases, linkIn, type TestApp } from '../support/test-app.js';

const OLD = 'Study2026';
const NEW = 'Fresh2027';
const MINUTE = 60 * 1000;

/** Asks for a reset link and returns the token from the mailed /reset-password?token= link. */
async function forgot(t: TestApp, email: string) {
  const res = await t.call('POST', '/api/v1/auth/forgot-password', { email });
  expect(res.status).toBe(200);
  const link = new URL(linkIn(t.mailer.last(email), '/reset-password?token='));
  expect(link.origin + link.pathname).toBe('http://mnemo.test/reset-password');
  return link.searchParams.get('token')!;
}

const validate = (t: TestApp, token: string) =>
  t.call('GET', `/api/v1/auth/reset-password/${encodeURIComponent(token)}/validate`);

const reset = (t: TestApp, token: string, newPassword = NEW) =>
  t.call('POST', '/api/v1/auth/reset-password', { token, newPassword });

const login = (t: TestApp, email: string, password: string) =>
  t.call('POST', '/api/v1/auth/login', { email, password });

describe.each(databases)('forgot and reset password on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('mails a reset link in the learner language, validates it, and resets with the click token', async () => {
    t = await createTestApp({ dialect });
    const { token: before } = await registerVerifiedUser(t, {
      email: 'lin@example.com',
      password: OLD,
      locale: 'zh-TW',
    });
    const token = await forgot(t, 'lin@example.com');
    expect(t.mailer.last('lin@example.com')?.subject).toBe('Mnemo｜重設您的密碼');

    const first = await validate(t, token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ valid: true, alreadyClicked: false });
    const click = first.body.clickValidatedToken as string;
    expect(click).toEqual(expect.any(String));
    expect(click).not.toBe(token);

    // A reload of the page checks the link again: still valid, now known as clicked.
    const second = await validate(t, token);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ valid: true, alreadyClicked: true });
    expect(second.body.clickValidatedToken).toBe(click);

    // The page kept the token of its first check; it must still do the job.
    const done = await reset(t, click);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      success: true,
      message: 'Your password has been reset successfully. Please login with your new password.',
    });

    expect((await login(t, 'lin@example.com', OLD)).body.code).toBe('INVALID_CREDENTIALS');
    const fresh = await login(t, 'lin@example.com', NEW);
    expect(fresh.status).toBe(200);

    // Sessions from before the reset end (token_version); the new one works.
    const old = await t.call('GET', '/api/v1/user/profile', undefined, { token: before });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('UNAUTHORIZED');
    const now = await t.call('GET', '/api/v1/user/profile', undefined, {
      token: fresh.body.token,
    });
    expect(now.status).toBe(200);
  });

  it('resets with the token from the URL when the page kept none', async () => {
    t = await createTestApp({ dialect });
    await registerVerifiedUser(t, { email: 'url@example.com', password: OLD });
    const token = await forgot(t, 'url@example.com');
    expect((await reset(t, token)).status).toBe(200);
    expect((await login(t, 'url@example.com', NEW)).status).toBe(200);
  });

  it.each(['link', 'click'] as const)(
    'refuses a second reset with the same token, whichever was used first (%s)',
    async (used) => {
      t = await createTestApp({ dialect });
      await registerVerifiedUser(t, { email: 'once@example.com', password: OLD });
      const token = await forgot(t, 'once@example.com');
      const click = (await validate(t, token)).body.clickValidatedToken as string;
      expect((await reset(t, used === 'link' ? token : click)).status).toBe(200);

      for (const reused of [token, click]) {
        const again = await reset(t, reused, 'Attacker99');
        expect(again.status).toBe(400);
        expect(again.body).toMatchObject({
          code: 'RESET_TOKEN_INVALID',
          message: errorCatalog.RESET_TOKEN_INVALID.en,
        });
        expect(again.body.messageI18n['zh-TW']).toBe(errorCatalog.RESET_TOKEN_INVALID['zh-TW']);
        const check = await validate(t, reused);
        expect(check.status).toBe(400);
        expect(check.body).toMatchObject({ code: 'RESET_TOKEN_INVALID', valid: false });
      }
      expect((await login(t, 'once@example.com', NEW)).status).toBe(200);
      expect((await login(t, 'once@example.com', 'Attacker99')).status).toBe(401);
    },
  );

  it('a newer reset link retires the older one, even one already checked', async () => {
    t = await createTestApp({ dialect });
    await registerVerifiedUser(t, { email: 'twice@example.com', password: OLD });
    const older = await forgot(t, 'twice@example.com');
    const olderClick = (await validate(t, older)).body.clickValidatedToken as string;
    const newer = await forgot(t, 'twice@example.com');
    expect(newer).not.toBe(older);

    expect((await validate(t, older)).body.code).toBe('RESET_TOKEN_INVALID');
    expect((await reset(t, older)).body.code).toBe('RESET_TOKEN_INVALID');
    expect((await reset(t, olderClick)).body.code).toBe('RESET_TOKEN_INVALID');
    expect((await login(t, 'twice@example.com', OLD)).status).toBe(200);

    expect((await reset(t, newer)).status).toBe(200);
    expect((await login(t, 'twice@example.com', NEW)).status).toBe(200);
  });

  it('works for 59 minutes and is refused as expired after 61', async () => {
    t = await createTestApp({ dialect });
    await registerVerifiedUser(t, { email: 'late@example.com', password: OLD });
    const token = await forgot(t, 'late@example.com');
    t.clock.advance(59 * MINUTE);
    const click = (await validate(t, token)).body.clickValidatedToken as string;
    expect(click).toEqual(expect.any(String));

    t.clock.advance(2 * MINUTE);
    for (const expired of [token, click]) {
      const check = await validate(t, expired);
      expect(check.status).toBe(400);
      expect(check.body).toMatchObject({
        code: 'RESET_TOKEN_EXPIRED',
        valid: false,
        message: errorCatalog.RESET_TOKEN_EXPIRED.en,
      });
      const res = await reset(t, expired);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('RESET_TOKEN_EXPIRED');
    }
    expect((await login(t, 'late@example.com', OLD)).status).toBe(200);
  });

  it('refuses a weak new password without using up the link', async () => {
    t = await createTestApp({ dialect });
    await registerVerifiedUser(t, { email: 'weak@example.com', password: OLD });
    const token = await forgot(t, 'weak@example.com');
    const weak = await reset(t, token, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('PASSWORD_WEAK');
    expect((await reset(t, token)).status).toBe(200);
  });

  it('refuses a made-up token', async () => {
    t = await createTestApp({ dialect });
    const check = await validate(t, 'made-up-token');
    expect(check.status).toBe(400);
    expect(check.body).toMatchObject({ code: 'RESET_TOKEN_INVALID', valid: false });
    expect((await reset(t, 'made-up-token')).body.code).toBe('RESET_TOKEN_INVALID');
  });
});
