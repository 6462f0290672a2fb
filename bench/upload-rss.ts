/*
 * Peak memory of the real server while it receives and extracts one large upload.
 *
 *   npx tsx bench/upload-rss.ts          the server as `npm start` runs it (compiled, .build/api)
 *   npx tsx bench/upload-rss.ts --tsx    the server from its sources through tsx (`npm run serve`)
 *
 * Starts `node .build/api/server.js` (built first when stale, with the environment defaults of
 * `npm start`, MALLOC_ARENA_MAX=2) or `node --import tsx api/server.ts` (nothing added) on a
 * free port with a fresh DATA_DIR (SQLite),
 * registers and verifies a learner through the outbox e-mail, measures the idle server's RSS,
 * then uploads three ~20 MB text files in one multipart request (60 MB under the 60 MiB request
 * limit) and samples the server's RSS from /proc every 20 ms until the 201 arrives. The peak is
 * the larger of the sampled maximum and the kernel's own high-water mark (VmHWM).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

const TARGET_MB = 300;
const viaTsx = process.argv.includes('--tsx');
const FILE_BYTES = 20_000_000;
const root = path.resolve(import.meta.dirname, '..');
const corpus = path.resolve(root, '../shared/corpus');

const MB = (kb: number) => kb / 1024;

function memory(pid: number): { rssKb: number; hwmKb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssKb: field('VmRSS'), hwmKb: field('VmHWM') };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Repeats real sentences into a file of about `bytes` bytes; returns how it was made. */
function writeRepeated(
  file: string,
  lines: string[],
  bytes: number,
  row?: (n: number, s: string) => string,
) {
  const out = fs.openSync(file, 'w');
  let written = 0;
  let n = 0;
  while (written < bytes) {
    const line = lines[n % lines.length]!;
    const text = (row ? row(n + 1, line) : line) + '\n';
    written += fs.writeSync(out, text);
    n++;
  }
  fs.closeSync(out);
  return { lines: n, bytes: written };
}

function sentencesOf(rel: string): string[] {
  return fs
    .readFileSync(path.join(corpus, rel), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 20);
}

async function api(base: string, method: string, p: string, body?: unknown, token?: string) {
  const res = await fetch(base + p, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The verification link of the newest .eml in the outbox (quoted-printable decoded). */
function verifyLinkFromOutbox(dataDir: string): string {
  const dir = path.join(dataDir, 'outbox');
  const eml = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .pop();
  if (!eml) throw new Error('no e-mail in the outbox');
  const raw = fs
    .readFileSync(path.join(dir, eml), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const link = raw.match(/https?:\/\/[^\s"<>]+verify-email[^\s"<>]*/)?.[0];
  if (!link) throw new Error('no verification link in the e-mail');
  return link;
}

/** Streams a multipart body made of the given files to the server; resolves with the answer. */
function streamUpload(
  port: number,
  token: string,
  title: string,
  files: string[],
  onBodySent: () => void,
) {
  const boundary = `----mnemo-bench-${randomUUID()}`;
  const head = (name: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n` +
        `Content-Type: text/plain\r\n\r\n`,
    );
  const titlePart = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${title}\r\n`,
  );
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const crlf = Buffer.from('\r\n');
  const length =
    titlePart.length +
    files.reduce((n, f) => n + head(path.basename(f)).length + fs.statSync(f).size + 2, 0) +
    tail.length;

  return new Promise<{ status: number; body: string; bytes: number }>((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/materials/upload',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(length),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, bytes: length }));
    });
    void (async () => {
      req.write(titlePart);
      for (const f of files) {
        req.write(head(path.basename(f)));
        for await (const chunk of fs.createReadStream(f)) {
          if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
        }
        req.write(crlf);
      }
      req.end(tail, onBodySent);
    })().catch(reject);
  });
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-bench-'));
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;

  // Three ~20 MB files of real sentences from the corpus, repeated.
  const en = sentencesOf('md/en_audrey_tang_2025_ai_safety_column.md');
  const zh = sentencesOf('txt/zh_us_constitution_taiwan_phrasing.txt');
  const files = [
    path.join(work, 'en-ai-safety-column-x.txt'),
    path.join(work, 'zh-constitution-x.txt'),
    path.join(work, 'sentences-x.csv'),
  ];
  const made = [
    writeRepeated(files[0]!, en, FILE_BYTES),
    writeRepeated(files[1]!, zh, FILE_BYTES),
    writeRepeated(
      files[2]!,
      [...en, ...zh],
      FILE_BYTES,
      (n, s) => `${n},${n % 2 ? 'en' : 'zh-TW'},"${s.replace(/"/g, '""')}"`,
    ),
  ];

  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    BILLING_DEMO_ALLOWED: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'false',
  };
  let serverArgs = ['--import', 'tsx', 'api/server.ts'];
  if (!viaTsx) {
    // As `npm start` runs it: compiled, with its environment defaults.
    const { buildDir, ensureApiBuild, serverEnvDefaults } =
      await import('../scripts/build-api.mjs');
    await ensureApiBuild({ log: () => {} });
    serverArgs = [path.join(buildDir, 'server.js')];
    Object.assign(env, serverEnvDefaults);
  }
  const server = spawn(process.execPath, serverArgs, {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = server.pid!;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 300) throw new Error('the server did not start');
      await sleep(100);
    }

    const email = 'bench@example.com';
    const password = 'Bench2026';
    const reg = await api(base, 'POST', '/api/v1/auth/register', {
      email,
      password,
      name: 'bench',
    });
    if (reg.status !== 201) throw new Error(`register: ${JSON.stringify(reg.body)}`);
    const link = new URL(verifyLinkFromOutbox(dataDir));
    await fetch(base + link.pathname + link.search, { redirect: 'manual' });
    const login = await api(base, 'POST', '/api/v1/auth/login', { email, password });
    const token = login.body.token as string;
    if (!token) throw new Error(`login: ${JSON.stringify(login.body)}`);

    // Idle baseline: the started, migrated server after one login, left alone for 2 s.
    await sleep(1000);
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) {
      idle.push(memory(pid).rssKb);
      await sleep(100);
    }
    const baselineKb = Math.max(...idle);

    let peakKb = 0;
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, memory(pid).rssKb);
    }, 20);
    const started = performance.now();
    let receivingKb = 0;
    const res = await streamUpload(port, token, 'Bench: 3 x 20 MB', files, () => {
      receivingKb = Math.max(peakKb, memory(pid).hwmKb);
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const { hwmKb, rssKb: afterKb } = memory(pid);
    const peak = Math.max(peakKb, hwmKb);

    const material =
      res.status === 201 ? (JSON.parse(res.body) as { data: { id: string } }).data : null;
    let blocks = 0;
    if (material) {
      const content = await api(
        base,
        'GET',
        `/api/v1/materials/${material.id}/content`,
        undefined,
        token,
      );
      blocks = ((content.body.data as { blocks: unknown[] }).blocks ?? []).length;
    }

    const rows: Array<[string, string]> = [
      ['server', viaTsx ? 'node --import tsx api/server.ts' : 'node .build/api/server.js'],
      ['uploaded', `3 files in one request, ${(res.bytes / 1e6).toFixed(1)} MB multipart body:`],
      ...files.map((f, i): [string, string] => [
        '',
        `  ${path.basename(f)}: ${(made[i]!.bytes / 1e6).toFixed(1)} MB, ${made[i]!.lines} lines of real corpus sentences`,
      ]),
      [
        'answer',
        `${res.status} in ${seconds.toFixed(1)} s${material ? `, ${blocks} blocks extracted` : `: ${res.body.slice(0, 300)}`}`,
      ],
      ['receiving', `peak ${MB(receivingKb).toFixed(0)} MB until the last byte was sent`],
      ['idle RSS', `${MB(baselineKb).toFixed(0)} MB (baseline, same run)`],
      [
        'peak RSS',
        `${MB(peak).toFixed(0)} MB (sampled max ${MB(peakKb).toFixed(0)} MB, VmHWM ${MB(hwmKb).toFixed(0)} MB)`,
      ],
      [
        'growth',
        `${MB(peak - baselineKb).toFixed(0)} MB over idle; ${MB(afterKb).toFixed(0)} MB after the answer`,
      ],
      [
        'target',
        `${TARGET_MB} MB peak: ${res.status === 201 && MB(peak) <= TARGET_MB ? 'PASS' : 'MISS'}`,
      ],
    ];
    for (const [k, v] of rows) process.stdout.write(`${k.padEnd(9)} ${v}\n`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String((err as Error)?.stack ?? err)}\n`);
  process.exit(1);
});
