import net from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/env.js';
import { openDatabase } from '../../api/db/database.js';

/*
 * The production settings of issue 9: object storage, shutdown and stale-generation limits,
 * and the PostgreSQL pool — parsed from the environment with clear errors, and the pool
 * settings really applied to the connections.
 */

const base = { DATA_DIR: '/srv/mnemo' };
const errorOf = (env: Record<string, string>) => {
  try {
    loadConfig({ ...base, ...env });
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('loadConfig accepted it');
};

describe('production settings', () => {
  it('defaults to the local folder, a 25 s shutdown, 2 min for stale generations, a queue of 4 × 2 starts, a pool of 10', () => {
    const c = loadConfig(base);
    expect(c.storage).toEqual({ kind: 'local', dir: path.resolve('/srv/mnemo/files') });
    expect(c.shutdownTimeoutMs).toBe(25_000);
    expect(c.generationStaleMs).toBe(2 * 60_000);
    expect(c.generationQueue).toEqual({ concurrency: 4, maxAttempts: 2, pollMs: 1000 });
    expect(c.pgPool).toEqual({
      max: 10,
      idleTimeoutMs: 10_000,
      connectTimeoutMs: 10_000,
      statementTimeoutMs: 0,
    });
  });

  it('selects S3 storage with S3_BUCKET', () => {
    const c = loadConfig({
      ...base,
      S3_BUCKET: 'mnemo-files',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_REGION: 'ap-northeast-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      SHUTDOWN_TIMEOUT_MS: '5000',
      GENERATION_STALE_SECONDS: '600',
      PG_POOL_MAX: '20',
      PG_IDLE_TIMEOUT_MS: '0',
      PG_CONNECT_TIMEOUT_MS: '2000',
      PG_STATEMENT_TIMEOUT_MS: '30000',
    });
    expect(c.storage).toEqual({
      kind: 's3',
      s3: {
        bucket: 'mnemo-files',
        endpoint: 'http://minio:9000',
        region: 'ap-northeast-1',
        credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
    });
    expect(c.shutdownTimeoutMs).toBe(5000);
    expect(c.generationStaleMs).toBe(600_000);
    expect(c.pgPool).toEqual({
      max: 20,
      idleTimeoutMs: 0,
      connectTimeoutMs: 2000,
      statementTimeoutMs: 30_000,
    });
    // On AWS itself: no endpoint, and credentials from the SDK's chain (e.g. an instance role).
    expect(loadConfig({ ...base, S3_BUCKET: 'mnemo-files' }).storage).toEqual({
      kind: 's3',
      s3: {
        bucket: 'mnemo-files',
        endpoint: undefined,
        region: 'us-east-1',
        credentials: undefined,
        forcePathStyle: false,
      },
    });
  });

  it('names each S3 and pool setting that does not hang together', () => {
    expect(errorOf({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'id' })).toContain(
      'S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set',
    );
    expect(errorOf({ S3_ENDPOINT: 'http://minio:9000' })).toContain(
      'S3_BUCKET: required when S3_ENDPOINT is set',
    );
    expect(errorOf({ S3_BUCKET: 'Not_A_Bucket' })).toContain(
      'S3_BUCKET: must be an S3 bucket name',
    );
    expect(errorOf({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'minio:9000' })).toContain(
      'S3_ENDPOINT: must be an http:// or https:// origin',
    );
    expect(errorOf({ S3_BUCKET: 'b-1', S3_FORCE_PATH_STYLE: 'maybe' })).toContain(
      'S3_FORCE_PATH_STYLE',
    );
    expect(errorOf({ PG_POOL_MAX: '0' })).toContain('PG_POOL_MAX');
    expect(errorOf({ PG_STATEMENT_TIMEOUT_MS: '-1' })).toContain('PG_STATEMENT_TIMEOUT_MS');
    expect(errorOf({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toContain('SHUTDOWN_TIMEOUT_MS');
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('PostgreSQL pool settings', () => {
  it('applies the statement timeout and names the connections', async () => {
    const h = openDatabase({ databaseUrl: pgUrl, pool: { statementTimeoutMs: 300 } });
    try {
      const shown = await sql<{
        timeout: string;
        app: string;
      }>`select current_setting('statement_timeout') as timeout, current_setting('application_name') as app`.execute(
        h.db,
      );
      expect(shown.rows[0]).toEqual({ timeout: '300ms', app: 'mnemo' });
      await expect(sql`select pg_sleep(2)`.execute(h.db)).rejects.toMatchObject({
        code: '57014', // query_canceled
      });
    } finally {
      await h.close();
    }
  });

  it('holds at most PG_POOL_MAX connections: the rest wait their turn', async () => {
    const h = openDatabase({ databaseUrl: pgUrl, pool: { max: 2 } });
    try {
      await sql`select 1`.execute(h.db); // connected once
      const started = performance.now();
      await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.4)`.execute(h.db)));
      // Two at a time: two rounds of 0.4 s.
      expect(performance.now() - started).toBeGreaterThan(780);
    } finally {
      await h.close();
    }
  });

  it('gives up on a connection after PG_CONNECT_TIMEOUT_MS', async () => {
    // Accepts TCP and never answers, like a database behind a dead proxy.
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as net.AddressInfo;
    const h = openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`,
      pool: { connectTimeoutMs: 300 },
    });
    try {
      const started = performance.now();
      await expect(sql`select 1`.execute(h.db)).rejects.toThrow(/timeout/i);
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      silent.close();
      await h.close().catch(() => {});
    }
  });
});
