import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { runnerOf } from '../../api/quiz/generation-runner.js';
import { createApp } from '../../api/app.js';
import { loadConfig, type Config } from '../../api/env.js';
import { openDatabase, migrateToLatest, type DbHandle } from '../../api/db/database.js';
import { createLogger } from '../../api/lib/logger.js';
import { manualClock } from '../../api/lib/clock.js';
import type { Mailer, MailMessage } from '../../api/mail/mailer.js';
import { localStorage } from '../../api/storage/local-storage.js';
import { mailsSettled } from '../../api/mail/after-answer.js';
import type { Storage } from '../../api/storage/storage.js';

/** The databases every integration test runs on: SQLite always, PostgreSQL when configured. */
export const databases: Array<'sqlite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/** A mailer that keeps messages in memory for the test to read. */
export function memoryMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer & { sent: MailMessage[]; last(to?: string): MailMessage | undefined } = {
    sent,
    async send(m) {
      sent.push(m);
    },
    last(to) {
      return [...sent].reverse().find((m) => !to || m.to === to);
    },
  };
  return mailer;
}

export interface TestAppOptions {
  dialect?: 'sqlite' | 'postgres';
  env?: Record<string, string>;
  mailer?: Mailer;
  /** Where originals go; the app's own DATA_DIR/files when not given. */
  storage?: Storage;
}

/**
 * An isolated app: its own in-memory SQLite, or its own PostgreSQL schema, migrated to latest,
 * with a movable clock and an in-memory mailer. Call close() in afterEach/afterAll.
 */
export async function createTestApp(opts: TestAppOptions = {}) {
  const dialect = opts.dialect ?? 'sqlite';
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://mnemo.test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    DATA_DIR: `/tmp/mnemo-test-${randomUUID()}`,
    // LibreOffice is found on PATH, as in production.
    PATH: process.env.PATH ?? '',
    ...opts.env,
  });
  let schema: string | undefined;
  let handle: DbHandle;
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    schema = `t_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    handle = openDatabase({ databaseUrl: url, pgSchema: schema, poolMax: 5 });
  } else {
    handle = openDatabase({ sqlitePath: ':memory:' });
  }
  await migrateToLatest(handle.db, schema);
  const clock = manualClock(new Date());
  const mailer = (opts.mailer as ReturnType<typeof memoryMailer>) ?? memoryMailer();
  const deps = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    mailer,
    clock,
    logger: createLogger('silent'),
    storage: opts.storage ?? localStorage(path.join(config.dataDir, 'files')),
    secret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
  };
  const app = createApp(deps);

  /** JSON request helper: `call('POST', '/api/v1/auth/login', body, { token })`. */
  async function call(
    method: string,
    path: string,
    body?: unknown,
    o: { token?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { 'accept-language': 'en', ...o.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // Mail a handler sends after answering (forgot-password) has arrived when call returns.
    await mailsSettled(mailer);
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json = { raw: text };
    }
    return { status: res.status, headers: res.headers, body: json as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  async function close() {
    // Jobs this app's generation runner is making go back to the queue before the pool closes.
    await runnerOf(deps).stop();
    await handle.close();
    if (schema) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
    // Uploaded originals and temp files live under the app's own DATA_DIR.
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  }

  return { app, deps, db: handle.db, clock, mailer, config, call, close };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Pulls the first link that contains `fragment` out of a message's text. */
export function linkIn(m: MailMessage | undefined, fragment: string): string {
  const found = m?.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(fragment));
  if (!found) throw new Error(`no link containing ${fragment} in ${m?.text ?? '(no message)'}`);
  return found;
}
