import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/env.js';
import { createApp } from '../../api/app.js';
import { isLoopback, startupWarnings } from '../../api/lib/startup-warnings.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { serverStore, startServer, type Running } from '../support/server-process.js';

/*
 * Issue 19, item 8: the demo checkout reachable from other machines is said loudly at start-up,
 * and a proxy the server was not told about (X-Forwarded-For with TRUST_PROXY off) once.
 */

const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'development', ...env });
const DEMO = /The DEMO checkout is live on/;

describe('start-up warnings', () => {
  it('warns of the demo checkout on a non-loopback address only', () => {
    expect(startupWarnings(config({ HOST: '0.0.0.0' }))).toEqual([expect.stringMatching(DEMO)]);
    expect(startupWarnings(config({ HOST: '192.168.1.20' }))).toHaveLength(1);
    expect(
      startupWarnings(
        config({ NODE_ENV: 'production', BILLING_DEMO_ALLOWED: 'true', HOST: '::' }),
      )[0],
    ).toContain('BILLING_DEMO_ALLOWED=true allowed it');
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.53']) {
      expect(isLoopback(host), host).toBe(true);
      expect(startupWarnings(config({ HOST: host }))).toEqual([]);
    }
    // Real payments: nothing to say, whatever the address.
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      HOST: '0.0.0.0',
    };
    expect(startupWarnings(config(stripe))).toEqual([]);
  });

  describe('X-Forwarded-For without TRUST_PROXY', () => {
    let t: TestApp;
    afterEach(async () => t?.close());

    const capture = () => {
      const lines: Array<Record<string, unknown>> = [];
      const stream = new Writable({
        write(chunk: Buffer, _e, done) {
          for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
          done();
        },
      });
      return { logger: pino({ level: 'info' }, stream), lines };
    };
    const warnings = (lines: Array<Record<string, unknown>>) =>
      lines.filter((l) => String(l.warning ?? '').includes('X-Forwarded-For'));

    it('is said once when the header arrives and the setting is off', async () => {
      t = await createTestApp();
      const { logger, lines } = capture();
      const app = createApp({ ...t.deps, logger });
      await app.request('/healthz');
      expect(warnings(lines)).toEqual([]);
      for (let i = 0; i < 3; i++) {
        await app.request('/healthz', { headers: { 'x-forwarded-for': '203.0.113.7' } });
      }
      expect(warnings(lines)).toHaveLength(1);
      expect(warnings(lines)[0]).toMatchObject({ level: 40, msg: 'start-up warning' });
    });

    it('is not said with TRUST_PROXY on', async () => {
      t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
      const { logger, lines } = capture();
      const app = createApp({ ...t.deps, logger });
      await app.request('/healthz', { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(warnings(lines)).toEqual([]);
    });
  });

  describe('the real server (npm start)', { timeout: 120_000 }, () => {
    let server: Running | undefined;
    let store: Awaited<ReturnType<typeof serverStore>> | undefined;
    afterEach(async () => {
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      await store?.drop();
      server = undefined;
    });

    it('prints the demo warning on 0.0.0.0, the proxy warning once, and neither on loopback', async () => {
      store = await serverStore('sqlite', 'warn');
      server = await startServer({ ...store.env, HOST: '0.0.0.0' });
      await new Promise((r) => setTimeout(r, 200));
      expect(server.output()).toMatch(/!!! WARNING: The DEMO checkout is live on 0\.0\.0\.0/);
      for (let i = 0; i < 2; i++) {
        await fetch(`${server.base}/healthz`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      }
      await new Promise((r) => setTimeout(r, 200));
      expect(
        server.output().match(/!!! WARNING: Requests arrive with X-Forwarded-For/g),
      ).toHaveLength(1);
      server.child.kill('SIGTERM');
      await server.exited;

      server = await startServer({ ...store.env, HOST: '127.0.0.1' });
      await new Promise((r) => setTimeout(r, 200));
      expect(server.output()).not.toContain('WARNING');
    });
  });
});
