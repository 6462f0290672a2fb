import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databases } from '../support/test-app.js';
import { corpusFile, multipartBytes } from '../support/multipart.js';
import { api, serverStore, signUp, sleep } from '../support/server-process.js';

/*
 * Issue 19, item 9, on the real process: started with stdout/stderr piped to its parent, a
 * learner signs up, uploads and generates a quiz; then the process group gets SIGTERM and the
 * parent stops reading and closes its ends of the pipes. The server used to stop listening and
 * never exit (pino's exit-time flush retrying the broken pipe forever, the main thread asleep in
 * Atomics.wait, a second SIGTERM never handled). It must exit within SHUTDOWN_TIMEOUT_MS.
 */

const root = path.resolve(import.meta.dirname, '../..');
const column = corpusFile('md/en_audrey_tang_2025_ai_safety_column.md');
const SHUTDOWN_TIMEOUT_MS = 4000;

describe.each(databases)(
  'SIGTERM with the output pipes closed on %s',
  { timeout: 180_000 },
  (dialect) => {
    let store: Awaited<ReturnType<typeof serverStore>> | undefined;
    let pid: number | undefined;
    afterEach(async () => {
      if (pid) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      pid = undefined;
      await store?.drop();
    });

    it('exits after a generation even though nobody reads its output any more', async () => {
      store = await serverStore(dialect, 'pipes');
      const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
        cwd: root,
        // Its own process group, as `npm start` in a terminal or a supervisor would have.
        detached: true,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'production',
          BILLING_DEMO_ALLOWED: 'true',
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          SERVE_WEB: 'false',
          SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
          ...store.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      pid = child.pid;
      let log = '';
      child.stdout.on('data', (c: Buffer) => (log += c.toString()));
      child.stderr.on('data', (c: Buffer) => (log += c.toString()));
      const exited = new Promise<number>((resolve) =>
        child.once('exit', () => resolve(Date.now())),
      );
      let port: number | undefined;
      for (let i = 0; i < 1200 && !port; i++) {
        const line = log.split('\n').find((l) => l.includes('"Mnemo is listening"'));
        if (line) port = (JSON.parse(line) as { port: number }).port;
        else await sleep(50);
      }
      expect(port, log).toBeDefined();
      const base = `http://127.0.0.1:${port}`;

      const { token } = await signUp(base, store.dataDir, 'piped@example.com');
      const { contentType, body } = await multipartBytes([column], { title: 'Column' });
      const uploaded = await fetch(`${base}/api/v1/materials/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        body,
      });
      expect(uploaded.status).toBe(201);
      const materialId = ((await uploaded.json()) as { data: { id: string } }).data.id;
      const quiz = await api(
        base,
        'POST',
        '/api/v1/quiz/generate',
        { materialId, questionCount: 5, difficulty: 'basic', language: 'en-US' },
        token,
      );
      expect(quiz.status, JSON.stringify(quiz.body)).toBe(201);

      // SIGTERM to the group; the parent stops reading and closes its ends of the pipes.
      const signalled = Date.now();
      process.kill(-pid!, 'SIGTERM');
      child.stdout.destroy();
      child.stderr.destroy();
      const deadline = sleep(SHUTDOWN_TIMEOUT_MS + 2000).then(() => null);
      const at = await Promise.race([exited, deadline]);
      expect(at, 'the server did not exit').not.toBeNull();
      expect(at! - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
      pid = undefined;
    });
  },
);
