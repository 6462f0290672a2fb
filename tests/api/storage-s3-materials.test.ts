import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { corpusFile, leftovers, upload } from '../support/multipart.js';
import { startS3Peer, type S3Peer } from '../support/s3-peer.js';
import { s3Storage, type S3Storage } from '../../api/storage/s3-storage.js';
import { errorCatalog } from '../../api/lib/error-catalog.js';
import { purgeDeletions } from '../../api/storage/pending-deletions.js';

/*
 * The materials API with its originals in an S3-compatible bucket (s3rver on a random port)
 * instead of DATA_DIR/files, on each database: upload, content, download and delete go
 * through the bucket, and a refused upload or an outage of the store leaves nothing behind.
 */

const password = 'Study2026';
const column = corpusFile('md/en_audrey_tang_2025_ai_safety_column.md');
const constitution = corpusFile('txt/zh_us_constitution_taiwan_phrasing.txt');
const calendar = corpusFile('csv/zh_gov_office_calendar_115_utf8_bom.csv');
const locked = corpusFile('pdf/en_password_protected_user_pw.pdf');

describe.each(databases)('materials in S3 storage on %s', (dialect) => {
  let peer: S3Peer;
  let storage: S3Storage;
  let t: TestApp;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    peer = await startS3Peer();
  });
  afterAll(async () => peer?.close());
  beforeEach(async () => {
    await peer.start();
    storage = s3Storage(peer.config);
    t = await createTestApp({ dialect, storage });
    ({
      token,
      user: { id: userId },
    } = await registerVerifiedUser(t, { email: 'learner@example.com', password }));
  });
  afterEach(async () => {
    storage?.close();
    await t?.close();
  });

  const download = (p: string) =>
    t.app.request(p, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
  const rowsOf = async (materialId: string) => ({
    materials: await t.db
      .selectFrom('materials')
      .select('id')
      .where('id', '=', materialId)
      .execute(),
    files: await t.db
      .selectFrom('material_files')
      .select('id')
      .where('material_id', '=', materialId)
      .execute(),
  });

  it('uploads to the bucket, reads the content, downloads from it and deletes with the material', async () => {
    const res = await upload(t, token, [column, constitution, calendar], { title: 'Week 3' });
    expect(res.status).toBe(201);
    const m = res.body.data;
    const keys = m.files.map((f: { id: string }) => `${userId}/${m.id}/${f.id}`).sort();
    expect(peer.objects()).toEqual(keys);
    // Nothing went to the local folder.
    expect(fs.existsSync(path.join(t.config.dataDir, 'files'))).toBe(false);
    expect(leftovers(t).temp).toEqual([]);

    const content = await t.call('GET', `/api/v1/materials/${m.id}/content`, undefined, { token });
    expect(content.status).toBe(200);
    const text = content.body.data.blocks.map((b: { text: string }) => b.text).join('\n');
    expect(text).toContain('gpt-oss-safeguard');
    expect(text).toContain('我們合眾國人民，為建立一個更完善的聯邦');

    for (const [i, original] of [column, constitution, calendar].entries()) {
      const file = await download(m.files[i].path);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(original.bytes)).toBe(true);
    }

    const other = await registerVerifiedUser(t, { email: 'other@example.com', password });
    const theirs = await t.call('GET', m.files[0].path, undefined, { token: other.token });
    expect(theirs.status).toBe(404);

    const gone = await t.call('DELETE', `/api/v1/materials/${m.id}`, undefined, { token });
    expect(gone.status).toBe(200);
    expect(peer.objects()).toEqual([]);
    expect(await rowsOf(m.id)).toEqual({ materials: [], files: [] });
    expect((await download(m.files[0].path)).status).toBe(404);
  });

  it('keeps nothing in the bucket when one file of the upload is refused', async () => {
    const res = await upload(t, token, [column, locked]);
    expect(res.status).toBe(422);
    expect(res.body.code).toMatch(/PASSWORD/);
    expect(peer.objects()).toEqual([]);
    expect(peer.pendingUploads()).toEqual([]);
    expect(leftovers(t).temp).toEqual([]);
    expect(await t.db.selectFrom('materials').select('id').execute()).toEqual([]);
  });

  it('answers STORAGE_UNAVAILABLE in both languages during an outage and keeps nothing', async () => {
    const kept = (await upload(t, token, [column], { title: 'Kept' })).body.data;
    await peer.stop();

    const res = await upload(t, token, [constitution], { title: 'Lost in the outage' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      success: false,
      code: 'STORAGE_UNAVAILABLE',
      message: errorCatalog.STORAGE_UNAVAILABLE.en,
      messageI18n: {
        en: errorCatalog.STORAGE_UNAVAILABLE.en,
        'zh-TW': errorCatalog.STORAGE_UNAVAILABLE['zh-TW'],
      },
    });
    expect(leftovers(t).temp).toEqual([]);
    const titles = await t.db.selectFrom('materials').select('title').execute();
    expect(titles).toEqual([{ title: 'Kept' }]);

    const unavailable = await download(kept.files[0].path);
    expect(unavailable.status).toBe(503);
    expect((await unavailable.json()).code).toBe('STORAGE_UNAVAILABLE');

    await peer.start();
    expect(peer.objects()).toEqual([`${userId}/${kept.id}/${kept.files[0].id}`]);
    const back = await download(kept.files[0].path);
    expect(Buffer.from(await back.arrayBuffer()).equals(column.bytes)).toBe(true);
  });
  it('deletes a material during an outage at once, and its objects when the store is back', async () => {
    const gone = (await upload(t, token, [column, calendar], { title: 'Gone' })).body.data;
    const keys = gone.files.map((f: { id: string }) => `${userId}/${gone.id}/${f.id}`).sort();
    const ofGone = () => peer.objects().filter((k) => k.startsWith(`${userId}/${gone.id}/`));
    expect(ofGone()).toEqual(keys);
    await peer.stop();

    const res = await t.call('DELETE', `/api/v1/materials/${gone.id}`, {}, { token });
    expect(res.status).toBe(200);
    expect(await rowsOf(gone.id)).toEqual({ materials: [], files: [] });
    const pending = await t.db
      .selectFrom('storage_deletions')
      .select(['key', 'attempts'])
      .orderBy('key')
      .execute();
    expect(pending).toEqual(keys.map((key: string) => ({ key, attempts: 1 })));
    // Still down: nothing deleted, nothing forgotten.
    expect(await purgeDeletions({ ...t.deps, storage })).toEqual({ deleted: 0, left: 2 });

    await peer.start();
    expect(ofGone()).toEqual(keys);
    expect(await purgeDeletions({ ...t.deps, storage })).toEqual({ deleted: 2, left: 0 });
    expect(ofGone()).toEqual([]);
    expect(await t.db.selectFrom('storage_deletions').selectAll().execute()).toEqual([]);
  });
});
