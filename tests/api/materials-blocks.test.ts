import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Migrator, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../api/db/migrations/index.js';
import { extractDocument, type ExtractedDocument } from '../../api/extract/index.js';
import type { FileKind } from '../../api/extract/types.js';
import { sniffKind } from '../../api/extract/sniff.js';
import { presentContent } from '../../api/materials/presenter.js';
import { uploadMaterial } from '../../api/materials/upload-service.js';
import type { Storage } from '../../api/storage/storage.js';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import {
  corpusDir,
  corpusFile,
  leftovers,
  multipartBytes,
  upload,
  type UploadFile,
} from '../support/multipart.js';

const column = corpusFile('md/en_audrey_tang_2025_ai_safety_column.md');
const constitution = corpusFile('txt/zh_us_constitution_taiwan_phrasing.txt');
const deck = corpusFile('pptx/en_nih_government_university_identity_mgmt.pptx');

const sentencesOf = (rel: string) =>
  fs
    .readFileSync(path.join(corpusDir, rel), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 20);

/**
 * A CSV of 20,500 rows of real corpus sentences, as bench/upload-rss.ts builds it: past the
 * 20,000-row cut (TRUNCATED), 1,000 blocks of 20 rows, ~3 million characters — several insert
 * batches whichever limit (rows or characters) closes them.
 */
function sentencesCsv(): UploadFile {
  const all = [
    ...sentencesOf('md/en_audrey_tang_2025_ai_safety_column.md'),
    ...sentencesOf('txt/zh_us_constitution_taiwan_phrasing.txt'),
  ];
  const rows = Array.from({ length: 20_500 }, (_, i) => {
    const s = all[i % all.length]!;
    return `${i + 1},${i % 2 ? 'en' : 'zh-TW'},"${s.replace(/"/g, '""')}"`;
  });
  return { name: 'sentences.csv', bytes: Buffer.from(rows.join('\n') + '\n') };
}

/** The constitution ten times over: ~1,700 short paragraphs, batches closed by their row count. */
const longConstitution: UploadFile = {
  name: 'constitution-x10.txt',
  bytes: Buffer.concat(Array.from({ length: 10 }, () => constitution.bytes)),
};

const csv = sentencesCsv();
let scratch: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-blocks-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** What the extraction gives for these files in memory, with the material's file ids. */
async function extractedInMemory(files: UploadFile[], fileIds: string[]) {
  const sources = [];
  for (const [i, f] of files.entries()) {
    const file = path.join(scratch, `${randomUUID()}-${f.name}`);
    fs.writeFileSync(file, f.bytes);
    const kind: FileKind = await sniffKind(file, f.name);
    sources.push({ fileId: fileIds[i]!, path: file, fileName: f.name, kind });
  }
  return extractDocument(sources);
}

describe.each(databases)('extracted text as block rows on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  beforeEach(async () => {
    t = await createTestApp({ dialect });
    ({
      token,
      user: { id: userId },
    } = await registerVerifiedUser(t, { email: 'learner@example.com', password: 'Study2026' }));
  });
  afterEach(async () => t?.close());

  const get = (p: string) => t.call('GET', p, undefined, { token });
  const blockRows = (materialId: string) =>
    t.db
      .selectFrom('material_blocks')
      .select(['seq', 'file_id'])
      .where('material_id', '=', materialId)
      .orderBy('seq')
      .execute();
  const fileRows = (materialId: string) =>
    t.db
      .selectFrom('material_files')
      .select(['id', 'material_id', 'position', 'file_name', 'file_type', 'file_size'])
      .where('material_id', '=', materialId)
      .orderBy('position')
      .execute();

  it('answers a large upload’s content from its block rows exactly as extracted, in order', async () => {
    const res = await upload(t, token, [csv, longConstitution]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const m = res.body.data;
    const [csvId, txtId] = m.files.map((f: { id: string }) => f.id) as [string, string];

    const content = await get(`/api/v1/materials/${m.id}/content`);
    expect(content.status).toBe(200);
    const doc = content.body.data as ExtractedDocument;
    const expected = presentContent(
      await extractedInMemory([csv, longConstitution], [csvId, txtId]),
      await fileRows(m.id),
    );
    // Same blocks, same order, same keys in the same order: the answer did not change.
    expect(JSON.stringify(doc)).toBe(JSON.stringify(expected));

    const sheet = doc.blocks.filter((b) => b.fileId === csvId);
    expect(sheet).toHaveLength(1000);
    expect(sheet.map((b) => b.location)).toEqual(
      Array.from({ length: 1000 }, (_, i) => ({
        kind: 'sheet',
        sheet: 'sentences.csv',
        rowStart: 20 * i + 1,
        rowEnd: 20 * i + 20,
      })),
    );
    expect(sheet[0]!.text.startsWith('1 | zh-TW | # 2025-11-06 BW Column')).toBe(true);
    expect(sheet[999]!.text.startsWith('19981 | zh-TW | ')).toBe(true);
    const paragraphs = doc.blocks.filter((b) => b.fileId === txtId);
    expect(paragraphs.length).toBeGreaterThan(1000);
    expect(doc.blocks.indexOf(paragraphs[0]!)).toBe(1000);
    expect(paragraphs.filter((b) => b.text.includes('我們合眾國人民'))).toHaveLength(10);
    expect(doc.warnings).toEqual([{ code: 'TRUNCATED', params: { rows: 20_000 }, fileId: csvId }]);

    const rows = await blockRows(m.id);
    expect(rows.map((r) => r.seq)).toEqual(doc.blocks.map((_, i) => i));
    expect(rows.map((r) => r.file_id)).toEqual(doc.blocks.map((b) => b.fileId));

    const gone = await t.call('DELETE', `/api/v1/materials/${m.id}`, undefined, { token });
    expect(gone.status).toBe(200);
    expect(await blockRows(m.id)).toEqual([]);
  }, 60_000);

  it('gives back text no database column could hold: a NUL and half an emoji', async () => {
    const [title, summary, body] = sentencesOf('md/en_audrey_tang_2025_ai_safety_column.md');
    // A JSON export from a script that cut an emoji in half and kept a C string's NUL.
    const exported = JSON.stringify({
      title,
      summary: `${summary!.slice(0, 60)}\ud83d`,
      body: `${body}\u0000`,
    });
    const file: UploadFile = { name: 'column-export.json', bytes: Buffer.from(exported) };
    const res = await upload(t, token, [file]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const m = res.body.data;

    const doc = (await get(`/api/v1/materials/${m.id}/content`)).body.data as ExtractedDocument;
    const text = doc.blocks.map((b) => b.text).join('\n');
    expect(text).toContain(`${summary!.slice(0, 60)}\ud83d`);
    expect(text).toContain(`${body}\u0000`);
    const expected = presentContent(
      await extractedInMemory([file], [m.files[0].id]),
      await fileRows(m.id),
    );
    expect(JSON.stringify(doc)).toBe(JSON.stringify(expected));
  });

  it('keeps no block, row or file when the client goes away while the blocks are written', async () => {
    const controller = new AbortController();
    // The originals are stored after the extraction: the client leaves right then.
    const leaving: Storage = {
      ...t.deps.storage,
      put: async (key, body) => {
        controller.abort();
        return t.deps.storage.put(key, body);
      },
    };
    const { contentType, body } = await multipartBytes([column, longConstitution]);
    const err = await uploadMaterial(
      { ...t.deps, storage: leaving },
      userId,
      { body: Readable.from(body), contentType, contentLength: String(body.length) },
      controller.signal,
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'EXTRACTION_CANCELLED' });
    expect(leftovers(t)).toEqual({ stored: [], temp: [] });
    for (const table of [
      'materials',
      'material_files',
      'material_contents',
      'material_blocks',
    ] as const) {
      expect(await t.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
    }
  }, 60_000);

  it('moves a document stored as one JSON text (before 0004) into block rows, and back', async () => {
    const migrator = new Migrator({
      db: t.db,
      provider: { getMigrations: async () => migrations },
    });
    const check = ({ error }: { error?: unknown }) => expect(error).toBeUndefined();
    const before0004 = async () => check(await migrator.migrateTo('0003-quiz-flow'));
    const latest = async () => check(await migrator.migrateToLatest());
    await before0004();

    // A material written as the upload service wrote it before 0004.
    const files = [deck, column, csv].map((f) => ({ ...f, id: randomUUID() }));
    const legacy = await extractedInMemory(
      files,
      files.map((f) => f.id),
    );
    const materialId = randomUUID();
    const now = new Date().toISOString();
    await t.db
      .insertInto('materials')
      .values({
        id: materialId,
        user_id: userId,
        title: 'Before 0004',
        description: '',
        type: 'pptx',
        language: legacy.language,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await t.db
      .insertInto('material_files')
      .values(
        files.map((f, position) => ({
          id: f.id,
          material_id: materialId,
          user_id: userId,
          position,
          file_name: f.name,
          file_type: path.extname(f.name).slice(1),
          mime_type: 'application/octet-stream',
          file_size: f.bytes.length,
          storage_key: `${userId}/${materialId}/${f.id}`,
          sha256: '0'.repeat(64),
          created_at: now,
        })),
      )
      .execute();
    await sql`insert into material_contents (material_id, document, created_at)
      values (${materialId}, ${JSON.stringify(legacy)}, ${now})`.execute(t.db);

    await latest();
    const content = await get(`/api/v1/materials/${materialId}/content`);
    expect(content.status).toBe(200);
    const expected = presentContent(JSON.parse(JSON.stringify(legacy)), await fileRows(materialId));
    expect(JSON.stringify(content.body.data)).toBe(JSON.stringify(expected));
    expect((await blockRows(materialId)).length).toBe(legacy.blocks.length);

    await before0004();
    const { rows } = await sql<{ document: string }>`select document from material_contents
      where material_id = ${materialId}`.execute(t.db);
    expect(JSON.parse(rows[0]!.document)).toEqual(JSON.parse(JSON.stringify(legacy)));
    await latest();
  }, 60_000);
});
