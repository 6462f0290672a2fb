import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/env.js';

/** The message loadConfig throws for `env`, or a failure if it does not throw. */
function failureOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it.each(['abc', '70000', '-1', '80.5'])('names PORT when it is %j', (port) => {
    const message = failureOf({ PORT: port });
    expect(message).toMatch(/^Invalid environment settings/);
    expect(message).toMatch(/\bPORT\b/);
    expect(message).not.toMatch(/DATABASE_URL/);
  });

  it.each(['mysql://x', 'sqlite:./data.db', 'localhost:5432/db'])(
    'names DATABASE_URL when it is %j',
    (url) => {
      const message = failureOf({ DATABASE_URL: url });
      expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
      expect(message).not.toMatch(/\bPORT\b/);
    },
  );

  it('names every bad setting at once, so one restart is enough', () => {
    const message = failureOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      JWT_SECRET: 'short',
      SMTP_URL: 'http://mail',
      CONTACT_EMAIL: 'not-an-email',
    });
    for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'SMTP_URL', 'CONTACT_EMAIL']) {
      expect(message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
    }
  });

  it('accepts good values and treats empty strings as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/mnemo',
      JWT_SECRET: '',
      SMTP_URL: '',
      PUBLIC_URL: 'https://mnemo.example.tw/',
      RATE_LIMIT_PER_EMAIL: '5',
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://u@db:5432/mnemo');
    expect(config.jwtSecret).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://mnemo.example.tw');
    expect(config.rateLimit).toEqual({ windowSeconds: 900, perIp: 100, perEmail: 5 });
  });

  it('defaults to SQLite, port 3000 and a 2-hour session', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.jwtTtlSeconds).toBe(2 * 60 * 60);
  });
});
