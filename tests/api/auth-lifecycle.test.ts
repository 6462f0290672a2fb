import { afterEach, describe, expect, it } from 'vitest';
import { errorCatalog } from '../../api/lib/error-catalog.js';
import { createTestApp, databases, linkIn, type TestApp } from '../support/test-app.js';

const PASSWORD = 'Study2026';

/** The path and query of an absolute link, as the app sees the request. */
const pathOf = (link: string) => {
  const u = new URL(link);
  return u.pathname + u.search;
};

/** The `error` parameter of a /login?verified=false redirect, decoded. */
const redirectError = (location: string | null) =>
  new URL(location ?? '', 'http://x').searchParams.get('error');

describe.each(databases)('account life cycle on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('register → verify from the mail link → login → profile with every field of the spec', async () => {
    t = await createTestApp({ dialect });
    const reg = await t.call('POST', '/api/v1/auth/register', {
      email: 'Mei.Lin@Example.com',
      password: PASSWORD,
      locale: 'zh-TW',
    });
    expect(reg.status).toBe(201);
    expect(reg.body.success).toBe(true);
    expect(reg.body.user).toMatchObject({ email: 'mei.lin@example.com', email_verified: false });

    // Not verified yet: the password is right, but the door stays shut with a way to resend.
    const early = await t.call('POST', '/api/v1/auth/login', {
      email: 'mei.lin@example.com',
      password: PASSWORD,
    });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', canResend: true });
    expect(early.body.messageI18n['zh-TW']).toBe(errorCatalog.EMAIL_NOT_VERIFIED['zh-TW']);
    expect(early.body.token).toBeUndefined();

    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.last('mei.lin@example.com');
    expect(mail?.subject).toBe('Mnemo｜請驗證您的電子郵件');
    expect(mail?.text).toContain('驗證電子郵件');
    const link = linkIn(mail, '/api/v1/auth/verify-email?token=');
    expect(link.startsWith('http://mnemo.test/')).toBe(true);

    const verified = await t.app.request(pathOf(link));
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/login?verified=true');

    const login = await t.call('POST', '/api/v1/auth/login', {
      email: 'MEI.LIN@example.com',
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(typeof login.body.token).toBe('string');
    expect(login.body.user).toMatchObject({ email: 'mei.lin@example.com', email_verified: true });

    const profile = await t.call('GET', '/api/v1/user/profile', undefined, {
      token: login.body.token,
    });
    expect(profile.status).toBe(200);
    // The user once, under data (issue 21 item 2): no copy of its fields beside it.
    expect(Object.keys(profile.body).sort()).toEqual(['data', 'success']);
    expect(profile.body.data).toMatchObject({
      id: reg.body.user.id,
      email: 'mei.lin@example.com',
      name: 'mei.lin',
      account_type: 'free',
      subscription_status: 'inactive',
      email_verified: true,
      free_usage_count: 0,
      free_quiz_limitation: 3,
    });
    expect(profile.body.data.password_hash).toBeUndefined();
    expect(profile.body.data.token_version).toBeUndefined();
  });

  it('sends the verification mail in English to an English learner, with the given name', async () => {
    t = await createTestApp({ dialect });
    const reg = await t.call('POST', '/api/v1/auth/register', {
      email: 'sam@example.com',
      password: PASSWORD,
      name: 'Sam Chen',
      locale: 'en',
    });
    expect(reg.status).toBe(201);
    const mail = t.mailer.last('sam@example.com');
    expect(mail?.subject).toBe('Mnemo: please verify your email');
    expect(mail?.text).toContain('Hi Sam Chen,');
    expect(mail?.text).not.toMatch(/[\u4e00-\u9fff]/);
    linkIn(mail, '/api/v1/auth/verify-email?token=');
  });

  it('takes the mail language from Accept-Language when the body names none', async () => {
    t = await createTestApp({ dialect });
    await t.call(
      'POST',
      '/api/v1/auth/register',
      { email: 'yu@example.com', password: PASSWORD },
      { headers: { 'accept-language': 'zh-TW,zh;q=0.9' } },
    );
    expect(t.mailer.last('yu@example.com')?.subject).toBe('Mnemo｜請驗證您的電子郵件');
  });

  it('answers a verification link opened again after it worked with "already verified, log in"', async () => {
    t = await createTestApp({ dialect });
    await t.call('POST', '/api/v1/auth/register', { email: 'a@example.com', password: PASSWORD });
    const link = linkIn(t.mailer.last(), 'verify-email');
    const path = pathOf(link);
    expect((await t.app.request(path)).headers.get('location')).toBe('/login?verified=true');

    // The second click (or the same link on another device) is not "invalid": the learner is
    // told the address is verified and to log in.
    const again = await t.app.request(path, { headers: { 'accept-language': 'en' } });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/login?verified=already');

    const token = new URL(link).searchParams.get('token');
    const post = await t.call(
      'POST',
      '/api/v1/auth/verify-email',
      { token },
      { headers: { 'accept-language': 'zh-TW' } },
    );
    expect(post.status).toBe(409);
    expect(post.body.code).toBe('EMAIL_ALREADY_VERIFIED');
    expect(JSON.stringify(post.body)).toContain(errorCatalog.EMAIL_ALREADY_VERIFIED['zh-TW']);
  });

  it('refuses a made-up verification token', async () => {
    t = await createTestApp({ dialect });
    const res = await t.app.request('/api/v1/auth/verify-email?token=not-a-real-token');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/login\?verified=false&error=/);
    const post = await t.call('POST', '/api/v1/auth/verify-email', { token: 'not-a-real-token' });
    expect(post.status).toBe(400);
    expect(post.body.code).toBe('VERIFY_TOKEN_INVALID');
  });

  it('refuses a verification link after 24 hours, and the account stays unverified', async () => {
    t = await createTestApp({ dialect });
    await t.call('POST', '/api/v1/auth/register', { email: 'b@example.com', password: PASSWORD });
    const link = linkIn(t.mailer.last(), 'verify-email');
    const token = new URL(link).searchParams.get('token');
    t.clock.advance(25 * 60 * 60 * 1000);

    // No Accept-Language (a mail client opening the link): the default language, zh-TW.
    const res = await t.app.request(pathOf(link));
    expect(res.status).toBe(302);
    expect(redirectError(res.headers.get('location'))).toBe(
      errorCatalog.VERIFY_TOKEN_EXPIRED['zh-TW'],
    );
    const post = await t.call('POST', '/api/v1/auth/verify-email', { token });
    expect(post.status).toBe(400);
    expect(post.body.code).toBe('VERIFY_TOKEN_EXPIRED');

    const login = await t.call('POST', '/api/v1/auth/login', {
      email: 'b@example.com',
      password: PASSWORD,
    });
    expect(login.body.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('verifies with POST {token} too, once', async () => {
    t = await createTestApp({ dialect });
    await t.call('POST', '/api/v1/auth/register', { email: 'c@example.com', password: PASSWORD });
    const token = new URL(linkIn(t.mailer.last(), 'verify-email')).searchParams.get('token');
    t.clock.advance(23 * 60 * 60 * 1000);

    const first = await t.call('POST', '/api/v1/auth/verify-email', { token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: expect.any(String) });
    expect(first.body.messageI18n).toEqual({ 'zh-TW': expect.any(String), en: first.body.message });

    const second = await t.call('POST', '/api/v1/auth/verify-email', { token });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('EMAIL_ALREADY_VERIFIED');

    const login = await t.call('POST', '/api/v1/auth/login', {
      email: 'c@example.com',
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
  });

  it('a resent verification link replaces the first one', async () => {
    t = await createTestApp({ dialect });
    await t.call('POST', '/api/v1/auth/register', { email: 'd@example.com', password: PASSWORD });
    const first = pathOf(linkIn(t.mailer.last(), 'verify-email'));
    const resend = await t.call('POST', '/api/v1/auth/resend-verification', {
      email: 'd@example.com',
    });
    expect(resend.status).toBe(200);
    expect(t.mailer.sent).toHaveLength(2);
    const second = pathOf(linkIn(t.mailer.last(), 'verify-email'));
    expect(second).not.toBe(first);

    const stale = await t.app.request(first, { headers: { 'accept-language': 'en' } });
    expect(redirectError(stale.headers.get('location'))).toBe(errorCatalog.VERIFY_TOKEN_INVALID.en);
    expect((await t.app.request(second)).headers.get('location')).toBe('/login?verified=true');
  });

  it('answers a second sign-up for an address as for a new one, makes no account and mails the owner', async () => {
    t = await createTestApp({ dialect });
    const first = await t.call('POST', '/api/v1/auth/register', {
      email: 'dup@example.com',
      password: PASSWORD,
      locale: 'en',
    });
    expect(first.status).toBe(201);
    const fresh = await t.call('POST', '/api/v1/auth/register', {
      email: 'new@example.com',
      password: 'Another123',
    });

    // Whatever its case: the same address. The answer has the shape and words of a new
    // account's; only what differs for every account (id, e-mail, dates) differs.
    const dup = await t.call('POST', '/api/v1/auth/register', {
      email: ' DUP@Example.com ',
      password: 'Another123',
    });
    const shape = (res: typeof dup) => {
      const { requestId: _r, user, ...rest } = res.body;
      const { id: _i, email: _e, name: _n, created_at: _c, ...fields } = user;
      return { status: res.status, rest, fields, keys: Object.keys(user).sort() };
    };
    expect(shape(dup)).toEqual(shape(fresh));
    expect(dup.body.user.id).not.toBe(first.body.user.id);
    expect(dup.body.user.email).toBe('dup@example.com');

    expect(await t.db.selectFrom('users').select('email').orderBy('email').execute()).toEqual([
      { email: 'dup@example.com' },
      { email: 'new@example.com' },
    ]);
    const mail = t.mailer.last('dup@example.com')!;
    expect(mail.subject).toBe('Mnemo: you already have an account');
    expect(mail.text).toContain('http://mnemo.test/login');
    // The owner's password is what it was.
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'dup@example.com')
      .executeTakeFirstOrThrow();
    const second = await t.call('POST', '/api/v1/auth/register', {
      email: 'dup@example.com',
      password: PASSWORD,
    });
    expect(second.status).toBe(201);
    expect(
      (
        await t.db
          .selectFrom('users')
          .select('password_hash')
          .where('email', '=', 'dup@example.com')
          .executeTakeFirstOrThrow()
      ).password_hash,
    ).toBe(row.password_hash);
  });

  it.each(['short1A', 'onlyletters', '12345678', 'has space 1', 'пароль123'])(
    'refuses the weak password %j with PASSWORD_WEAK and creates nothing',
    async (password) => {
      t = await createTestApp({ dialect });
      const res = await t.call('POST', '/api/v1/auth/register', {
        email: 'weak@example.com',
        password,
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('PASSWORD_WEAK');
      expect(res.body.messageI18n.en).toBe(
        'Password must be at least 8 characters with both letters and numbers',
      );
      expect(t.mailer.sent).toHaveLength(0);
      const retry = await t.call('POST', '/api/v1/auth/register', {
        email: 'weak@example.com',
        password: PASSWORD,
      });
      expect(retry.status).toBe(201);
    },
  );

  it.each(['not-an-email', 'a@b', '@example.com', 'a b@example.com', ''])(
    'refuses the e-mail %j with EMAIL_INVALID',
    async (email) => {
      t = await createTestApp({ dialect });
      const res = await t.call('POST', '/api/v1/auth/register', { email, password: PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('EMAIL_INVALID');
      expect(res.body.messageI18n['zh-TW']).toBe('電子郵件格式不正確');
      expect(t.mailer.sent).toHaveLength(0);
    },
  );
});
