import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { serve } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import {
  corpusFile,
  leftovers,
  multipartBytes,
  noise,
  upload,
  type UploadFile,
} from '../support/multipart.js';
import { buildZip } from '../support/zip.js';
import { uploadMaterial } from '../../api/materials/upload-service.js';
import type { Storage } from '../../api/storage/storage.js';

const MiB = 1024 * 1024;
// Small limits so the tests stay fast: 1 MB per file, 2 MB per request, 3 files.
const env = { MAX_FILE_MB: '1', MAX_UPLOAD_MB: '2' };
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

/** A .docx container (real part names) whose document part inflates to `zeros` bytes. */
function zipBomb(zeros: number, declaredSize?: number): UploadFile {
  const types =
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
  return {
    name: 'lecture-notes.docx',
    bytes: buildZip([
      { name: '[Content_Types].xml', data: Buffer.from(types) },
      { name: 'word/document.xml', data: { zeros }, declaredSize },
    ]),
  };
}

describe.each(databases)('upload limits and atomicity on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  beforeEach(async () => {
    t = await createTestApp({ dialect, env });
    ({
      token,
      user: { id: userId },
    } = await registerVerifiedUser(t, {
      email: 'learner@example.com',
      password: 'Study2026',
    }));
  });
  afterEach(async () => t?.close());

  /** The promise every refused upload keeps: no row, no stored file, no temp file. */
  async function expectNothingKept() {
    expect(leftovers(t)).toEqual({ stored: [], temp: [] });
    for (const table of ['materials', 'material_files', 'material_contents'] as const) {
      expect(await t.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
    }
    expect((await t.call('GET', '/healthz')).status).toBe(200);
    const list = await t.call('GET', '/api/v1/materials', undefined, { token });
    expect(list.body.data).toEqual([]);
  }

  it('tells the upload page its limits, as the settings make them', async () => {
    const res = await t.call('GET', '/api/v1/materials/upload-limits', undefined, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ maxFiles: 3, maxFileBytes: 1 * MiB, maxUploadBytes: 2 * MiB });
    expect((await t.call('GET', '/api/v1/materials/upload-limits')).status).toBe(401);
  });

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await t.app.request('/api/v1/materials/upload', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': 'en',
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(2 * MiB + 1),
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    const json = (await res.json()) as Record<string, unknown>;
    expect(json).toMatchObject({
      code: 'REQUEST_TOO_LARGE',
      message: 'These files add up to more than 2 MB. Please upload them in smaller batches.',
    });
    // The stream may be primed once by the runtime, but never read through.
    expect(pulls).toBeLessThanOrEqual(1);
    await expectNothingKept();
  });

  it('answers 413 over a real socket while the client has sent only the headers', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/materials/upload',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(500 * MiB),
          },
        });
        req.on('response', (r) => {
          let body = '';
          r.on('data', (c: Buffer) => (body += c.toString()));
          r.on('end', () => {
            resolve({ status: r.statusCode ?? 0, body });
            req.destroy();
          });
        });
        req.on('error', reject);
        req.flushHeaders(); // headers only: not one byte of the 500 MB follows
      });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).code).toBe('REQUEST_TOO_LARGE');
    } finally {
      await new Promise((r) => server.close(r));
    }
    await expectNothingKept();
  });

  it('stops a body without Content-Length as soon as it passes the request limit', async () => {
    const files = [1, 2, 3].map((n) => textOfSize(0.9 * MiB, `part-${n}.md`));
    const res = await upload(t, token, files);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('REQUEST_TOO_LARGE');
    await expectNothingKept();
  });

  it('refuses a fourth file with TOO_MANY_FILES {max} and keeps none of the first three', async () => {
    const files = [1, 2, 3, 4].map((n) => ({ ...column, name: `week-${n}.md` }));
    const res = await upload(t, token, files);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'TOO_MANY_FILES',
      max: 3,
      message: 'Maximum of 3 files can be uploaded',
      messageI18n: { 'zh-TW': '最多只能上傳 3 個檔案' },
    });
    await expectNothingKept();
  });

  it('accepts a file of exactly the size limit and refuses one byte more with FILE_TOO_LARGE', async () => {
    const exact = await upload(t, token, [textOfSize(MiB, 'exact.md')]);
    expect(exact.status).toBe(201);
    expect(exact.body.data.files[0].file_size).toBe(MiB);
    await t.call('DELETE', `/api/v1/materials/${exact.body.data.id}`, undefined, { token });

    const res = await upload(t, token, [column, textOfSize(MiB + 1, '講義 第二章.md')]);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      code: 'FILE_TOO_LARGE',
      fileName: '講義 第二章.md',
      message: '"講義 第二章.md" is larger than the 1 MB limit per file.',
    });
    await expectNothingKept();
  });

  it('refuses an empty file, an upload without files and a body that is not multipart', async () => {
    const empty = await upload(t, token, [column, { name: 'empty.txt', bytes: Buffer.alloc(0) }]);
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      code: 'FILE_EMPTY',
      message: '"empty.txt" is empty (0 bytes).',
    });
    await expectNothingKept();

    const none = await upload(t, token, [], { title: 'Only a title' });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('NO_FILES');

    const json = await t.call('POST', '/api/v1/materials/upload', { title: 'x' }, { token });
    expect(json.status).toBe(400);
    expect(json.body.code).toBe('UPLOAD_MALFORMED');
    await expectNothingKept();
  });

  it('refuses a body cut off in the middle and keeps nothing of it', async () => {
    const { contentType, body } = await multipartBytes([column]);
    const res = await t.app.request('/api/v1/materials/upload', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body: body.subarray(0, Math.floor(body.length / 2)),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('UPLOAD_MALFORMED');
    await expectNothingKept();
  });

  it('refuses random bytes named .pdf as damaged, even after a good file', async () => {
    const res = await upload(t, token, [column, { name: 'chapter-1.pdf', bytes: noise(200_000) }]);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'FILE_DAMAGED',
      message:
        '"chapter-1.pdf" is damaged or cannot be read. Please export it again and re-upload.',
    });
    await expectNothingKept();
  });

  it('refuses a zip bomb named .docx, whether its sizes are honest or lie', async () => {
    const honest = await upload(t, token, [zipBomb(310 * MiB)]);
    expect(honest.status).toBe(422);
    expect(honest.body).toMatchObject({ code: 'ARCHIVE_TOO_LARGE' });
    expect(honest.body.message).toContain('lecture-notes.docx');
    await expectNothingKept();

    const lying = await upload(t, token, [zipBomb(310 * MiB, 4096)]);
    expect(lying.status).toBe(422);
    expect(lying.body.code).toBe('ARCHIVE_TOO_LARGE');
    await expectNothingKept();
  });

  it('removes the files already stored when storing the next one fails', async () => {
    let puts = 0;
    const failing: Storage = {
      ...t.deps.storage,
      put: async (key, body) => {
        if (++puts === 2) {
          body.resume();
          throw new Error('disk full');
        }
        return t.deps.storage.put(key, body);
      },
    };
    const { contentType, body } = await multipartBytes([column, { ...column, name: 'b.md' }]);
    await expect(
      uploadMaterial({ ...t.deps, storage: failing }, userId, {
        body: Readable.from(body),
        contentType,
        contentLength: String(body.length),
      }),
    ).rejects.toThrow('disk full');
    expect(puts).toBe(2);
    await expectNothingKept();
  });

  it('removes the stored files when the database refuses the rows', async () => {
    const { contentType, body } = await multipartBytes([column]);
    // A user id that does not exist: the materials row violates its foreign key on insert.
    await expect(
      uploadMaterial(t.deps, '00000000-0000-4000-8000-000000000000', {
        body: Readable.from(body),
        contentType,
        contentLength: String(body.length),
      }),
    ).rejects.toThrow();
    await expectNothingKept();
  });

  it('keeps nothing when the client goes away in the middle of the body', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      const { contentType, body } = await multipartBytes([textOfSize(0.9 * MiB, 'big.md')]);
      const sleep = () => new Promise((r) => setTimeout(r, 50));
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/materials/upload',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          'content-length': String(body.length),
        },
      });
      req.on('error', () => {});
      req.write(body.subarray(0, Math.floor(body.length / 2)));
      // The server is writing the file to its temp folder when the client goes away...
      for (let i = 0; i < 100 && leftovers(t).temp.length === 0; i++) await sleep();
      expect(leftovers(t).temp).toHaveLength(1);
      req.destroy();
      // ...and notices asynchronously: wait until the folder is empty again.
      for (let i = 0; i < 100 && leftovers(t).temp.length > 0; i++) await sleep();
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(res.status).toBe(200);
    } finally {
      await new Promise((r) => server.close(r));
    }
    await expectNothingKept();
  });
});
