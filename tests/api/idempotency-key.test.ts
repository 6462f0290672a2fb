import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import {
  corpusFile,
  filesUnder,
  leftovers,
  uploadForm,
  type UploadFile,
} from '../support/multipart.js';

/*
 * The offline outbox sends every queued upload and quiz generation with an Idempotency-Key that
 * stays the same on every try. A try whose answer was lost (the server did the work, the phone
 * never heard) is sent again: the server must answer what the first try made, not make it twice
 * — one material with one set of stored files, one quiz with one free quiz spent.
 */

const password = 'Study2026';
const column = corpusFile('../study-corpus/textbook/en_ims_ch01_data_hello.md');
const constitution = corpusFile('txt/zh_us_constitution_taiwan_phrasing.txt');
const locked = corpusFile('xlsx/en_password_protected.xlsx');

describe.each(databases)('Idempotency-Key on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  beforeEach(async () => {
    t = await createTestApp({ dialect });
    ({
      token,
      user: { id: userId },
    } = await registerVerifiedUser(t, { email: 'learner@example.com', password }));
  });
  afterEach(async () => t?.close());

  /** POST /materials/upload as the outbox sends it: the files and the key. */
  async function upload(files: UploadFile[], key: string | null, tk = token, title = 'Reading') {
    const headers: Record<string, string> = {
      authorization: `Bearer ${tk}`,
      'accept-language': 'en',
    };
    if (key !== null) headers['idempotency-key'] = key;
    const res = await t.app.request('/api/v1/materials/upload', {
      method: 'POST',
      headers,
      body: uploadForm(files, { title }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const body = JSON.parse(await res.text()) as Record<string, any>;
    return { status: res.status, headers: res.headers, body };
  }

  const generate = (body: Record<string, unknown>, key: string | null, tk = token) =>
    t.call('POST', '/api/v1/quiz/generate', body, {
      token: tk,
      headers: key === null ? {} : { 'idempotency-key': key },
    });

  const materialRows = (uid = userId) =>
    t.db
      .selectFrom('materials')
      .select(['id', 'idempotency_key'])
      .where('user_id', '=', uid)
      .execute();
  const quizRows = (materialId: string) =>
    t.db.selectFrom('quizzes').select('id').where('material_id', '=', materialId).execute();
  const usage = async (tk = token) =>
    (await t.call('GET', '/api/v1/user/profile', undefined, { token: tk })).body.data
      .free_usage_count as number;
  const storedFiles = () => filesUnder(path.join(t.config.dataDir, 'files'));

  describe('POST /materials/upload', () => {
    it('answers a repeated key with the material the first upload made, files stored once', async () => {
      const first = await upload([column, constitution], 'upload-key-1');
      expect(first.status).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect(storedFiles()).toHaveLength(2);

      // The answer was lost; the outbox sends the same request again.
      const again = await upload([column, constitution], 'upload-key-1');
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await materialRows()).toEqual([
        { id: first.body.data.id, idempotency_key: 'upload-key-1' },
      ]);
      expect(storedFiles()).toHaveLength(2);
      expect(leftovers(t).temp).toEqual([]);

      // Another key (or none) is another upload.
      expect((await upload([column], 'upload-key-2')).body.data.id).not.toBe(first.body.data.id);
      expect((await upload([column], null)).status).toBe(201);
      expect(await materialRows()).toHaveLength(3);
    });

    it('refuses the key reused with another upload (422), and still replays the same one', async () => {
      const first = await upload([column], 'reused-key', token, 'Reading');
      expect(first.status).toBe(201);
      // Other files, another title, or the same files in another order: not the same request.
      for (const [files, title] of [
        [[constitution], 'Reading'],
        [[column], 'Another title'],
        [[column, constitution], 'Reading'],
      ] as const) {
        const reused = await upload([...files], 'reused-key', token, title);
        expect(reused.status).toBe(422);
        expect(reused.body).toMatchObject({
          code: 'IDEMPOTENCY_KEY_REUSED',
          messageI18n: {
            en: 'This request ID was already used for a different request. Please send it again.',
            'zh-TW': '這個請求編號已用於另一項請求，請重新送出。',
          },
        });
      }
      expect(await materialRows()).toHaveLength(1);
      expect(storedFiles()).toHaveLength(1);
      expect(leftovers(t).temp).toEqual([]);
      // The same upload again (a new multipart body, a new boundary) is still the replay.
      const again = await upload([column], 'reused-key', token, 'Reading');
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body.data.id).toBe(first.body.data.id);

      // Two different uploads racing with one key: one material, the other refused.
      const racing = await Promise.all([
        upload([column], 'race-reused', token, 'One'),
        upload([constitution], 'race-reused', token, 'Two'),
      ]);
      expect(racing.map((r) => r.status).sort()).toEqual([201, 422]);
      expect(await materialRows()).toHaveLength(2);
      expect(leftovers(t).temp).toEqual([]);
    });

    it('makes one material when two requests with the same key race', async () => {
      const [a, b] = await Promise.all([
        upload([column, constitution], 'racing-key'),
        upload([column, constitution], 'racing-key'),
      ]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(b.body.data.id).toBe(a.body.data.id);
      expect(await materialRows()).toHaveLength(1);
      // The loser's copies of the files were removed again.
      expect(storedFiles()).toHaveLength(2);
      expect(leftovers(t).temp).toEqual([]);
      const listed = await t.call('GET', '/api/v1/materials', undefined, { token });
      expect(listed.body.data).toHaveLength(1);
    });

    it('keeps keys per learner', async () => {
      const other = await registerVerifiedUser(t, { email: 'other@example.com', password });
      const mine = await upload([column], 'shared-key');
      const theirs = await upload([column], 'shared-key', other.token);
      expect(theirs.status).toBe(201);
      expect(theirs.headers.get('idempotent-replayed')).toBeNull();
      expect(theirs.body.data.id).not.toBe(mine.body.data.id);
      expect(await materialRows(other.user.id)).toHaveLength(1);
    });

    it('keeps nothing of a refused upload: the same key later makes the material', async () => {
      const refused = await upload([locked], 'retry-key');
      expect(refused.status).toBe(422);
      expect(await materialRows()).toEqual([]);
      const fixed = await upload([column], 'retry-key');
      expect(fixed.status).toBe(201);
      expect(fixed.headers.get('idempotent-replayed')).toBeNull();
      expect(await materialRows()).toHaveLength(1);
    });

    it('refuses a malformed key before storing anything', async () => {
      const long = await upload([column], 'k'.repeat(101));
      expect(long.status).toBe(400);
      expect(long.body.code).toBe('VALIDATION_FAILED');
      expect(long.body.fields).toHaveProperty('Idempotency-Key');
      expect(long.body.messageI18n['zh-TW']).toBeTruthy();
      const spaced = await upload([column], 'two words');
      expect(spaced.status).toBe(400);
      expect(await materialRows()).toEqual([]);
      expect(leftovers(t)).toEqual({ stored: [], temp: [] });
    });
  });

  describe('POST /quiz/generate', () => {
    async function material(file = column) {
      const res = await upload([file], null);
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    }
    const settings = (materialId: string, generationId = crypto.randomUUID()) => ({
      materialId,
      generationId,
      title: 'Commute quiz',
      questionCount: 5,
      questionTypes: ['multiple_choice', 'true_false'],
      language: 'en-US',
    });

    it('answers a repeated key with the quiz already made, spending one free quiz', async () => {
      const materialId = await material();
      const body = settings(materialId);
      const first = await generate(body, 'gen-key-1');
      expect(first.status).toBe(201);
      expect(await usage()).toBe(1);

      const again = await generate(body, 'gen-key-1');
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(await quizRows(materialId)).toHaveLength(1);
      expect(await usage()).toBe(1);
      const generation = await t.call(
        'GET',
        `/api/v1/quiz/generations/${body.generationId}`,
        undefined,
        { token },
      );
      expect(generation.body.data).toMatchObject({
        status: 'succeeded',
        quizId: first.body.data.quizId,
      });

      // Without the key the same generation id is still refused, as before.
      const noKey = await generate(body, null);
      expect(noKey.status).toBe(409);
      expect(noKey.body.code).toBe('GENERATION_IN_PROGRESS');
      expect(await quizRows(materialId)).toHaveLength(1);
    });

    it('makes one quiz when two requests with the same key race', async () => {
      const materialId = await material(constitution);
      const body = settings(materialId);
      const [a, b] = await Promise.all([
        generate(body, 'racing-gen'),
        generate(body, 'racing-gen'),
      ]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(b.body.data.quizId).toBe(a.body.data.quizId);
      expect(await quizRows(materialId)).toHaveLength(1);
      expect(await usage()).toBe(1);
      const rows = await t.db
        .selectFrom('quiz_generations')
        .select(['status', 'idempotency_key'])
        .where('user_id', '=', userId)
        .execute();
      expect(rows).toEqual([{ status: 'succeeded', idempotency_key: 'racing-gen' }]);
    });

    it('runs again under the same key when the first try failed, and charges once', async () => {
      const materialId = await material();
      const body = settings(materialId);
      // The free quizzes are used up: the first try is refused and spends nothing.
      await t.db
        .updateTable('users')
        .set({ free_usage_count: 3 })
        .where('id', '=', userId)
        .execute();
      const refused = await generate(body, 'gen-after-upgrade');
      expect(refused.status).toBe(402);
      expect(refused.body.code).toBe('QUOTA_EXCEEDED');
      expect(await quizRows(materialId)).toHaveLength(0);

      // The learner subscribes; the outbox's retry of the same request now makes the quiz.
      await t.db
        .updateTable('users')
        .set({ account_type: 'premium' })
        .where('id', '=', userId)
        .execute();
      const retried = await generate(body, 'gen-after-upgrade');
      expect(retried.status).toBe(201);
      expect(await quizRows(materialId)).toHaveLength(1);
      expect((await generate(body, 'gen-after-upgrade')).body.data.quizId).toBe(
        retried.body.data.quizId,
      );
      expect(await usage()).toBe(3);
      const rows = await t.db
        .selectFrom('quiz_generations')
        .select(['id', 'status'])
        .where('user_id', '=', userId)
        .execute();
      expect(rows).toEqual([{ id: body.generationId, status: 'succeeded' }]);
    });

    it('refuses the key reused for another material, and keeps keys per learner', async () => {
      const first = await material();
      const second = await material(constitution);
      expect((await generate(settings(first), 'one-key')).status).toBe(201);
      const reused = await generate(settings(second), 'one-key');
      expect(reused.status).toBe(422);
      expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(reused.body.messageI18n['zh-TW']).toMatch(/請求/);
      expect(await quizRows(second)).toHaveLength(0);

      const other = await registerVerifiedUser(t, { email: 'other@example.com', password });
      const theirMaterial = (await upload([column], null, other.token)).body.data.id as string;
      const theirs = await generate(settings(theirMaterial), 'one-key', other.token);
      expect(theirs.status).toBe(201);
      expect(await quizRows(theirMaterial)).toHaveLength(1);
      expect(await usage(other.token)).toBe(1);
    });

    it('refuses a malformed key', async () => {
      const materialId = await material();
      const res = await generate(settings(materialId), 'x'.repeat(101));
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty('Idempotency-Key');
      expect(await usage()).toBe(0);
    });
  });
});
