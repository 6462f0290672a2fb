import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { startS3Peer, type S3Peer } from '../support/s3-peer.js';
import { s3Storage, type S3Storage } from '../../api/storage/s3-storage.js';
import { localStorage } from '../../api/storage/local-storage.js';
import { openDatabase } from '../../api/db/database.js';
import { createApp } from '../../api/app.js';

/*
 * GET /healthz says the process is up; GET /readyz says this instance can serve: the database
 * answers and the file store is reachable, and it is not shutting down. Otherwise 503 with the
 * reason, so a load balancer takes it out of rotation.
 */

let t: TestApp | undefined;
let peer: S3Peer | undefined;
let s3: S3Storage | undefined;
afterEach(async () => {
  s3?.close();
  await t?.close();
  await peer?.close();
  t = undefined;
  peer = undefined;
  s3 = undefined;
});

const readyz = async (app: { request: TestApp['app']['request'] }) => {
  const res = await app.request('/readyz');
  return { status: res.status, cache: res.headers.get('cache-control'), body: await res.json() };
};

describe.each(databases)('health and readiness on %s', (dialect) => {
  it('is live and ready with the database and the local folder', async () => {
    t = await createTestApp({ dialect });
    expect((await t.app.request('/healthz')).status).toBe(200);
    expect(await readyz(t.app)).toEqual({
      status: 200,
      cache: 'no-store',
      body: { status: 'ready', checks: { database: 'ok', storage: 'ok' } },
    });
  });

  it('is not ready while the local folder cannot be written', async () => {
    t = await createTestApp({ dialect });
    // A file where the folder should be: neither usable nor creatable.
    const blocked = path.join(t.config.dataDir, 'blocked');
    fs.mkdirSync(t.config.dataDir, { recursive: true });
    fs.writeFileSync(blocked, 'not a folder');
    const app = createApp({ ...t.deps, storage: localStorage(path.join(blocked, 'files')) });
    const res = await readyz(app);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      status: 'unavailable',
      checks: { database: 'ok', storage: 'failed' },
      reason: 'storage: ENOTDIR',
    });
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('follows the S3 bucket: ready while it answers, 503 during an outage, ready again after', async () => {
    peer = await startS3Peer();
    s3 = s3Storage(peer.config);
    t = await createTestApp({ dialect, storage: s3 });
    expect((await readyz(t.app)).body).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok' },
    });

    await peer.stop();
    const down = await readyz(t.app);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      status: 'unavailable',
      checks: { database: 'ok', storage: 'failed' },
    });
    expect(down.body.reason).toMatch(/^storage: /);

    await peer.start();
    expect((await readyz(t.app)).status).toBe(200);
  });

  it('is not ready when the bucket does not exist', async () => {
    peer = await startS3Peer();
    s3 = s3Storage({ ...peer.config, bucket: 'no-such-bucket' });
    t = await createTestApp({ dialect, storage: s3 });
    const res = await readyz(t.app);
    expect(res.status).toBe(503);
    expect(res.body.checks).toEqual({ database: 'ok', storage: 'failed' });
  });

  it('is not ready while shutting down, though both checks pass', async () => {
    t = await createTestApp({ dialect });
    let stopping = false;
    const app = createApp({ ...t.deps, shuttingDown: () => stopping });
    expect((await readyz(app)).status).toBe(200);
    stopping = true;
    expect(await readyz(app)).toMatchObject({
      status: 503,
      body: {
        status: 'unavailable',
        checks: { database: 'ok', storage: 'ok' },
        reason: 'shutting down',
      },
    });
    expect((await app.request('/healthz')).status).toBe(200);
  });
});

describe('readiness without a database', () => {
  it('is not ready when PostgreSQL refuses connections', async () => {
    t = await createTestApp();
    // Nothing listens on port 1.
    const gone = openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      pool: { connectTimeoutMs: 1000 },
    });
    try {
      const app = createApp({ ...t.deps, db: gone.db, dialect: gone.dialect });
      const res = await readyz(app);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: 'unavailable',
        checks: { database: 'failed', storage: 'ok' },
        reason: 'database: ECONNREFUSED',
      });
    } finally {
      await gone.close();
    }
  });

  it('says when the database does not answer in time', async () => {
    t = await createTestApp();
    // A TCP peer that accepts and never answers: the connection hangs, as behind a dead proxy.
    const net = await import('node:net');
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as import('node:net').AddressInfo;
    const hung = openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/none` });
    try {
      const app = createApp({ ...t.deps, db: hung.db, dialect: hung.dialect });
      const started = performance.now();
      const res = await readyz(app);
      expect(performance.now() - started).toBeLessThan(5000);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: 'unavailable',
        checks: { database: 'timeout', storage: 'ok' },
        reason: 'database: no answer within 2000 ms',
      });
    } finally {
      silent.close();
      void hung.close().catch(() => {});
    }
  });
});
