import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLifecycle } from '../../api/lib/lifecycle.js';
import { createLogger } from '../../api/lib/logger.js';

/*
 * The drain itself, on a real HTTP server in this process (the server-lifecycle tests run the
 * whole server as a child process): keep-alive sockets do not hold the shutdown open, a
 * request in flight is answered with Connection: close, hooks run in order, and the exit code
 * says whether requests were cut.
 */

const logger = createLogger('silent');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: http.Server | undefined;
let agent: http.Agent | undefined;
afterEach(() => {
  agent?.destroy();
  server?.closeAllConnections();
  server?.close();
  server = undefined;
  agent = undefined;
});

/** A server whose /slow answers after `slowMs`, with a keep-alive timeout far beyond the test. */
async function listen(slowMs: number) {
  const s = http.createServer((req, res) => {
    const answer = () => res.end(`done ${req.url}`);
    if (req.url === '/slow') setTimeout(answer, slowMs);
    else answer();
  });
  s.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  server = s;
  agent = new http.Agent({ keepAlive: true });
  const port = (s.address() as AddressInfo).port;
  const get = (p: string) =>
    new Promise<{ status: number; connection?: string; text: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: p, agent }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode!, connection: res.headers.connection, text }),
          );
        })
        .on('error', reject);
    });
  return { s, get };
}

describe('graceful shutdown', () => {
  it('answers the request in flight with Connection: close and does not wait for idle keep-alive sockets', async () => {
    const { s, get } = await listen(600);
    const order: string[] = [];
    let exitCode: number | undefined;
    const life = createLifecycle({ logger, timeoutMs: 10_000, exit: (c) => (exitCode = c) });
    life.attach(s);
    life.onStop(() => order.push('stop'));
    life.onClose(async () => {
      order.push('close');
    });

    // One socket left idle by a finished request, one busy with a slow one.
    expect((await get('/fast')).connection).toBe('keep-alive');
    const slow = get('/slow');
    await sleep(100);

    const started = performance.now();
    const stopped = life.shutdown('SIGTERM');
    expect(life.shuttingDown()).toBe(true);
    expect(order).toEqual(['stop']);

    expect(await slow).toEqual({ status: 200, connection: 'close', text: 'done /slow' });
    expect(await stopped).toBe(0);
    expect(exitCode).toBe(0);
    expect(order).toEqual(['stop', 'close']);
    // Well before the 60 s keep-alive timeout: idle sockets were closed, not waited for.
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('cuts what is still running at the time limit and exits 1', async () => {
    const { s, get } = await listen(30_000);
    let exitCode: number | undefined;
    const life = createLifecycle({ logger, timeoutMs: 300, exit: (c) => (exitCode = c) });
    life.attach(s);
    const stuck = get('/slow');
    await sleep(100);
    expect(await life.shutdown('SIGTERM')).toBe(1);
    expect(exitCode).toBe(1);
    await expect(stuck).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it('exits at once on a second signal', async () => {
    const { s, get } = await listen(30_000);
    const codes: number[] = [];
    const life = createLifecycle({ logger, timeoutMs: 10_000, exit: (c) => codes.push(c) });
    life.attach(s);
    const stuck = get('/slow');
    stuck.catch(() => {});
    await sleep(100);
    void life.shutdown('SIGTERM');
    await sleep(50);
    expect(codes).toEqual([]);
    void life.shutdown('SIGINT');
    expect(codes).toEqual([1]);
  });
});
