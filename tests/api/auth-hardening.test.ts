import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { loggedMailer, type Mailer, type MailMessage } from '../../api/mail/mailer.js';
import { mailsSettled } from '../../api/mail/after-answer.js';
import { registerUser, registerVerifiedUser } from '../support/accounts.js';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';

/*
 * Issue 19, item 7 (accounts): addresses normalised and refused with invisible characters,
 * forgot-password answering before its mail, failed sends logged with their reason, and a
 * server-side logout that kills every token issued before it.
 */

const PASSWORD = 'Study2026';

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

/** A mailer that holds every message until released. */
function gatedMailer() {
  const sent: MailMessage[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const mailer: Mailer = {
    async send(m) {
      await gate;
      sent.push(m);
    },
  };
  return { mailer, sent, release: () => open() };
}

describe.each(databases)('account hardening on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const json = async (app: ReturnType<typeof createApp>, path: string, body: unknown) => {
    const res = await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('normalises addresses (NFC, case) and refuses control or invisible characters everywhere', async () => {
    t = await createTestApp({ dialect });
    // Decomposed é (e + U+0301) and upper case: stored as the composed, lower-case address.
    const reg = await t.call('POST', '/api/v1/auth/register', {
      email: 'Jose\u0301@EXAMPLE.com',
      password: PASSWORD,
    });
    expect(reg.status).toBe(201);
    expect(reg.body.user.email).toBe('jos\u00e9@example.com');
    await t.app.request(
      new URL(t.mailer.last('jos\u00e9@example.com')!.links![0]!).pathname +
        new URL(t.mailer.last('jos\u00e9@example.com')!.links![0]!).search,
    );
    const login = await t.call('POST', '/api/v1/auth/login', {
      email: 'JOS\u00c9@example.COM',
      password: PASSWORD,
    });
    expect(login.status).toBe(200);

    for (const bad of [
      'chen\u200b@example.com', // zero-width space
      'chen@exa\u00admple.com', // soft hyphen
      '\u202echen@example.com', // right-to-left override
      'chen\u0007@example.com', // BEL
      'chen@example.com\u2028', // line separator
      '\ufeffchen@example.com', // BOM
    ]) {
      for (const [path, body] of [
        ['/api/v1/auth/register', { email: bad, password: PASSWORD }],
        ['/api/v1/auth/login', { email: bad, password: PASSWORD }],
        ['/api/v1/auth/forgot-password', { email: bad }],
        ['/api/v1/auth/resend-verification', { email: bad }],
      ] as const) {
        const res = await t.call('POST', path, body);
        expect(res.status, `${path} ${JSON.stringify(bad)}`).toBe(400);
        expect(res.body).toMatchObject({
          code: 'EMAIL_INVALID',
          messageI18n: { en: 'Invalid email address', 'zh-TW': '電子郵件格式不正確' },
        });
      }
    }
    expect(await t.db.selectFrom('users').select('email').execute()).toEqual([
      { email: 'jos\u00e9@example.com' },
    ]);
    // Blanks around an address are only trimmed.
    const spaced = await t.call('POST', '/api/v1/auth/forgot-password', {
      email: '  jos\u00e9@example.com\n',
    });
    expect(spaced.status).toBe(200);
  });

  it('forgot-password answers before its mail is made or sent, and alike for unknown addresses', async () => {
    t = await createTestApp({ dialect });
    await registerUser(t, { email: 'known@example.com', password: PASSWORD, verified: true });
    const gated = gatedMailer();
    const app = createApp({ ...t.deps, mailer: gated.mailer });

    // The mail cannot go out until released: the known address is answered all the same.
    const known = await json(app, '/api/v1/auth/forgot-password', { email: 'known@example.com' });
    const unknown = await json(app, '/api/v1/auth/forgot-password', { email: 'ghost@example.com' });
    expect(known.status).toBe(200);
    const { requestId: _a, ...k } = known.body;
    const { requestId: _b, ...u } = unknown.body;
    expect(u).toEqual(k);
    expect(gated.sent).toEqual([]);
    gated.release();
    await mailsSettled(gated.mailer);
    expect(gated.sent.map((m) => m.to)).toEqual(['known@example.com']);
    expect(gated.sent[0]!.text).toContain('/reset-password?token=');
  });

  it('logs a failed send with its reason; the learner still gets the same answer', async () => {
    t = await createTestApp({ dialect });
    await registerUser(t, { email: 'known@example.com', password: PASSWORD, verified: true });
    const { logger, lines } = capturingLogger();
    const refusing: Mailer = {
      async send() {
        throw Object.assign(new Error('Message failed: 550 5.1.1 Mailbox unavailable'), {
          code: 'EENVELOPE',
          response: '550 5.1.1 Mailbox unavailable',
        });
      },
    };
    const mailer = loggedMailer(refusing, logger);
    const app = createApp({ ...t.deps, mailer, logger });
    const res = await json(app, '/api/v1/auth/forgot-password', { email: 'known@example.com' });
    expect(res.status).toBe(200);
    await mailsSettled(mailer);
    const failed = lines.find((l) => l.msg === 'mail send failed');
    expect(failed).toMatchObject({
      reason: '550 5.1.1 Mailbox unavailable',
      subject: 'Mnemo: reset your password',
      toDomain: 'example.com',
    });
    expect(JSON.stringify(failed)).not.toContain('known@example.com');
    expect(lines.find((l) => l.msg === 'mail not sent')).toMatchObject({
      reason: '550 5.1.1 Mailbox unavailable',
      mail: 'password reset',
    });
    // No token or link in any line.
    expect(JSON.stringify(lines)).not.toContain('reset-password?token=');
  });

  it('logout on the server refuses every token issued before it, on every device', async () => {
    t = await createTestApp({ dialect });
    const account = { email: 'learner@example.com', password: PASSWORD };
    const { token: phone } = await registerVerifiedUser(t, account);
    const laptop = (await t.call('POST', '/api/v1/auth/login', account)).body.token as string;
    const profile = (token: string) => t.call('GET', '/api/v1/user/profile', undefined, { token });
    expect((await profile(phone)).status).toBe(200);
    expect((await profile(laptop)).status).toBe(200);

    const out = await t.call('POST', '/api/v1/auth/logout', undefined, { token: phone });
    expect(out).toMatchObject({ status: 200, body: { success: true } });
    for (const stolen of [phone, laptop]) {
      const res = await profile(stolen);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
    expect((await t.call('POST', '/api/v1/auth/logout', undefined, { token: phone })).status).toBe(
      401,
    );
    expect((await t.call('POST', '/api/v1/auth/logout')).status).toBe(401);
    // Signing in again works.
    const again = (await t.call('POST', '/api/v1/auth/login', account)).body.token as string;
    expect((await profile(again)).status).toBe(200);
  });
});
