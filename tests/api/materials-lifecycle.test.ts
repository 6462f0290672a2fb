import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { corpusFile, filesUnder, upload } from '../support/multipart.js';
import { errorCatalog } from '../../api/lib/error-catalog.js';

const password = 'Study2026';
const column = corpusFile('md/en_audrey_tang_2025_ai_safety_column.md');
const constitution = corpusFile('txt/zh_us_constitution_taiwan_phrasing.txt');
const calendar = corpusFile('csv/zh_gov_office_calendar_115_utf8_bom.csv');

describe.each(databases)('materials on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  beforeEach(async () => {
    t = await createTestApp({ dialect });
    ({
      token,
      user: { id: userId },
    } = await registerVerifiedUser(t, {
      email: 'learner@example.com',
      password,
    }));
  });
  afterEach(async () => t?.close());

  const get = (p: string, tk = token) => t.call('GET', p, undefined, { token: tk });

  it('uploads, lists newest first, shows, extracts, downloads, renames and deletes a material', async () => {
    const first = await upload(t, token, [column, constitution], {
      title: 'AI safety reading',
      description: 'Week 3',
    });
    expect(first.status).toBe(201);
    const m = first.body.data;
    expect(first.body.success).toBe(true);
    expect(m).toMatchObject({
      title: 'AI safety reading',
      description: 'Week 3',
      type: 'md',
      quizCount: 0,
      lastScore: null,
      quizzes: [],
    });
    expect(m.created_at).toEqual(expect.any(String));
    // Each field once (issue 18, lean payloads): the spec's client maps its other names.
    for (const alias of ['material_id', 'name', 'content', 'fileType', 'createdAt', 'uploadedAt']) {
      expect(m).not.toHaveProperty(alias);
    }
    expect(m.files).toEqual([
      {
        id: expect.any(String),
        file_name: column.name,
        file_type: 'md',
        file_size: column.bytes.length,
        path: `/api/v1/materials/${m.id}/files/${m.files[0].id}`,
      },
      expect.objectContaining({
        file_name: constitution.name,
        file_type: 'txt',
        file_size: constitution.bytes.length,
      }),
    ]);

    t.clock.advance(60_000);
    const second = await upload(t, token, [calendar], { title: 'Calendar' });
    expect(second.status).toBe(201);

    const list = await get('/api/v1/materials');
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { title: string }) => x.title)).toEqual([
      'Calendar',
      'AI safety reading',
    ]);
    expect(list.body.data[1]).toMatchObject({ quizCount: 0, lastScore: null });
    expect(list.body.data[1].files).toHaveLength(2);

    const detail = await get(`/api/v1/materials/${m.id}`);
    expect(detail.status).toBe(200);
    // The detail adds what the exam reader recognised (docs/api/exam.md): nothing here.
    expect(detail.body.data).toEqual({ ...m, exam: null });

    const content = await get(`/api/v1/materials/${m.id}/content`);
    expect(content.status).toBe(200);
    const doc = content.body.data;
    expect(doc.files).toEqual(
      m.files.map((f: { id: string; file_name: string; file_type: string }) => ({
        id: f.id,
        file_name: f.file_name,
        file_type: f.file_type,
      })),
    );
    // Blocks keep the files' order and say which file they came from.
    const text = (fileId: string) =>
      doc.blocks
        .filter((b: { fileId: string }) => b.fileId === fileId)
        .map((b: { text: string }) => b.text)
        .join('\n');
    expect(doc.blocks[0].fileId).toBe(m.files[0].id);
    expect(text(m.files[0].id)).toContain('gpt-oss-safeguard');
    expect(text(m.files[1].id)).toContain('我們合眾國人民，為建立一個更完善的聯邦');
    expect(['en', 'zh-TW']).toContain(doc.language);

    const download = await t.app.request(m.files[1].path, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/plain');
    expect(download.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''zh_us_constitution_taiwan_phrasing.txt",
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(constitution.bytes)).toBe(true);

    t.clock.advance(1000);
    const renamed = await t.call(
      'PUT',
      `/api/v1/materials/${m.id}`,
      { title: '  AI 安全讀本  ', description: 'Week 4' },
      { token },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ title: 'AI 安全讀本', description: 'Week 4' });
    expect(renamed.body.data.updated_at > m.updated_at).toBe(true);

    for (const title of ['', '   ', '\n\t']) {
      const blank = await t.call('PUT', `/api/v1/materials/${m.id}`, { title }, { token });
      expect(blank.status).toBe(400);
      expect(blank.body).toMatchObject({
        code: 'TITLE_REQUIRED',
        messageI18n: {
          en: errorCatalog.TITLE_REQUIRED.en,
          'zh-TW': errorCatalog.TITLE_REQUIRED['zh-TW'],
        },
      });
    }
    expect((await get(`/api/v1/materials/${m.id}`)).body.data.title).toBe('AI 安全讀本');

    // PUT cleans text exactly as an upload's fields are, and answers what it stored (issue 19).
    const messy = {
      title: ' Cafe\u0301\u0000 notes\n\tweek\u0007 4 ',
      description: 'line 1\r\nline\u0000 2\u001b\tend',
    };
    const cleaned = { title: 'Café notes week 4', description: 'line 1\nline 2\tend' };
    const put = await t.call('PUT', `/api/v1/materials/${m.id}`, messy, { token });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject(cleaned);
    expect((await get(`/api/v1/materials/${m.id}`)).body.data).toMatchObject(cleaned);
    const uploaded = await upload(t, token, [column], messy);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toMatchObject(cleaned);
    await t.call('DELETE', `/api/v1/materials/${uploaded.body.data.id}`, undefined, { token });
    await t.call('PUT', `/api/v1/materials/${m.id}`, { title: 'AI 安全讀本' }, { token });

    const stored = path.join(t.config.dataDir, 'files', userId, m.id);
    expect(filesUnder(stored).sort()).toEqual(m.files.map((f: { id: string }) => f.id).sort());
    const gone = await t.call('DELETE', `/api/v1/materials/${m.id}`, undefined, { token });
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ success: true });
    expect(fs.existsSync(stored)).toBe(false);
    expect((await get(`/api/v1/materials/${m.id}`)).status).toBe(404);
    expect((await get('/api/v1/materials')).body.data.map((x: { id: string }) => x.id)).toEqual([
      second.body.data.id,
    ]);
    for (const table of ['material_files', 'material_contents'] as const) {
      const rows = await t.db
        .selectFrom(table)
        .selectAll()
        .where('material_id', '=', m.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
  });

  it('names a material after its first file, then "Unnamed Material"; description defaults to empty', async () => {
    const named = await upload(t, token, [constitution, column]);
    expect(named.status).toBe(201);
    expect(named.body.data).toMatchObject({
      title: constitution.name,
      description: '',
      type: 'txt',
    });
    const blankTitle = await upload(t, token, [calendar], { title: '   ' });
    expect(blankTitle.body.data.title).toBe(calendar.name);
    expect(blankTitle.body.data.type).toBe('csv');
  });

  it('keeps a Traditional Chinese file name intact, in the list and in the download header', async () => {
    const name = '憲法 第一條（課堂筆記）.txt';
    const res = await upload(t, token, [{ ...constitution, name }]);
    expect(res.status).toBe(201);
    expect(res.body.data.title).toBe(name);
    expect(res.body.data.files[0]).toMatchObject({ file_name: name, file_type: 'txt' });
    const download = await t.app.request(res.body.data.files[0].path, {
      headers: { authorization: `Bearer ${token}` },
    });
    const disposition = download.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(name);
    expect(Buffer.from(await download.arrayBuffer()).equals(constitution.bytes)).toBe(true);
  });

  it('asks for the word DELETE before deleting a material that has quizzes', async () => {
    const m = (await upload(t, token, [column])).body.data;
    await t.db
      .insertInto('quizzes')
      .values({
        id: randomUUID(),
        user_id: userId,
        material_id: m.id,
        title: 'Opening up AI safety quiz',
        question_types: JSON.stringify(['multiple_choice', 'true_false']),
        question_count: 10,
        questions: '[]',
        completed: 1,
        score: 80,
        answered_count: 10,
        created_at: t.clock.now().toISOString(),
        last_taken_at: t.clock.now().toISOString(),
      })
      .execute();
    const shown = (await get(`/api/v1/materials/${m.id}`)).body.data;
    expect(shown).toMatchObject({ quizCount: 1, lastScore: 80 });
    expect(shown.quizzes[0]).toMatchObject({
      title: 'Opening up AI safety quiz',
      questionCount: 10,
      difficulty: 'basic',
      testType: ['multiple_choice', 'true_false'],
      language: 'zh-TW',
      score: 80,
      lastScore: 80,
      completed: true,
      answeredQuestionsCount: 10,
    });
    expect((await get('/api/v1/materials')).body.data[0]).toMatchObject({
      quizCount: 1,
      lastScore: 80,
    });

    for (const body of [
      undefined,
      {},
      { confirmationCode: 'delete' },
      { confirmationCode: 'DELETE ' },
    ]) {
      const refused = await t.call('DELETE', `/api/v1/materials/${m.id}`, body, {
        token,
        headers: { 'accept-language': 'zh-TW' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        success: false,
        code: 'CONFIRMATION_REQUIRED',
        requiresConfirmation: true,
        message: errorCatalog.CONFIRMATION_REQUIRED['zh-TW'],
        messageI18n: {
          en: errorCatalog.CONFIRMATION_REQUIRED.en,
          'zh-TW': errorCatalog.CONFIRMATION_REQUIRED['zh-TW'],
        },
      });
    }
    const stored = path.join(t.config.dataDir, 'files', userId, m.id);
    expect(filesUnder(stored)).toHaveLength(1);

    const gone = await t.call(
      'DELETE',
      `/api/v1/materials/${m.id}`,
      { confirmationCode: 'DELETE' },
      { token },
    );
    expect(gone.status).toBe(200);
    expect(fs.existsSync(stored)).toBe(false);
    expect(await t.db.selectFrom('quizzes').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('materials').selectAll().execute()).toEqual([]);
  });

  it("answers 404 for another learner's material on every endpoint and never lists it", async () => {
    const mine = (await upload(t, token, [column], { title: 'Mine' })).body.data;
    const other = await registerVerifiedUser(t, { email: 'other@example.com', password });
    const theirs = (await upload(t, other.token, [constitution], { title: 'Theirs' })).body.data;
    const base = `/api/v1/materials/${theirs.id}`;
    const attempts = [
      ['GET', base, undefined],
      ['PUT', base, { title: 'Taken over' }],
      ['DELETE', base, { confirmationCode: 'DELETE' }],
      ['GET', `${base}/content`, undefined],
      ['GET', `${base}/files/${theirs.files[0].id}`, undefined],
      // Their file id under my material id is not mine either.
      ['GET', `/api/v1/materials/${mine.id}/files/${theirs.files[0].id}`, undefined],
    ] as const;
    for (const [method, p, body] of attempts) {
      const res = await t.call(method, p, body, { token });
      expect(res.status, `${method} ${p}`).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
      expect(JSON.stringify(res.body)).not.toContain('Theirs');
    }
    const list = await get('/api/v1/materials');
    expect(list.body.data.map((x: { title: string }) => x.title)).toEqual(['Mine']);
    const still = await get(base, other.token);
    expect(still.body.data).toMatchObject({ title: 'Theirs' });
    expect(filesUnder(path.join(t.config.dataDir, 'files', other.user.id))).toHaveLength(1);
  });

  it('requires a session on every endpoint', async () => {
    const id = randomUUID();
    for (const [method, p] of [
      ['GET', '/api/v1/materials'],
      ['POST', '/api/v1/materials/upload'],
      ['GET', `/api/v1/materials/${id}`],
      ['PUT', `/api/v1/materials/${id}`],
      ['DELETE', `/api/v1/materials/${id}`],
      ['GET', `/api/v1/materials/${id}/content`],
      ['GET', `/api/v1/materials/${id}/files/${id}`],
    ] as const) {
      const res = await t.call(method, p);
      expect(res.status, `${method} ${p}`).toBe(401);
    }
  });
});
