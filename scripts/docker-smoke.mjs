#!/usr/bin/env node
/*
 * Smoke test of a built Mnemo image: `node scripts/docker-smoke.mjs [--image mnemo] [--port 3999]
 * [--network bridge|host] [--env KEY=VALUE ...]`. Needs a running Docker daemon; not part of
 * `npm test` (CI has no daemon). `--env` passes settings on, e.g. DATABASE_URL and S3_* to try
 * the image on PostgreSQL and a bucket.
 *
 * Starts the image (by default SQLite in the container's /data, demo checkout allowed), then
 * checks what a
 * deployment relies on: /healthz and /readyz, the security headers on the web app, the process
 * running as uid 1000, a learner registering, verifying from the outbox mail, logging in and
 * uploading a document whose extracted text comes back (worker threads run in the image), the
 * HEALTHCHECK turning healthy, and `docker stop` ending the server with exit code 0 within the
 * grace period. Prints one line per check; exits 1 at the first failure, removing the container.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    image: { type: 'string', default: 'mnemo' },
    port: { type: 'string', default: '3999' },
    network: { type: 'string', default: 'bridge' },
    env: { type: 'string', multiple: true, default: [] },
  },
});
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const name = `mnemo-smoke-${randomUUID().slice(0, 8)}`;
const docker = (...a) => execFileSync('docker', a, { encoding: 'utf8' }).trim();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function ok(what) {
  console.log(`ok   ${what}`);
}
function check(cond, what, detail = '') {
  if (!cond) throw new Error(`${what}${detail ? `: ${detail}` : ''}`);
  ok(what);
}

async function waitFor(what, seconds, probe) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`${what}: not within ${seconds} s`);
    await sleep(1000);
  }
}

async function json(method, path, body, token) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'accept-language': 'en',
    },
    body: body instanceof FormData ? body : body && JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    data = text;
  }
  return { status: res.status, data };
}

async function main() {
  const net =
    args.network === 'host'
      ? ['--network', 'host', '-e', `PORT=${port}`, '-e', 'HOST=127.0.0.1']
      : ['-p', `127.0.0.1:${port}:3000`];
  docker(
    'run',
    '-d',
    '--name',
    name,
    ...net,
    '-e',
    'BILLING_DEMO_ALLOWED=true',
    '-e',
    `PUBLIC_URL=${base}`,
    ...args.env.flatMap((e) => ['-e', e]),
    args.image,
  );
  const started = Date.now();
  console.log(`container ${name} from ${args.image}`);

  await waitFor('GET /healthz', 60, async () => (await fetch(`${base}/healthz`)).ok);
  ok(`GET /healthz 200 after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const ready = await json('GET', '/readyz');
  check(
    ready.status === 200 && ready.data.status === 'ready',
    `GET /readyz ready: ${JSON.stringify(ready.data.checks)}`,
    ready.data,
  );

  const page = await fetch(`${base}/`);
  const csp = page.headers.get('content-security-policy') ?? '';
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  check(page.status === 200, 'GET / serves the web app');
  check(
    scriptSrc !== '' &&
      !scriptSrc.includes('unsafe-inline') &&
      csp.includes("frame-ancestors 'none'"),
    "CSP: script-src without 'unsafe-inline', frame-ancestors 'none'",
    csp,
  );
  check(page.headers.get('x-content-type-options') === 'nosniff', 'nosniff');

  const uid = docker('exec', name, 'id', '-u');
  check(uid === '1000', 'the server runs as uid 1000 (node)', uid);

  const email = `smoke-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Smoke2026check';
  const reg = await json('POST', '/api/v1/auth/register', { email, password, name: 'Smoke' });
  check(reg.status === 201, 'register 201', reg.data);
  const mail = docker('exec', name, 'sh', '-c', 'cat /data/outbox/*.eml')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  const link = mail.match(/https?:\/\/[^\s"<>]+verify-email[^\s"<>]*/)?.[0];
  check(Boolean(link), 'verification mail in the outbox');
  const verified = await fetch(base + new URL(link).pathname + new URL(link).search, {
    redirect: 'manual',
  });
  check(verified.status < 400, 'verification link followed', verified.status);
  const login = await json('POST', '/api/v1/auth/login', { email, password });
  check(login.status === 200 && login.data.token, 'login 200');
  const token = login.data.token;

  const form = new FormData();
  form.append('title', 'Smoke');
  const text = 'Photosynthesis turns light into chemical energy.\n光合作用把光能轉成化學能。\n';
  form.append('files', new Blob([text], { type: 'text/plain' }), 'notes.txt');
  const up = await json('POST', '/api/v1/materials/upload', form, token);
  check(up.status === 201, 'upload 201 (extraction in a worker thread)', up.data);
  const id = up.data.data?.id ?? up.data.id;
  const content = await json('GET', `/api/v1/materials/${id}/content`, undefined, token);
  const blocks = JSON.stringify(content.data);
  check(
    content.status === 200 && blocks.includes('光合作用把光能轉成化學能'),
    'extracted text comes back',
  );

  const health = await waitFor('HEALTHCHECK healthy', 120, () => {
    const s = docker('inspect', '--format', '{{.State.Health.Status}}', name);
    if (s === 'unhealthy') throw new Error('unhealthy');
    return s === 'healthy' ? s : undefined;
  });
  check(health === 'healthy', `HEALTHCHECK ${health}`);

  const t0 = Date.now();
  docker('stop', '--time', '30', name);
  const code = docker('inspect', '--format', '{{.State.ExitCode}}', name);
  check(code === '0', `docker stop: exit 0 after ${((Date.now() - t0) / 1000).toFixed(1)} s`, code);
}

try {
  await main();
  console.log('docker smoke: all checks passed');
} catch (err) {
  console.error(`FAIL ${err.message}`);
  try {
    console.error(docker('logs', '--tail', '30', name));
  } catch {
    // no container
  }
  process.exitCode = 1;
} finally {
  try {
    docker('rm', '-f', '-v', name);
  } catch {
    // already gone
  }
}
