import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../api/db/database.js';
import { databases } from '../support/test-app.js';
import { corpusFile, multipartBytes } from '../support/multipart.js';
import { startS3Peer } from '../support/s3-peer.js';
import {
  api,
  connectionRefused,
  signUp,
  sleep,
  slowUpload,
  startServer,
  type Running,
} from '../support/server-process.js';

/*
 * The real server (api/server.ts) as a child process, as it runs in production: a SIGTERM
 * lets the upload in flight finish, refuses new connections and exits 0; a request that
 * outlives SHUTDOWN_TIMEOUT_MS is cut and the exit code says so; generations a stopped server
 * left running are failed at the next start with their free quiz given back.
 */

const constitution = corpusFile('txt/zh_us_constitution_taiwan_phrasing.txt');

// Each test starts the server (once or twice) as a process of its own: seconds on a busy machine.
describe.each(databases)('server lifecycle on %s', { timeout: 180_000 }, (dialect) => {
  let dataDir: string;
  let env: Record<string, string>;
  let dbName: string | undefined;
  let server: Running | undefined;
  let handle: DbHandle | undefined;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-lifecycle-'));
    env = { DATA_DIR: dataDir };
    if (dialect === 'postgres') {
      // A database of its own: the server migrates it as it would a production one.
      dbName = `mnemo_lifecycle_${randomUUID().replace(/-/g, '')}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${dbName}`;
      env.DATABASE_URL = url.toString();
    }
  });

  afterEach(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    server = undefined;
    await handle?.close();
    handle = undefined;
    if (dbName) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
      dbName = undefined;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The server's database, opened from the test. */
  const database = () =>
    (handle ??= openDatabase({
      databaseUrl: env.DATABASE_URL,
      sqlitePath: path.join(dataDir, 'mnemo.sqlite'),
    }));

  it('finishes the upload in flight on SIGTERM, refuses new connections and exits 0', async () => {
    server = await startServer(env);
    const { port } = server;
    const { token, userId } = await signUp(server.base, dataDir, 'learner@example.com');
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);

    const { contentType, body } = await multipartBytes([constitution], { title: 'In flight' });
    const upload = slowUpload(port, token, body, contentType);
    const half = Math.floor(body.length / 2);
    upload.req.write(body.subarray(0, half));
    await sleep(300);

    server.child.kill('SIGTERM');
    for (let i = 0; i < 50 && !server.output().includes('shutting down'); i++) await sleep(20);
    expect(server.output()).toContain('shutting down');
    expect(await connectionRefused(port)).toBe(true);

    // The rest of the body arrives slowly, after the signal.
    for (let at = half; at < body.length; at += 4096) {
      upload.req.write(body.subarray(at, Math.min(at + 4096, body.length)));
      await sleep(20);
    }
    upload.req.end();
    const res = await upload.answer;
    expect(res.status).toBe(201);
    expect(res.headers.connection).toBe('close');
    const material = (JSON.parse(res.text) as { data: { id: string; title: string } }).data;
    expect(material.title).toBe('In flight');

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('"stopped"');

    // What the finished request wrote is there, whole.
    const rows = await database()
      .db.selectFrom('material_files')
      .select(['storage_key', 'file_size'])
      .where('material_id', '=', material.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.storage_key.startsWith(`${userId}/${material.id}/`)).toBe(true);
    const stored = path.join(dataDir, 'files', ...rows[0]!.storage_key.split('/'));
    expect(fs.readFileSync(stored).equals(constitution.bytes)).toBe(true);
  });

  it('cuts a request still running at SHUTDOWN_TIMEOUT_MS and exits 1, keeping nothing of it', async () => {
    server = await startServer({ ...env, SHUTDOWN_TIMEOUT_MS: '1500' });
    const { token } = await signUp(server.base, dataDir, 'learner@example.com');
    const { contentType, body } = await multipartBytes([constitution], { title: 'Stalled' });
    const upload = slowUpload(server.port, token, body, contentType);
    upload.req.write(body.subarray(0, Math.floor(body.length / 2)));
    await sleep(300);

    const signalled = performance.now();
    server.child.kill('SIGTERM');
    // The client never sends the rest.
    expect(await server.exited).toEqual({ code: 1, signal: null });
    const took = performance.now() - signalled;
    expect(took).toBeGreaterThan(1400);
    expect(took).toBeLessThan(15_000);
    await expect(upload.answer).rejects.toThrow();
    expect(server.output()).toContain('cutting them');
    upload.req.destroy();

    const materials = await database().db.selectFrom('materials').select('id').execute();
    expect(materials).toEqual([]);
  });

  it('keeps originals in the bucket S3_* names, and is not ready while the bucket is down', async () => {
    const peer = await startS3Peer();
    try {
      server = await startServer({ ...env, ...peer.env });
      expect(server.output()).toContain(`"files":"s3://${peer.bucket} (${peer.endpoint})"`);
      const { token, userId } = await signUp(server.base, dataDir, 'learner@example.com');
      const { contentType, body } = await multipartBytes([constitution], { title: 'In S3' });
      const made = slowUpload(server.port, token, body, contentType);
      made.req.end(body);
      const res = await made.answer;
      expect(res.status).toBe(201);
      const m = (
        JSON.parse(res.text) as { data: { id: string; files: Array<{ id: string; path: string }> } }
      ).data;
      expect(peer.objects()).toEqual([`${userId}/${m.id}/${m.files[0]!.id}`]);
      expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);
      const file = await fetch(server.base + m.files[0]!.path, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(Buffer.from(await file.arrayBuffer()).equals(constitution.bytes)).toBe(true);
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);

      await peer.stop();
      const down = await fetch(`${server.base}/readyz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ checks: { database: 'ok', storage: 'failed' } });
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);

      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    } finally {
      await peer.close();
    }
  });

  it('fails generations a stopped server left running, at the next start, giving the quota back', async () => {
    server = await startServer(env);
    const { token, userId } = await signUp(server.base, dataDir, 'learner@example.com');
    const { contentType, body } = await multipartBytes([constitution], { title: 'Notes' });
    const made = slowUpload(server.port, token, body, contentType);
    made.req.end(body);
    const materialId = (JSON.parse((await made.answer).text) as { data: { id: string } }).data.id;
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);

    // What a server killed in the middle of a generation leaves: a running row, a quiz counted.
    const db = database().db;
    const old = new Date(Date.now() - 20 * 60_000).toISOString();
    const id = randomUUID();
    await db
      .insertInto('quiz_generations')
      .values({
        id,
        user_id: userId,
        material_id: materialId,
        status: 'running',
        stage: 'writing',
        quota_reserved: 1,
        created_at: old,
        updated_at: old,
      })
      .execute();
    await db.updateTable('users').set({ free_usage_count: 1 }).where('id', '=', userId).execute();
    await handle!.close();
    handle = undefined;

    server = await startServer(env);
    const g = await api(server.base, 'GET', `/api/v1/quiz/generations/${id}`, undefined, token);
    expect(g.body.data).toMatchObject({ status: 'failed', errorCode: 'GENERATION_FAILED' });
    const profile = await api(server.base, 'GET', '/api/v1/user/profile', undefined, token);
    expect(profile.body.data.free_usage_count).toBe(0);
    expect(server.output()).toContain('quiz generations left running by a stopped server');
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });
});
