/*
 * What the bench scripts share: a free loopback port, the real server started as a child
 * process on its own DATA_DIR, JSON calls, and learners signed up through the outbox e-mail.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const out = (line = '') => process.stdout.write(`${line}\n`);

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Answer {
  status: number;
  text: string;
  body: Record<string, unknown>;
}

export async function call(
  base: string,
  method: string,
  p: string,
  body?: unknown,
  token?: string,
): Promise<Answer> {
  const res = await fetch(base + p, {
    method,
    headers: {
      ...(body !== undefined && !(body instanceof FormData)
        ? { 'content-type': 'application/json' }
        : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON (a file download); the text is there
  }
  return { status: res.status, text, body: parsed };
}

/** The `data` of an answer with the expected status, or an error naming the step. */
export function dataOf(res: Answer, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 400)}`);
  return (res.body as { data: Record<string, unknown> }).data;
}

export interface RunningServer {
  base: string;
  port: number;
  dataDir: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * `node --import tsx api/server.ts` in production mode on a free port, with rate limits out
 * of the way and the demo checkout allowed; `env` adds or overrides settings (DATABASE_URL…).
 */
export async function startServer(opts: {
  dataDir: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), '--import', 'tsx', 'api/server.ts'],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: opts.dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_IP: '100000000',
        RATE_LIMIT_PER_EMAIL: '100000000',
        SERVE_WEB: 'false',
        // Production settings refuse to start without Stripe unless the demo checkout is allowed.
        BILLING_DEMO_ALLOWED: 'true',
        ...opts.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600 || server.exitCode !== null) {
      await stop();
      throw new Error('the server did not start');
    }
    await sleep(100);
  }
  return { base, port, dataDir: opts.dataDir, pid: server.pid!, stop };
}

/** The verification link mailed to `email`, read from the outbox (.eml, quoted-printable). */
export function verifyLinkFromOutbox(dataDir: string, email: string): string {
  const dir = path.join(dataDir, 'outbox');
  for (const name of fs.readdirSync(dir).sort().reverse()) {
    if (!name.endsWith('.eml')) continue;
    const raw = fs
      .readFileSync(path.join(dir, name), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    if (!raw.includes(email)) continue;
    const link = raw.match(/https?:\/\/[^\s"<>]+verify-email[^\s"<>]*/)?.[0];
    if (link) return link;
  }
  throw new Error(`no verification e-mail to ${email} in the outbox`);
}

/** Registers, opens the mailed verification link and logs in; returns the bearer token. */
export async function signUp(server: RunningServer, email: string, password: string) {
  const { base } = server;
  dataOf(
    await call(base, 'POST', '/api/v1/auth/register', { email, password, name: 'bench' }),
    201,
    `register ${email}`,
  );
  const link = new URL(verifyLinkFromOutbox(server.dataDir, email));
  await fetch(base + link.pathname + link.search, { redirect: 'manual' });
  const login = await call(base, 'POST', '/api/v1/auth/login', { email, password });
  const token = login.body.token as string | undefined;
  if (!token) throw new Error(`login ${email}: ${login.text}`);
  return token;
}

/** The corpus file both browser benches study: a short zh-TW text that gives a 5-question quiz. */
export const STUDY_FILE = 'txt/zh_us_constitution_taiwan_phrasing.txt';

/**
 * A signed-up learner with one real document (STUDY_FILE) and a 5-question quiz of it, made
 * through the API as the web app would.
 */
export async function seedLearnerWithQuiz(server: RunningServer, email: string) {
  const { base } = server;
  const token = await signUp(server, email, 'Bench2026');
  const form = new FormData();
  form.append('title', '美國憲法（臺灣用語）');
  form.append(
    'files',
    new Blob([fs.readFileSync(path.resolve(root, '../shared/corpus', STUDY_FILE))], {
      type: 'text/plain',
    }),
    path.basename(STUDY_FILE),
  );
  const material = dataOf(
    await call(base, 'POST', '/api/v1/materials/upload', form, token),
    201,
    'upload',
  ) as unknown as { id: string };
  const quiz = dataOf(
    await call(
      base,
      'POST',
      '/api/v1/quiz/generate',
      { materialId: material.id, questionCount: 5 },
      token,
    ),
    201,
    'generate',
  ) as unknown as { quizId: string; questions: Array<{ question: string }> };
  return { token, material, quiz };
}
