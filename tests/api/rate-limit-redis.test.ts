import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Readiness } from '../../api/lib/readiness.js';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../api/app.js';
import { createLogger, type Logger } from '../../api/lib/logger.js';
import { createRedis, type RedisConnection } from '../../api/lib/redis.js';
import { redisRateLimiter } from '../../api/lib/redis-rate-limit.js';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerUser } from '../support/accounts.js';
import { api, startServer, type Running } from '../support/server-process.js';

/*
 * With REDIS_URL the sign-in and contact counters live in Redis (docs/decisions/0018): the same
 * fixed windows and RATE_LIMITED answers as the database limiter, shared by every instance, and
 * when Redis is gone requests are still served (fail open) and /readyz stays ready, saying what is degraded.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WINDOW_SECONDS = 600;

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const available = await redisAnswers(REDIS_URL);
const skipped = available ? '' : ` (skipped: no Redis answers at ${REDIS_URL}; set TEST_REDIS_URL)`;

/** Every key this run writes starts with this, so parallel runs do not meet and clean-up is ours. */
const PREFIX = `mnemo:rl:test-${randomUUID()}:`;

const login = (email: string, ip = '203.0.113.7'): Attempt => ({
  path: '/api/v1/auth/login',
  body: { email, password: 'Guess1234' },
  headers: { 'x-forwarded-for': ip },
});

const contactForm = (ip: string): Attempt => ({
  path: '/api/v1/contact',
  body: {
    name: '林怡君',
    email: 'yijun.lin@school.edu.tw',
    organization: '臺北市立建國高級中學',
    teamSize: '21-50人',
    message: '想了解團體方案。',
    privacyConsent: true,
  },
  headers: { 'x-forwarded-for': ip },
});

interface Attempt {
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

async function post(app: App, req: Attempt) {
  const res = await app.request(req.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...req.headers },
    body: JSON.stringify(req.body),
  });
  const body = (await res.json()) as Record<string, unknown>;
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
}

/** Log lines at warn and above, to see what an operator would. */
function capturingLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, sink) as Logger, lines };
}

/** A TCP relay in front of the real Redis that the test can switch off and on, as a restart. */
async function relayTo(url: string) {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const at = new URL(url);
  at.hostname = '127.0.0.1';
  at.port = String(port);
  return {
    url: at.toString(),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
    start: () => listen(port),
  };
}

/** A port nothing listens on: Redis "stopped". */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const silent = createLogger('silent');
let connections: RedisConnection[] = [];
let relays: Array<Awaited<ReturnType<typeof relayTo>>> = [];

afterEach(async () => {
  for (const c of connections) await c.close();
  for (const r of relays) await r.stop();
  connections = [];
  relays = [];
  if (!available) return;
  const admin = new Redis(REDIS_URL);
  const keys: string[] = [];
  for await (const batch of admin.scanStream({ match: `${PREFIX}*`, count: 100 })) {
    keys.push(...(batch as string[]));
  }
  if (keys.length) await admin.del(...keys);
  await admin.quit();
});

describe.skipIf(!available).each(databases)(`rate limits in Redis on %s${skipped}`, (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const start = (env: Record<string, string> = {}) =>
    createTestApp({
      dialect,
      env: {
        RATE_LIMIT_PER_EMAIL: '3',
        RATE_LIMIT_PER_IP: '50',
        RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
        TRUST_PROXY: 'true',
        ...env,
      },
    });

  /** Another instance of the same service: its own app and Redis connection, the same Redis. */
  const instance = (url = REDIS_URL, logger: Logger = silent) => {
    const redis = createRedis(url, logger);
    connections.push(redis);
    const rateLimiter = redisRateLimiter({ redis, clock: t.clock, logger, prefix: PREFIX });
    return createApp({ ...t.deps, logger, rateLimiter, redis });
  };

  it('stops sign-in and the contact form on the same attempt as the database limiter', async () => {
    t = await start();
    const viaRedis = instance();
    // The same attempts against each: the database's counters and Redis's are separate.
    for (const app of [t.app, viaRedis]) {
      const attempts = [];
      for (let i = 0; i < 5; i++) attempts.push(await post(app, login('same@example.com')));
      expect(attempts.map((a) => a.status)).toEqual([401, 401, 401, 429, 429]);
      const contacts = [];
      for (let i = 0; i < 6; i++) contacts.push(await post(app, contactForm('198.51.100.20')));
      expect(contacts.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 429]);
    }

    // Both limiters give the same answer, in the same words and with the same wait.
    const fromDb = await post(t.app, login('same@example.com'));
    const fromRedis = await post(viaRedis, login('same@example.com'));
    expect(fromRedis.retryAfter).toBe(fromDb.retryAfter);
    const { requestId: _a, ...dbBody } = fromDb.body;
    const { requestId: _b, ...redisBody } = fromRedis.body;
    expect(redisBody).toEqual(dbBody);
    expect(redisBody).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: Number(fromRedis.retryAfter),
    });
    expect(redisBody.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);

    // The counters went to Redis, and each key expires on its own.
    const admin = new Redis(REDIS_URL);
    const keys = await admin.keys(`${PREFIX}*`);
    expect(keys.some((k) => k.startsWith(`${PREFIX}login:email:same@example.com:`))).toBe(true);
    for (const k of keys) {
      // Sign-in windows are RATE_LIMIT_WINDOW_SECONDS, the contact form's an hour.
      const windowMs = (k.startsWith(`${PREFIX}contact:`) ? 3600 : WINDOW_SECONDS) * 1000;
      const ttl = await admin.pttl(k);
      expect(ttl).toBeGreaterThan(windowMs - 60_000);
      expect(ttl).toBeLessThanOrEqual(windowMs);
    }
    await admin.quit();
  });

  it('does not count right sign-ins: taken back in Redis as in the database (issue 19)', async () => {
    t = await start();
    await registerUser(t, { email: 'right@example.com', password: 'Study2026', verified: true });
    const app = instance();
    const right = {
      ...login('right@example.com'),
      body: { email: 'right@example.com', password: 'Study2026' },
    };
    for (let i = 0; i < 5; i++) expect((await post(app, right)).status).toBe(200);
    expect((await post(app, login('right@example.com'))).status).toBe(401);
    expect((await post(app, right)).status).toBe(200);
  });

  it('shares one counter between two instances', async () => {
    t = await start();
    const a = instance();
    const b = instance();
    expect((await post(a, login('shared@example.com'))).status).toBe(401);
    expect((await post(b, login('shared@example.com'))).status).toBe(401);
    expect((await post(a, login('shared@example.com'))).status).toBe(401);
    expect((await post(b, login('shared@example.com'))).status).toBe(429);
    expect((await post(a, login('shared@example.com'))).status).toBe(429);
  });

  it('starts a new window when the clock passes the end of the old one', async () => {
    t = await start();
    // A second into a window, so the minute below stays inside it whatever the time is now.
    const windowMs = WINDOW_SECONDS * 1000;
    t.clock.set(new Date(Math.floor(t.clock.now().getTime() / windowMs) * windowMs + 1000));
    const app = instance();
    for (let i = 0; i < 3; i++) await post(app, login('window@example.com'));
    const blocked = await post(app, login('window@example.com'));
    expect(blocked.status).toBe(429);

    t.clock.advance(60_000);
    const later = await post(app, login('window@example.com'));
    expect(later.status).toBe(429);
    expect(Number(later.retryAfter)).toBe(Number(blocked.retryAfter) - 60);

    t.clock.advance(Number(later.retryAfter) * 1000);
    expect((await post(app, login('window@example.com'))).status).toBe(401);
  });

  it('serves requests when Redis is down, warns once, and /readyz stays 200 naming Redis as degraded', async () => {
    t = await start({ RATE_LIMIT_PER_EMAIL: '1' });
    const { logger, lines } = capturingLogger();
    const app = instance(`redis://127.0.0.1:${await closedPort()}`, logger);

    for (let i = 0; i < 4; i++) {
      expect((await post(app, login('open@example.com'))).status).toBe(401);
    }
    expect((await post(app, contactForm('192.0.2.1'))).status).toBe(201);
    const warnings = lines.filter((l) => l.msg.startsWith('rate limit: Redis unavailable'));
    expect(warnings).toHaveLength(1);

    const res = await app.request('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok', redis: 'failed' },
      degraded: 'redis: ECONNREFUSED',
    });
  });

  it('limits again once Redis is back, and /readyz follows it', async () => {
    t = await start({ RATE_LIMIT_PER_EMAIL: '2' });
    const relay = await relayTo(REDIS_URL);
    relays.push(relay);
    const app = instance(relay.url);
    const readiness = async () => (await (await app.request('/readyz')).json()) as Readiness;
    expect((await readiness()).checks.redis).toBe('ok');
    expect((await post(app, login('back@example.com'))).status).toBe(401);

    await relay.stop();
    for (let i = 0; i < 3; i++) {
      expect((await post(app, login('back@example.com'))).status).toBe(401);
    }
    const down = await app.request('/readyz');
    expect(down.status).toBe(200);
    expect(((await down.json()) as Readiness).degraded).toMatch(/^redis: /);

    await relay.start();
    await expect.poll(async () => (await readiness()).checks.redis, { timeout: 10_000 }).toBe('ok');
    expect((await readiness()).degraded).toBeUndefined();
    // The attempts made while it was down were not counted: one more is allowed, then none.
    expect((await post(app, login('back@example.com'))).status).toBe(401);
    expect((await post(app, login('back@example.com'))).status).toBe(429);
  });

  it('is ready with Redis answering, and says so', async () => {
    t = await start();
    const res = await instance().request('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok', redis: 'ok' },
    });
  });
});

// The real server, as production runs it: REDIS_URL picks the Redis limiter, /readyz pings Redis,
// SIGTERM quits the connection and the process exits 0. Its keys use the real `mnemo:rl:` prefix,
// so this run's e-mail and IP are its own and only their keys are deleted.
describe.skipIf(!available)(`the server with REDIS_URL${skipped}`, { timeout: 180_000 }, () => {
  let server: Running | undefined;
  let dataDir: string | undefined;
  const run = randomUUID();
  const email = `server-${run}@example.com`;
  const ip = `198.18.${parseInt(run.slice(0, 2), 16)}.${parseInt(run.slice(2, 4), 16)}`;

  afterEach(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    server = undefined;
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    const admin = new Redis(REDIS_URL);
    const keys = [
      ...(await admin.keys(`mnemo:rl:login:email:${email}:*`)),
      ...(await admin.keys(`mnemo:rl:login:ip:${ip}:*`)),
      ...(await admin.keys(`mnemo:rl:login:ip-email:${ip}:${email}:*`)),
    ];
    if (keys.length) await admin.del(...keys);
    await admin.quit();
  });

  it('counts sign-in attempts in Redis, reports it in /readyz and quits it on SIGTERM', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-redis-'));
    server = await startServer({
      DATA_DIR: dataDir,
      REDIS_URL,
      RATE_LIMIT_PER_EMAIL: '2',
      TRUST_PROXY: 'true',
    });
    const attempt = () =>
      api(server!.base, 'POST', '/api/v1/auth/login', { email, password: 'Guess1234' }, undefined, {
        'x-forwarded-for': ip,
      });
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(429);

    const admin = new Redis(REDIS_URL);
    // Failures count per address + e-mail (the refused third attempt too), and per e-mail
    // for the owner's alert (issue 19).
    const [key] = await admin.keys(`mnemo:rl:login:ip-email:${ip}:${email}:*`);
    expect(key && Number(await admin.get(key))).toBe(3);
    const [failures] = await admin.keys(`mnemo:rl:login:email:${email}:*`);
    expect(failures && Number(await admin.get(failures))).toBe(2);
    await admin.quit();

    const ready = await fetch(`${server.base}/readyz`);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok', redis: 'ok' },
    });

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).not.toMatch(/"level":50|shutdown: closing failed/);
  });
});
