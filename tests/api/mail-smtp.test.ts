import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import { outboxMailer, smtpMailer } from '../../api/mail/mailer.js';
import { createLogger } from '../../api/lib/logger.js';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';

const PASSWORD = 'Study2026';
const FROM = 'Mnemo <no-reply@mnemo.test>';

interface Received {
  from: string | undefined;
  to: string[];
  raw: Buffer;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives; `refuse` makes it say 550. */
async function startSmtp() {
  const inbox: Received[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(
        state.refuse
          ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })
          : undefined,
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a parsed message's text part that contains `fragment`. */
function linkFrom(text: string | undefined, fragment: string) {
  const link = text?.match(/https?:\/\/\S+/g)?.find((l) => l.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in ${text ?? '(no text)'}`);
  return new URL(link);
}

describe.each(databases)('verification mail over real SMTP on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeEach(async () => {
    smtp = await startSmtp();
  });
  afterEach(async () => {
    await t?.close();
    await smtp.close();
  });

  it('delivers a zh-TW verification mail whose link verifies the account', async () => {
    t = await createTestApp({ dialect, mailer: smtpMailer(smtp.url, FROM) });
    const reg = await t.call('POST', '/api/v1/auth/register', {
      email: 'chen@example.com',
      password: PASSWORD,
      locale: 'zh-TW',
    });
    expect(reg.status).toBe(201);

    expect(smtp.inbox).toHaveLength(1);
    const { from, to, raw } = smtp.inbox[0]!;
    expect(from).toBe('no-reply@mnemo.test');
    expect(to).toEqual(['chen@example.com']);

    const mail = await PostalMime.parse(raw);
    expect(mail.subject).toBe('Mnemo｜請驗證您的電子郵件');
    expect(mail.from?.address).toBe('no-reply@mnemo.test');
    expect(mail.text).toContain('chen 您好：');
    const link = linkFrom(mail.text, '/api/v1/auth/verify-email?token=');
    expect(link.origin).toBe('http://mnemo.test');
    // The HTML part's button points at the same link.
    expect(mail.html).toContain(`href="${link.href}"`);

    const before = await t.call('POST', '/api/v1/auth/login', {
      email: 'chen@example.com',
      password: PASSWORD,
    });
    expect(before.body.code).toBe('EMAIL_NOT_VERIFIED');

    const followed = await t.app.request(link.pathname + link.search);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/login?verified=true');

    const login = await t.call('POST', '/api/v1/auth/login', {
      email: 'chen@example.com',
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.body.user.email_verified).toBe(true);
  });

  it('a mail server refusing the message leaves no account, and registering again works once it is back', async () => {
    t = await createTestApp({ dialect, mailer: smtpMailer(smtp.url, FROM) });
    smtp.state.refuse = true;
    const body = { email: 'bounce@example.com', password: PASSWORD, locale: 'en' };
    const reg = await t.call('POST', '/api/v1/auth/register', body);
    expect(reg.status).toBe(503);
    expect(reg.body.code).toBe('MAIL_SEND_FAILED');
    expect(reg.body.messageI18n['zh-TW']).toContain('驗證信');
    expect(JSON.stringify(reg.body)).not.toMatch(/550|Mailbox unavailable|smtp/i);
    expect(smtp.inbox).toHaveLength(0);
    expect(await t.db.selectFrom('users').selectAll().execute()).toHaveLength(0);

    smtp.state.refuse = false;
    const again = await t.call('POST', '/api/v1/auth/register', body);
    expect(again.status).toBe(201);
    expect(smtp.inbox).toHaveLength(1);
    const mail = await PostalMime.parse(smtp.inbox[0]!.raw);
    expect(mail.subject).toBe('Mnemo: please verify your email');
    const link = linkFrom(mail.text, 'verify-email');
    const followed = await t.app.request(link.pathname + link.search);
    expect(followed.headers.get('location')).toBe('/login?verified=true');
  });
});

describe('outbox mailer', () => {
  let t: TestApp;
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mnemo-outbox-'));
  });
  afterEach(async () => {
    await t?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('writes a zh-TW .eml a mail client can open, and prints the link', async () => {
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    const outbox = path.join(dir, 'outbox');
    t = await createTestApp({ mailer: outboxMailer(outbox, FROM, createLogger('silent')) });
    const reg = await t.call('POST', '/api/v1/auth/register', {
      email: 'wang@example.com',
      password: PASSWORD,
      locale: 'zh-TW',
    });
    expect(reg.status).toBe(201);

    const files = await fs.readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/wang@example\.com\.eml$/);
    const mail = await PostalMime.parse(await fs.readFile(path.join(outbox, files[0]!)));
    expect(mail.subject).toBe('Mnemo｜請驗證您的電子郵件');
    expect(mail.to?.map((a) => ('address' in a ? a.address : undefined))).toEqual([
      'wang@example.com',
    ]);
    expect(mail.text).toContain('請點擊下方按鈕完成電子郵件驗證');
    const link = linkFrom(mail.text, '/api/v1/auth/verify-email?token=');
    expect(printed.join('')).toContain(`[outbox] wang@example.com: ${link.href}`);

    const followed = await t.app.request(link.pathname + link.search);
    expect(followed.headers.get('location')).toBe('/login?verified=true');
  });
});
