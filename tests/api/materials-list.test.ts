import zlib from 'node:zlib';
import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { corpusFile, upload, type UploadFile } from '../support/multipart.js';
import { migrations } from '../../api/db/migrations/index.js';

const password = 'Study2026';
const enColumn = corpusFile('md/en_audrey_tang_2025_ai_safety_column.md');
const zhColumn = corpusFile('md/zh_audrey_tang_2025_ai_safety_column.md');
const constitution = corpusFile('txt/zh_us_constitution_taiwan_phrasing.txt');
const calendar = corpusFile('csv/zh_gov_office_calendar_115_utf8_bom.csv');
const semicolons = corpusFile('csv/en_semicolon_delimited.csv');

type Row = { id: string; title: string };

describe.each(databases)('GET /api/v1/materials pages and search on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp({ dialect });
    ({ token } = await registerVerifiedUser(t, { email: 'learner@example.com', password }));
  });
  afterEach(async () => t?.close());

  const get = (p: string, headers: Record<string, string> = {}) =>
    t.call('GET', p, undefined, { token, headers });
  const titles = (rows: Row[]) => rows.map((r) => r.title);

  async function add(file: UploadFile, title: string, description = '', advanceMs = 1000) {
    t.clock.advance(advanceMs);
    const res = await upload(t, token, [file], { title, description });
    expect(res.status).toBe(201);
    return res.body.data as Row;
  }

  /** Every page from the first, following nextCursor to the end. */
  async function allPages(limit: number, q = '') {
    const pages: Row[][] = [];
    let cursor: string | null = null;
    do {
      const params = new URLSearchParams({ limit: String(limit) });
      if (cursor) params.set('cursor', cursor);
      if (q) params.set('q', q);
      const res = await get(`/api/v1/materials?${params}`);
      expect(res.status).toBe(200);
      pages.push(res.body.data as Row[]);
      cursor = res.body.nextCursor as string | null;
      expect(pages.length).toBeLessThan(20);
    } while (cursor);
    return pages;
  }

  it('answers the whole list without parameters and pages of `limit` with a cursor', async () => {
    for (const [i, file] of [enColumn, constitution, calendar, semicolons, zhColumn].entries()) {
      await add(file, `Material ${i + 1}`);
    }
    const whole = await get('/api/v1/materials');
    expect(whole.status).toBe(200);
    expect(Array.isArray(whole.body.data)).toBe(true);
    expect(whole.body).not.toHaveProperty('nextCursor');
    expect(titles(whole.body.data)).toEqual([5, 4, 3, 2, 1].map((n) => `Material ${n}`));

    const pages = await allPages(2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(whole.body.data);

    const last = await get(`/api/v1/materials?limit=5`);
    expect(last.body.data).toHaveLength(5);
    expect(last.body.nextCursor).toBeNull();
  });

  it('pages materials made in the same instant without losing or repeating one', async () => {
    for (const n of [1, 2, 3, 4]) await add(calendar, `Same time ${n}`, '', 0);
    const pages = await allPages(3);
    expect(pages.map((p) => p.length)).toEqual([3, 1]);
    expect(new Set(pages.flat().map((r) => r.id)).size).toBe(4);
  });

  it('finds 臺北 for 台北 and the reverse, in titles, descriptions and the extracted text', async () => {
    await add(calendar, '臺北市行事曆', '');
    await add(semicolons, 'Lunch list', '台北 office');
    await add(zhColumn, 'AI 安全專欄', '');
    await add(enColumn, 'Safety column', '');

    const search = async (q: string) =>
      titles((await get(`/api/v1/materials?q=${encodeURIComponent(q)}`)).body.data);
    expect(await search('台北')).toEqual(['Lunch list', '臺北市行事曆']);
    expect(await search('臺北')).toEqual(['Lunch list', '臺北市行事曆']);
    // The zh column's text says 平台; a learner typing the other form still finds it.
    expect(await search('平臺')).toEqual(['AI 安全專欄']);
    expect(await search('平台')).toEqual(['AI 安全專欄']);
    // Case and width do not matter; every word must be there.
    expect(await search('JAILBREAK')).toEqual(['Safety column']);
    expect(await search('ｊａｉｌｂｒｅａｋ')).toEqual(['Safety column']);
    expect(await search('jailbreak 臺北')).toEqual([]);
    // LIKE's own characters are searched for, not used as wildcards.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('   ')).toHaveLength(4);

    const paged = await allPages(1, '台北');
    expect(paged.map(titles)).toEqual([['Lunch list'], ['臺北市行事曆']]);
  });

  it('searches a renamed material by its new title only', async () => {
    const m = await add(calendar, 'Office calendar');
    const renamed = await t.call(
      'PUT',
      `/api/v1/materials/${m.id}`,
      { title: '臺灣行事曆' },
      { token },
    );
    expect(renamed.status).toBe(200);
    expect(titles((await get('/api/v1/materials?q=台湾')).body.data)).toEqual(['臺灣行事曆']);
    expect((await get('/api/v1/materials?q=Office%20calendar')).body.data).toEqual([]);
  });

  it('finds materials uploaded before search existed (0012 folds what is stored)', async () => {
    await add(zhColumn, 'AI 安全專欄');
    await add(calendar, '臺北市行事曆');
    const migrator = new Migrator({
      db: t.db,
      provider: { getMigrations: async () => migrations },
    });
    expect((await migrator.migrateTo('0010-storage-deletions')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(titles((await get('/api/v1/materials?q=平臺')).body.data)).toEqual(['AI 安全專欄']);
    expect(titles((await get('/api/v1/materials?q=台北')).body.data)).toEqual(['臺北市行事曆']);
  });

  it('refuses a malformed cursor or limit with VALIDATION_FAILED', async () => {
    for (const p of ['?limit=0', '?limit=101', '?limit=two', '?limit=2&cursor=nonsense']) {
      const res = await get(`/api/v1/materials${p}`);
      expect(res.status, p).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe.each(databases)('revalidated, compressed answers on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp({ dialect });
    ({ token } = await registerVerifiedUser(t, { email: 'learner@example.com', password }));
  });
  afterEach(async () => t?.close());

  const raw = (p: string, headers: Record<string, string> = {}) =>
    t.app.request(p, { headers: { authorization: `Bearer ${token}`, ...headers } });

  it('answers 304 to If-None-Match while the list is unchanged, 200 once it changes', async () => {
    const empty = await raw('/api/v1/materials', { 'accept-encoding': 'br, gzip' });
    expect(empty.status).toBe(200);
    // Too small to be worth compressing.
    expect(empty.headers.get('content-encoding')).toBeNull();
    expect(empty.headers.get('cache-control')).toBe('private, no-cache');

    const res = await upload(t, token, [enColumn], { title: 'Column' });
    const id = res.body.data.id as string;
    for (const p of ['/api/v1/materials', `/api/v1/materials/${id}`, '/api/v1/materials?limit=1']) {
      const first = await raw(p, { 'accept-encoding': 'gzip, deflate, br' });
      expect(first.status, p).toBe(200);
      const tag = first.headers.get('etag');
      expect(tag, p).toMatch(/^(W\/)?"[^"]+"$/);
      const again = await raw(p, { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': tag! });
      expect(again.status, p).toBe(304);
      expect(await again.text()).toBe('');
      // A plain copy of the same data matches the compressed one's tag.
      const plain = await raw(p, { 'if-none-match': tag! });
      expect(plain.status, p).toBe(304);
    }

    const before = (await raw('/api/v1/materials')).headers.get('etag')!;
    await t.call('PUT', `/api/v1/materials/${id}`, { title: 'Renamed' }, { token });
    const after = await raw('/api/v1/materials', { 'if-none-match': before });
    expect(after.status).toBe(200);
    expect(((await after.json()) as { data: Row[] }).data[0]!.title).toBe('Renamed');
  });

  it('compresses a JSON answer with brotli or gzip as the request accepts', async () => {
    await upload(t, token, [enColumn], { title: 'Column' });
    await upload(t, token, [constitution], {
      title: 'Constitution',
      description: 'x'.repeat(2000),
    });
    const plain = await raw('/api/v1/materials');
    const text = await plain.text();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);

    const br = await raw('/api/v1/materials', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(brBytes.length).toBeLessThan(text.length / 3);
    expect(zlib.brotliDecompressSync(brBytes).toString()).toBe(text);

    const gz = await raw('/api/v1/materials', { 'accept-encoding': 'gzip;q=1.0, br;q=0' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
  });

  it('revalidates a quiz and the quizzes of a material', async () => {
    const m = await upload(t, token, [enColumn], { title: 'Column' });
    const gen = await t.call(
      'POST',
      '/api/v1/quiz/generate',
      { materialId: m.body.data.id, questionCount: 5 },
      { token },
    );
    expect(gen.status).toBe(201);
    const quizId = (gen.body.data.quizId ?? gen.body.data.id) as string;
    for (const p of [`/api/v1/quiz/${quizId}`, `/api/v1/quiz/material/${m.body.data.id}`]) {
      const first = await raw(p);
      expect(first.status, p).toBe(200);
      const tag = first.headers.get('etag')!;
      expect(tag, p).toBeTruthy();
      expect((await raw(p, { 'if-none-match': tag })).status, p).toBe(304);
    }
  });
});
