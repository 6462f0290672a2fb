import { afterEach, describe, expect, it } from 'vitest';
import { registerUser } from '../support/accounts.js';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';

const PASSWORD = 'Study2026';
const WINDOW_SECONDS = 600;

const login = (t: TestApp, email: string, password: string, headers?: Record<string, string>) =>
  t.call('POST', '/api/v1/auth/login', { email, password }, { headers });

function expectLimited(res: Awaited<ReturnType<typeof login>>) {
  expect(res.status).toBe(429);
  expect(res.body.code).toBe('RATE_LIMITED');
  expect(res.body.token).toBeUndefined();
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(res.body.retryAfterSeconds).toBe(retryAfter);
  return Math.ceil(retryAfter / 60);
}

describe.each(databases)('rate limits on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('counts failures per address + e-mail: an attacker elsewhere cannot lock the learner out at home', async () => {
    t = await createTestApp({
      dialect,
      env: {
        RATE_LIMIT_PER_EMAIL: '3',
        RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
        TRUST_PROXY: 'true',
      },
    });
    await registerUser(t, { email: 'target@example.com', password: PASSWORD, verified: true });
    const attacker = { 'x-forwarded-for': '203.0.113.7' };
    const home = { 'x-forwarded-for': '198.51.100.20' };

    for (let i = 0; i < 3; i++) {
      expect((await login(t, 'target@example.com', 'Guess1234', attacker)).status).toBe(401);
    }
    // The attacker's address is stopped for this account, even with the right password…
    const blocked = await login(t, 'Target@Example.com', PASSWORD, attacker);
    const minutes = expectLimited(blocked);
    expect(blocked.body.message).toBe(`Too many attempts. Please try again in ${minutes} minutes.`);
    expect(blocked.body.messageI18n['zh-TW']).toBe(`嘗試次數過多，請在 ${minutes} 分鐘後再試。`);
    const zh = await login(t, 'target@example.com', PASSWORD, {
      ...attacker,
      'accept-language': 'zh-TW',
    });
    expectLimited(zh);
    expect(zh.body.message).toBe(`嘗試次數過多，請在 ${minutes} 分鐘後再試。`);

    // …but the learner signs in from home, and another account from the attacker's address works.
    expect((await login(t, 'target@example.com', PASSWORD, home)).status).toBe(200);
    await registerUser(t, { email: 'bystander@example.com', password: PASSWORD, verified: true });
    expect((await login(t, 'bystander@example.com', PASSWORD, attacker)).status).toBe(200);

    t.clock.advance(WINDOW_SECONDS * 1000);
    expect((await login(t, 'target@example.com', PASSWORD, attacker)).status).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    t = await createTestApp({
      dialect,
      env: {
        RATE_LIMIT_PER_EMAIL: '3',
        RATE_LIMIT_PER_IP: '3',
        RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
      },
    });
    await registerUser(t, { email: 'often@example.com', password: PASSWORD, verified: true });
    for (let i = 0; i < 6; i++) {
      expect((await login(t, 'often@example.com', PASSWORD)).status).toBe(200);
    }
    // Two failures after them still leave room for the right password.
    expect((await login(t, 'often@example.com', 'Guess1234')).status).toBe(401);
    expect((await login(t, 'often@example.com', 'Guess1234')).status).toBe(401);
    expect((await login(t, 'often@example.com', PASSWORD)).status).toBe(200);
  });

  it('e-mails the owner once per window about repeated failures, from any address; nobody for an unknown e-mail', async () => {
    t = await createTestApp({
      dialect,
      env: {
        RATE_LIMIT_PER_EMAIL: '3',
        RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
        TRUST_PROXY: 'true',
      },
    });
    await registerUser(t, { email: 'owner@example.com', password: PASSWORD, verified: true });
    const before = t.mailer.sent.length;
    const alerts = () => t.mailer.sent.slice(before).filter((m) => m.to === 'owner@example.com');
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4', '192.0.2.5']) {
      const res = await login(t, 'owner@example.com', 'Guess1234', { 'x-forwarded-for': ip });
      expect(res.status).toBe(401);
    }
    await expect.poll(() => alerts().length).toBe(1);
    const alert = alerts()[0]!;
    expect(alert.subject).toMatch(/failed sign-ins|登入失敗/);
    expect(alert.text).toContain('3');
    expect(alert.text).not.toContain('Guess1234');

    for (let i = 0; i < 3; i++) {
      await login(t, 'nobody@example.com', 'Guess1234', { 'x-forwarded-for': `192.0.2.${10 + i}` });
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(t.mailer.sent.slice(before).map((m) => m.to)).toEqual(['owner@example.com']);
  });

  it('stops the 4th attempt from one IP whatever the e-mail, and not other IPs', async () => {
    t = await createTestApp({
      dialect,
      env: {
        RATE_LIMIT_PER_IP: '3',
        RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
        TRUST_PROXY: 'true',
      },
    });
    const attacker = { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' };
    const neighbour = { 'x-forwarded-for': '198.51.100.20' };

    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      expect((await login(t, email, PASSWORD, attacker)).status).toBe(401);
    }
    const blocked = await login(t, 'd@example.com', PASSWORD, attacker);
    expectLimited(blocked);
    expect(blocked.body.messageI18n.en).toMatch(/^Too many attempts/);

    expect((await login(t, 'd@example.com', PASSWORD, neighbour)).status).toBe(401);

    t.clock.advance(WINDOW_SECONDS * 1000);
    expect((await login(t, 'd@example.com', PASSWORD, attacker)).status).toBe(401);
  });

  it('limits forgot-password per e-mail, so nobody can flood an inbox', async () => {
    t = await createTestApp({
      dialect,
      env: { RATE_LIMIT_PER_EMAIL: '3', RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS) },
    });
    await registerUser(t, { email: 'inbox@example.com', password: PASSWORD, verified: true });
    const before = t.mailer.sent.length;
    for (let i = 0; i < 3; i++) {
      const res = await t.call('POST', '/api/v1/auth/forgot-password', {
        email: 'inbox@example.com',
      });
      expect(res.status).toBe(200);
    }
    const res = await t.call('POST', '/api/v1/auth/forgot-password', {
      email: 'inbox@example.com',
    });
    expectLimited(res);
    expect(t.mailer.sent.length - before).toBe(3);
  });
});
