import { afterEach, describe, expect, it } from 'vitest';
import { registerUser } from '../support/accounts.js';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';

const PASSWORD = 'Study2026';

/** The answer without what differs on every request anyway. */
function comparable(res: { status: number; body: Record<string, unknown> }) {
  const { requestId: _requestId, ...body } = res.body;
  return { status: res.status, body };
}

describe.each(databases)('no account enumeration on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it.each(['en', 'zh-TW'])(
    'forgot-password answers alike for a known and an unknown e-mail (%s)',
    async (lang) => {
      t = await createTestApp({ dialect });
      await registerUser(t, { email: 'known@example.com', password: PASSWORD, verified: true });
      const mailsBefore = t.mailer.sent.length;
      const headers = { 'accept-language': lang };

      const known = await t.call(
        'POST',
        '/api/v1/auth/forgot-password',
        { email: 'known@example.com' },
        { headers },
      );
      const unknown = await t.call(
        'POST',
        '/api/v1/auth/forgot-password',
        { email: 'nobody@example.com' },
        { headers },
      );
      expect(known.status).toBe(200);
      expect(comparable(unknown)).toEqual(comparable(known));
      expect(known.body.message).toEqual(expect.any(String));
      expect(known.body.messageI18n).toEqual({
        'zh-TW': expect.any(String),
        en: expect.any(String),
      });
      // Only the real account got mail: the answers hide a difference that exists.
      expect(t.mailer.sent.slice(mailsBefore).map((m) => m.to)).toEqual(['known@example.com']);
    },
  );

  it('resend-verification answers alike for unverified, verified and unknown e-mails', async () => {
    t = await createTestApp({ dialect });
    await registerUser(t, { email: 'pending@example.com', password: PASSWORD, verified: false });
    await registerUser(t, { email: 'done@example.com', password: PASSWORD, verified: true });
    const mailsBefore = t.mailer.sent.length;

    const answers = [];
    for (const email of ['pending@example.com', 'done@example.com', 'ghost@example.com']) {
      answers.push(comparable(await t.call('POST', '/api/v1/auth/resend-verification', { email })));
    }
    expect(answers[0]!.status).toBe(200);
    expect(answers[0]!.body.message).toEqual(expect.any(String));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(t.mailer.sent.slice(mailsBefore).map((m) => m.to)).toEqual(['pending@example.com']);
  });

  it('login with an unknown e-mail and with a wrong password fail identically', async () => {
    t = await createTestApp({ dialect });
    await registerUser(t, { email: 'real@example.com', password: PASSWORD, verified: true });
    await registerUser(t, { email: 'unverified@example.com', password: PASSWORD, verified: false });

    const unknown = await t.call('POST', '/api/v1/auth/login', {
      email: 'fake@example.com',
      password: PASSWORD,
    });
    const wrong = await t.call('POST', '/api/v1/auth/login', {
      email: 'real@example.com',
      password: 'Wrong2026',
    });
    // Without the right password, an unverified account must not reveal itself either.
    const wrongUnverified = await t.call('POST', '/api/v1/auth/login', {
      email: 'unverified@example.com',
      password: 'Wrong2026',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      messageI18n: { 'zh-TW': '電子郵件或密碼錯誤', en: 'Incorrect email or password' },
    });
    expect(comparable(wrong)).toEqual(comparable(unknown));
    expect(comparable(wrongUnverified)).toEqual(comparable(unknown));
  });
});
