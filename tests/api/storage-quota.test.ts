import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import {
  corpusFile,
  leftovers,
  multipartBytes,
  upload,
  type UploadFile,
} from '../support/multipart.js';
import { createApp } from '../../api/app.js';
import { createLogger } from '../../api/lib/logger.js';
import { createRedis, type RedisConnection } from '../../api/lib/redis.js';
import { redisRateLimiter } from '../../api/lib/redis-rate-limit.js';
import { receiveUpload } from '../../api/materials/upload-parser.js';
import { AppError } from '../../api/lib/errors.js';

/*
 * Per-learner storage (issue 19, item 6): a plan's bytes of originals, counted from the stored
 * file sizes and enforced while an upload streams (nothing written past it, nothing left), and
 * a limit on uploads per learner in a window, shared by instances through Redis.
 */

const KiB = 1024;
const MiB = 1024 * KiB;
const password = 'Study2026';
const column = corpusFile('md/en_audrey_tang_2025_ai_safety_column.md');

/** A real text file padded with its own sentences to exactly `size` bytes. */
function textOfSize(size: number, name: string): UploadFile {
  const text = column.bytes.toString('utf8');
  let body = '';
  while (Buffer.byteLength(body) < size) body += text;
  const bytes = Buffer.from(body).subarray(0, size);
  const cut = bytes.lastIndexOf(0x0a);
  return { name, bytes: Buffer.concat([bytes.subarray(0, cut), Buffer.alloc(size - cut, 0x0a)]) };
}

describe.each(databases)('storage quota and upload rate on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  const start = async (env: Record<string, string> = {}) => {
    t = await createTestApp({
      dialect,
      env: { STORAGE_QUOTA_FREE_MB: '1', STORAGE_QUOTA_PREMIUM_MB: '3', ...env },
    });
    ({
      token,
      user: { id: userId },
    } = await registerVerifiedUser(t, { email: 'learner@example.com', password }));
  };
  afterEach(async () => t?.close());

  const storage = async () =>
    (await t.call('GET', '/api/v1/materials/storage', undefined, { token })).body.data as {
      plan: string;
      usedBytes: number;
      limitBytes: number;
      availableBytes: number;
    };
  const materialCount = async () =>
    (await t.db.selectFrom('materials').select('id').where('user_id', '=', userId).execute())
      .length;

  describe('quota', () => {
    beforeEach(() => start());

    it('shows used and available, counts stored sizes, refuses past the plan with 413', async () => {
      expect(await storage()).toEqual({
        plan: 'free',
        usedBytes: 0,
        limitBytes: MiB,
        availableBytes: MiB,
      });
      const first = await upload(t, token, [textOfSize(600 * KiB, 'first.txt')]);
      expect(first.status).toBe(201);
      expect(await storage()).toMatchObject({
        usedBytes: 600 * KiB,
        availableBytes: MiB - 600 * KiB,
      });

      const second = await upload(t, token, [textOfSize(600 * KiB, 'second.txt')]);
      expect(second.status).toBe(413);
      expect(second.body).toMatchObject({
        code: 'STORAGE_QUOTA_EXCEEDED',
        usedBytes: 600 * KiB,
        limitBytes: MiB,
        messageI18n: {
          en: "Not enough storage: you are using 0.6 MB of your plan's 1 MB. Delete materials you no longer need and try again.",
          'zh-TW': '儲存空間不足：您已使用 0.6 MB，方案上限為 1 MB。請刪除不需要的教材後再上傳。',
        },
      });
      expect(second.headers.get('connection')).toBe('close');
      // Nothing of the refused upload is kept: no row, no stored original, no temp file.
      expect(await materialCount()).toBe(1);
      expect(leftovers(t).stored).toHaveLength(1);
      expect(leftovers(t).temp).toEqual([]);

      // What fits still goes in; deleting gives the space back.
      expect((await upload(t, token, [textOfSize(300 * KiB, 'small.txt')])).status).toBe(201);
      const del = await t.call('DELETE', `/api/v1/materials/${first.body.data.id}`, {}, { token });
      expect(del.status).toBe(200);
      expect(await storage()).toMatchObject({ usedBytes: 300 * KiB });
      expect((await upload(t, token, [textOfSize(600 * KiB, 'again.txt')])).status).toBe(201);
    });

    it('refuses at once, before reading, when nothing is left', async () => {
      expect((await upload(t, token, [textOfSize(MiB, 'full.txt')])).status).toBe(201);
      expect((await storage()).availableBytes).toBe(0);
      let pulls = 0;
      const { contentType, body } = await multipartBytes([textOfSize(10 * KiB, 'more.txt')]);
      const res = await t.app.request('/api/v1/materials/upload', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        body: new ReadableStream<Uint8Array>({
          pull(controller) {
            pulls++;
            controller.enqueue(new Uint8Array(body));
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { code: string }).code).toBe('STORAGE_QUOTA_EXCEEDED');
      expect(pulls).toBeLessThanOrEqual(1);
      expect(leftovers(t).temp).toEqual([]);
    });

    it('gives a premium learner the premium quota', async () => {
      await t.db
        .updateTable('users')
        .set({ account_type: 'premium' })
        .where('id', '=', userId)
        .execute();
      expect(await storage()).toMatchObject({ plan: 'premium', limitBytes: 3 * MiB });
      for (const name of ['a.txt', 'b.txt']) {
        expect((await upload(t, token, [textOfSize(900 * KiB, name)])).status).toBe(201);
      }
      expect((await storage()).usedBytes).toBe(1800 * KiB);
    });

    it('keeps parallel uploads together within the quota', async () => {
      const results = await Promise.all(
        [1, 2, 3, 4].map((i) => upload(t, token, [textOfSize(400 * KiB, `part-${i}.txt`)])),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 201, 413, 413]);
      expect((await storage()).usedBytes).toBe(800 * KiB);
      expect(leftovers(t).stored).toHaveLength(2);
      expect(leftovers(t).temp).toEqual([]);
    });

    it('writes no byte past the storage left while streaming, and removes the partial file', async () => {
      const tempRoot = path.join(t.config.dataDir, 'tmp-probe');
      const file = textOfSize(300 * KiB, 'big.txt');
      const { contentType, body } = await multipartBytes([file]);
      // A slow body: the watcher sees every size the temp file ever had.
      const sizes: number[] = [];
      const watch = setInterval(() => {
        for (const dir of fs.existsSync(tempRoot) ? fs.readdirSync(tempRoot) : []) {
          for (const f of fs.readdirSync(path.join(tempRoot, dir))) {
            sizes.push(fs.statSync(path.join(tempRoot, dir, f)).size);
          }
        }
      }, 1);
      async function* slow() {
        for (let i = 0; i < body.length; i += 16 * KiB) {
          yield body.subarray(i, i + 16 * KiB);
          await new Promise((r) => setTimeout(r, 3));
        }
      }
      const failed = await receiveUpload(
        { body: Readable.from(slow()), contentType, contentLength: undefined },
        t.config.uploads,
        tempRoot,
        { availableBytes: 100 * KiB, exceeded: () => new AppError('STORAGE_QUOTA_EXCEEDED') },
      ).catch((err: unknown) => err);
      clearInterval(watch);
      expect(failed).toBeInstanceOf(AppError);
      expect((failed as AppError).code).toBe('STORAGE_QUOTA_EXCEEDED');
      expect(sizes.length).toBeGreaterThan(0);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(100 * KiB);
      expect(fs.readdirSync(tempRoot)).toEqual([]);
    });
  });

  describe('upload rate', () => {
    it('refuses a learner past UPLOAD_RATE_LIMIT in the window with 429, per learner', async () => {
      await start({ UPLOAD_RATE_LIMIT: '2', UPLOAD_RATE_WINDOW_SECONDS: '600' });
      const small = textOfSize(2 * KiB, 'note.txt');
      expect((await upload(t, token, [small])).status).toBe(201);
      expect((await upload(t, token, [small])).status).toBe(201);
      const third = await upload(t, token, [small]);
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({
        code: 'UPLOAD_RATE_LIMITED',
        messageI18n: {
          en: expect.stringMatching(
            /^You have uploaded many times in a short while\. Please try again in \d+ minutes\.$/,
          ),
          'zh-TW': expect.stringMatching(/^短時間內上傳太多次了，請在 \d+ 分鐘後再試。$/),
        },
      });
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await materialCount()).toBe(2);
      // Another learner has their own count; the window's end lets this one in again.
      const other = await registerVerifiedUser(t, { email: 'other@example.com', password });
      expect((await upload(t, other.token, [small])).status).toBe(201);
      t.clock.advance(600_000);
      expect((await upload(t, token, [small])).status).toBe(201);
    });
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const redisUp = await redisAnswers();

describe.skipIf(!redisUp).each(databases)('upload rate shared through Redis on %s', (dialect) => {
  let t: TestApp;
  const connections: RedisConnection[] = [];
  afterEach(async () => {
    for (const c of connections.splice(0)) await c.close();
    await t?.close();
  });

  it('counts one learner across two instances', async () => {
    t = await createTestApp({ dialect, env: { UPLOAD_RATE_LIMIT: '2' } });
    const { token } = await registerVerifiedUser(t, { email: 'learner@example.com', password });
    const prefix = `mnemo:test:${crypto.randomUUID()}:`;
    const logger = createLogger('silent');
    const instance = () => {
      const redis = createRedis(REDIS_URL, logger);
      connections.push(redis);
      const rateLimiter = redisRateLimiter({ redis, clock: t.clock, logger, prefix });
      return createApp({ ...t.deps, logger, rateLimiter, redis });
    };
    const [a, b] = [instance(), instance()];
    const small = textOfSize(2 * KiB, 'note.txt');
    const send = async (app: ReturnType<typeof createApp>) => {
      const { contentType, body } = await multipartBytes([small]);
      const res = await app.request('/api/v1/materials/upload', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        body,
      });
      return { status: res.status, code: ((await res.json()) as { code?: string }).code };
    };
    expect((await send(a)).status).toBe(201);
    expect((await send(b)).status).toBe(201);
    expect(await send(a)).toEqual({ status: 429, code: 'UPLOAD_RATE_LIMITED' });
    expect(await send(b)).toEqual({ status: 429, code: 'UPLOAD_RATE_LIMITED' });
  });
});
