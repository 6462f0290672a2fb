import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../scripts/build-api.mjs';
import type * as ExtractIndex from '../../api/extract/index.js';
import type * as RunInWorker from '../../api/extract/run-in-worker.js';
import { defaultLimits } from '../../api/extract/types.js';
import { corpus, source } from './extract-fixtures.js';

/**
 * `npm start` runs the API compiled by scripts/build-api.mjs, and the extraction workers run the
 * compiled worker: files the API finds at run time through import.meta.url must be there too.
 * The build goes inside the repository (packages resolve from its node_modules), not in
 * .build/api, which a running `npm start` may be using.
 */
const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, '.build', `test-api-${process.pid}`);
const SLOW = 120_000;

let compiled: typeof ExtractIndex;
let workers: typeof RunInWorker;
beforeAll(async () => {
  await buildApi({ outDir });
  const load = (rel: string) => import(pathToFileURL(path.join(outDir, rel)).href);
  compiled = (await load('extract/index.js')) as typeof ExtractIndex;
  workers = (await load('extract/run-in-worker.js')) as typeof RunInWorker;
}, SLOW);

afterAll(async () => {
  await workers?.closeExtractionWorkers();
  await rm(outDir, { recursive: true, force: true });
});

describe('the compiled API (npm start)', () => {
  it('writes worker entries that load the compiled workers without tsx', async () => {
    for (const entry of ['extract/worker-entry.mjs', 'quizgen/thread/entry.mjs']) {
      const text = await readFile(path.join(outDir, entry), 'utf8');
      expect(text, entry).not.toMatch(/from 'tsx/);
      expect(text, entry).toContain("await import('./worker.js');");
      expect(existsSync(path.join(outDir, path.dirname(entry), 'worker.js')), entry).toBe(true);
    }
    expect(existsSync(path.join(outDir, 'server.js'))).toBe(true);
    expect(existsSync(path.join(outDir, 'extract', 'pdf', 'pdfjs-worker.d.js'))).toBe(false);
  });

  it(
    'extracts a PDF and a CSV on compiled worker threads',
    async () => {
      const doc = await compiled.extractDocument(
        [
          source('pdf', corpus('pdf/en_tracemonkey_pldi09_2col.pdf')),
          source('csv', corpus('csv/zh_gov_office_calendar_115_utf8_bom.csv')),
        ],
        defaultLimits,
      );
      const text = doc.blocks.map((b) => b.text).join('\n');
      expect(text).toContain('Every compiled trace contains all the guards');
      expect(text).toContain('西元日期: 20261010; 星期: 六; 是否放假: 2; 備註: 國慶日');
      expect(workers.extractionPoolStats().started).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    'starts the compiled server, which migrates a new database and answers /healthz',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'mnemo-build-test-'));
      const server = spawn(process.execPath, [path.join(outDir, 'server.js')], {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'info',
          SERVE_WEB: 'false',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        let output = '';
        const port = await new Promise<number>((resolve, reject) => {
          const onData = (chunk: Buffer) => {
            output += chunk.toString();
            const found = /"port":(\d+)/.exec(output);
            if (found) resolve(Number(found[1]));
          };
          server.stdout.on('data', onData);
          server.stderr.on('data', onData);
          server.once('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
        });
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        expect(res.status).toBe(200);
        expect(existsSync(path.join(dataDir, 'mnemo.sqlite'))).toBe(true);
      } finally {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
