import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { extractDocument } from '../../api/extract/index.js';
import {
  closeExtractionWorkers,
  extractionPoolStats,
  runInWorker,
} from '../../api/extract/run-in-worker.js';
import { defaultLimits, type ExtractLimits } from '../../api/extract/types.js';
import { defaultPoolOptions, WorkerPool } from '../../api/extract/worker-pool.js';
import { appError, corpus, job, source, texts } from './extract-fixtures.js';

const pdf = corpus('pdf/en_tracemonkey_pldi09_2col.pdf');
const txt = corpus('txt/zh_us_constitution_taiwan_phrasing.txt');
const limits: ExtractLimits = { ...defaultLimits, timeoutMs: 60_000 };

afterAll(() => closeExtractionWorkers());

describe('the shared extraction pool, as uploads use it', () => {
  it('runs two extractions one after the other on the same warm worker', async () => {
    const first = await extractDocument([source('pdf', pdf)], limits);
    const afterFirst = extractionPoolStats();
    const second = await extractDocument([source('pdf', pdf)], limits);
    const afterSecond = extractionPoolStats();

    expect(second.blocks).toEqual(first.blocks);
    expect(afterFirst.idleThreadIds).toHaveLength(1);
    expect(afterSecond.started).toBe(afterFirst.started);
    expect(afterSecond.idleThreadIds).toEqual(afterFirst.idleThreadIds);
    expect(afterSecond.busy).toBe(0);
  }, 60_000);

  it('stops every worker on closeExtractionWorkers', async () => {
    await runInWorker(job('text', txt, limits));
    await closeExtractionWorkers();
    expect(extractionPoolStats().idleThreadIds).toEqual([]);
  }, 60_000);
});

describe('WorkerPool', () => {
  let pool: WorkerPool;
  afterEach(() => pool.close());

  it('stops a worker whose job ran out of time, and the next job still succeeds', async () => {
    pool = new WorkerPool();
    await pool.run(job('text', txt, limits));
    const [warm] = pool.stats().idleThreadIds;

    // Fourteen pages of pdf.js layout cannot finish in 10 ms.
    const err = await appError(pool.run(job('pdf', pdf, { ...limits, timeoutMs: 10 })));
    expect(err.code).toBe('EXTRACTION_TIMEOUT');
    expect(pool.stats().idleThreadIds).not.toContain(warm);

    const next = await pool.run(job('pdf', pdf, limits));
    expect(texts(next).join('\n')).toContain('Every compiled trace contains all the guards');
    expect(pool.stats().started).toBe(2);
  }, 60_000);

  it('ends a cancelled job as EXTRACTION_CANCELLED and never reuses its worker', async () => {
    pool = new WorkerPool();
    await pool.run(job('text', txt, limits));
    const [warm] = pool.stats().idleThreadIds;

    const controller = new AbortController();
    const running = pool.run(job('pdf', pdf, limits), controller.signal);
    controller.abort();
    expect((await appError(running)).code).toBe('EXTRACTION_CANCELLED');
    expect(pool.stats()).toMatchObject({ busy: 0, idleThreadIds: [] });
    expect(warm).toBeDefined();

    const already = await appError(pool.run(job('text', txt, limits), AbortSignal.abort()));
    expect(already.code).toBe('EXTRACTION_CANCELLED');
    expect(pool.stats().started).toBe(1);
  }, 60_000);

  it('completes more concurrent jobs than it keeps warm, then keeps only its size idle', async () => {
    pool = new WorkerPool({ ...defaultPoolOptions, size: 1 });
    const results = await Promise.all([1, 2, 3].map(() => pool.run(job('text', txt, limits))));

    for (const result of results) expect(texts(result).join('')).toContain('美利堅合眾國憲法');
    expect(pool.stats()).toMatchObject({ started: 3, busy: 0 });
    expect(pool.stats().idleThreadIds).toHaveLength(1);
  }, 60_000);

  it('retires a worker after its job quota and starts a fresh one', async () => {
    pool = new WorkerPool({ ...defaultPoolOptions, maxJobsPerWorker: 2 });
    const threads: number[] = [];
    for (let i = 0; i < 3; i++) {
      await pool.run(job('text', txt, limits));
      threads.push(pool.stats().idleThreadIds.at(-1) ?? -1);
    }
    // The second job was the first worker's last: it stopped instead of waiting idle.
    expect(threads[1]).toBe(-1);
    expect(threads[2]).not.toBe(threads[0]);
    expect(pool.stats().started).toBe(2);
  }, 60_000);

  it('does not lend a worker started with another heap cap', async () => {
    pool = new WorkerPool();
    await pool.run(job('text', txt, limits));
    await pool.run(job('text', txt, { ...limits, maxMemoryMb: 256 }));
    expect(pool.stats()).toMatchObject({ started: 2 });
    expect(pool.stats().idleThreadIds).toHaveLength(2);
  }, 60_000);
});
