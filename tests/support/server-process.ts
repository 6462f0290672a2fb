import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';

/*
 * The real server (api/server.ts) as a child process, as production runs it, for tests that
 * signal it, kill it or run two of it: start on a free port, JSON calls, sign-up through the
 * outbox e-mail, a hand-paced upload, and a database of its own on PostgreSQL.
 */

const root = path.resolve(import.meta.dirname, '../..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const password = 'Study2026';

export interface Running {
  child: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts api/server.ts on a free port; resolves once it is listening. */
export async function startServer(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      BILLING_DEMO_ALLOWED: 'true',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SERVE_WEB: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  for (let i = 0; i < 1200; i++) {
    const line = log.split('\n').find((l) => l.includes('"Mnemo is listening"'));
    if (line) {
      const port = (JSON.parse(line) as { port: number }).port;
      return { child, port, base: `http://127.0.0.1:${port}`, output: () => log, exited };
    }
    if (child.exitCode !== null) break;
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${log}`);
}

/** SIGKILL, as a crash or an OOM killer would: no shutdown code runs. */
export async function crash(server: Running) {
  server.child.kill('SIGKILL');
  return server.exited;
}

export async function api(
  base: string,
  method: string,
  p: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(base + p, {
    method,
    headers: {
      'accept-language': 'en',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, any> };
}

/** The verification link mailed to `email`, from the outbox .eml files (quoted-printable). */
export function verifyLink(dataDir: string, email: string): URL {
  const outbox = path.join(dataDir, 'outbox');
  for (const name of fs.readdirSync(outbox).sort().reverse()) {
    if (!name.endsWith('.eml')) continue;
    const raw = fs
      .readFileSync(path.join(outbox, name), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    if (!raw.includes(email)) continue;
    const link = raw.match(/https?:\/\/[^\s"<>]+verify-email[^\s"<>]*/)?.[0];
    if (link) return new URL(link);
  }
  throw new Error(`no verification e-mail to ${email}`);
}

/**
 * Registers on `base`, opens the verification link (on `verifyOn`, another instance if
 * given) and logs in on `loginOn`.
 */
export async function signUp(
  base: string,
  dataDir: string,
  email: string,
  { verifyOn = base, loginOn = base }: { verifyOn?: string; loginOn?: string } = {},
) {
  expect((await api(base, 'POST', '/api/v1/auth/register', { email, password })).status).toBe(201);
  const link = verifyLink(dataDir, email);
  await fetch(verifyOn + link.pathname + link.search, { redirect: 'manual' });
  const login = await api(loginOn, 'POST', '/api/v1/auth/login', { email, password });
  expect(login.status).toBe(200);
  return { token: login.body.token as string, userId: login.body.user.id as string };
}

/** An upload whose body the test sends piece by piece; `answer` settles when the server replies. */
export function slowUpload(
  port: number,
  token: string,
  body: Buffer,
  contentType: string,
  headers: Record<string, string> = {},
) {
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/materials/upload',
    headers: {
      authorization: `Bearer ${token}`,
      'accept-language': 'en',
      'content-type': contentType,
      'content-length': String(body.length),
      ...headers,
    },
  });
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>(
    (resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
        res.on('error', reject);
      });
      req.on('error', reject);
    },
  );
  answer.catch(() => {}); // observed by the test when it matters
  return { req, answer };
}

/** Whether a new TCP connection to the port is refused. */
export const connectionRefused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

/**
 * A DATA_DIR and, on PostgreSQL, a database of its own (the server migrates it as it would a
 * production one); `drop()` removes both.
 */
export async function serverStore(dialect: 'sqlite' | 'postgres', prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mnemo-${prefix}-`));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let dbName: string | undefined;
  if (dialect === 'postgres') {
    dbName = `mnemo_${prefix.replace(/\W/g, '_')}_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  return {
    dataDir,
    env,
    async drop() {
      if (dbName) {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
