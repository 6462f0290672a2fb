import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.js';
import { requireAuth } from '../../lib/auth-middleware.js';
import { validate } from '../../lib/validate.js';
import * as materials from '../../materials/material-service.js';
import { uploadMaterial, uploadMaterialOnce } from '../../materials/upload-service.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { revalidated } from '../../lib/http-cache.js';
import { contentDisposition } from '../../materials/file-types.js';
import { getMaterialFlashcards } from '../../flashcards/flashcard-service.js';
import { countUpload, storageUsage } from '../../materials/storage-quota.js';
import { done, ok, route } from '../../lib/contract.js';
import {
  material as materialAnswer,
  materialContent,
  materialDetail,
  materialFlashcards,
  storageUsage as storageAnswer,
  uploadLimits,
} from '../../contract/materials.js';

/** The request body as a Node stream (read lazily: nothing is consumed until the parser pulls). */
function requestBody(c: Context<AppEnv>): Readable | null {
  const raw = c.req.raw.body;
  return raw ? Readable.fromWeb(raw as NodeWebStream<Uint8Array>) : null;
}

/** The largest page GET /materials gives. */
const MAX_PAGE = 100;

/** /api/v1/materials: the signed-in learner's own materials; anyone else's are NOT_FOUND. */
export function materialRoutes() {
  const r = new Hono<AppEnv>();
  r.use(requireAuth);

  r.post(
    '/upload',
    route({
      tag: 'materials',
      summary: 'Upload up to 3 files as one material; streamed, typed by content, extracted.',
      params: [
        {
          name: 'Idempotency-Key',
          in: 'header',
          description:
            'A repeat with the same key by the same learner answers what the first made.',
          schema: { type: 'string', maxLength: 100 },
        },
      ],
      body: {
        media: 'multipart/form-data',
        required: true,
        schema: {
          type: 'object',
          properties: {
            title: { type: 'string', maxLength: 200 },
            description: { type: 'string', maxLength: 2000 },
            files: { type: 'array', maxItems: 3, items: { type: 'string', format: 'binary' } },
          },
          required: ['files'],
        },
      },
      answers: { 201: ok(materialDetail) },
      errors: [400, 413, 415, 422, 429, 503],
    }),
    async (c) => {
      try {
        // Uploads per learner per window (issue 19): 429 UPLOAD_RATE_LIMITED past it.
        await countUpload(c.get('deps'), c.get('user').id);
        const upload = {
          body: requestBody(c),
          contentType: c.req.header('content-type'),
          contentLength: c.req.header('content-length'),
        };
        const key = idempotencyKeyOf(c.req.header('idempotency-key'));
        // uploadMaterial refuses an oversized Content-Length before reading any of the body.
        if (!key) {
          const material = await uploadMaterial(
            c.get('deps'),
            c.get('user').id,
            upload,
            c.req.raw.signal,
          );
          const data = await materials.withExam(c.get('deps').db, c.get('user').id, material);
          return c.json({ success: true, data }, 201);
        }
        // A retry of an upload already made answers that material, as the first try would have.
        const { material, replayed } = await uploadMaterialOnce(
          c.get('deps'),
          c.get('user').id,
          key,
          upload,
          c.req.raw.signal,
        );
        if (replayed) c.header('Idempotent-Replayed', 'true');
        const data = await materials.withExam(c.get('deps').db, c.get('user').id, material);
        return c.json({ success: true, data }, 201);
      } catch (err) {
        // A refused upload's body is not read to its end: close the connection, do not reuse it.
        c.header('Connection', 'close');
        throw err;
      }
    },
  );

  // The server's upload limits (MAX_FILES_PER_UPLOAD, MAX_FILE_MB, MAX_UPLOAD_MB): the upload
  // page checks chosen files against these instead of numbers of its own.
  r.get(
    '/upload-limits',
    route({
      tag: 'materials',
      summary:
        "The server's upload limits: maxFiles per upload, maxFileBytes per file, maxUploadBytes per request (past them an upload is 413).",
      answers: { 200: ok(uploadLimits) },
    }),
    (c) => {
      const { maxFiles, maxFileBytes, maxRequestBytes } = c.get('deps').config.uploads;
      c.header('Cache-Control', 'private, max-age=300');
      return c.json({
        success: true,
        data: { maxFiles, maxFileBytes, maxUploadBytes: maxRequestBytes },
      });
    },
  );

  // What the learner's originals use of their plan's storage (the upload page shows it).
  r.get(
    '/storage',
    route({
      tag: 'materials',
      summary:
        "Storage of the learner's originals: plan, usedBytes, limitBytes, availableBytes (an upload past it is 413 STORAGE_QUOTA_EXCEEDED).",
      answers: { 200: ok(storageAnswer) },
    }),
    async (c) => {
      const { db, config } = c.get('deps');
      c.header('Cache-Control', 'private, no-store');
      return c.json({ success: true, data: await storageUsage(db, config, c.get('user').id) });
    },
  );

  // Without parameters the whole list (the spec's client reads it so); with limit a page and
  // the cursor of the next; q searches title, description and extracted text.
  r.get(
    '/',
    route({
      tag: 'materials',
      summary:
        "The learner's materials, newest first. Without parameters the whole list; with `limit` one page and `nextCursor` (null on the last page) beside `data`; `q` searches title, description and extracted text, folding 台/臺-style variants and case. Answers carry an ETag (If-None-Match → 304).",
      answers: {
        200: z.strictObject({
          success: z.literal(true),
          data: z.array(materialAnswer),
          nextCursor: z.string().nullable().optional(),
        }),
      },
      errors: [400],
    }),
    validate(
      'query',
      z.object({
        limit: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
        cursor: z.string().max(500).optional(),
        q: z.string().max(500).optional(),
      }),
    ),
    revalidated,
    async (c) => {
      const { db } = c.get('deps');
      const query = c.req.valid('query');
      const list = await materials.listMaterials(db, c.get('user').id, query);
      if (query.limit === undefined) return c.json({ success: true, data: list.materials });
      return c.json({ success: true, data: list.materials, nextCursor: list.nextCursor });
    },
  );

  r.get(
    '/:id',
    route({
      tag: 'materials',
      summary:
        'One material with its files and quizzes, and `exam`: what the exam reader recognised in it (items, key found, corrections, essays left out), or null.',
      answers: { 200: ok(materialDetail) },
      errors: [404],
      doc: 'docs/api/exam.md',
    }),
    revalidated,
    async (c) => {
      const { db } = c.get('deps');
      const data = await materials.getMaterialDetail(db, c.get('user').id, c.req.param('id'));
      return c.json({ success: true, data });
    },
  );

  r.put(
    '/:id',
    route({
      tag: 'materials',
      summary: 'Rename a material or change its description (a blank title is refused).',
      answers: { 200: ok(materialAnswer) },
      errors: [400, 404],
    }),
    validate(
      'json',
      z.object({
        title: z.string().max(300).optional(),
        description: z.string().max(5000).optional(),
      }),
    ),
    async (c) => {
      const data = await materials.updateMaterial(
        c.get('deps'),
        c.get('user').id,
        c.req.param('id'),
        c.req.valid('json'),
      );
      return c.json({ success: true, data });
    },
  );

  r.delete(
    '/:id',
    route({
      tag: 'materials',
      summary:
        'Delete a material, its files and quizzes; with quizzes it needs confirmationCode "DELETE".',
      answers: { 200: done },
      errors: [400, 404, 409],
    }),
    validate('json', z.object({ confirmationCode: z.string().max(100).optional() })),
    async (c) => {
      await materials.deleteMaterial(
        c.get('deps'),
        c.get('user').id,
        c.req.param('id'),
        c.req.valid('json').confirmationCode,
      );
      return c.json({ success: true });
    },
  );

  r.get(
    '/:id/content',
    route({
      tag: 'materials',
      summary:
        'The extracted document: blocks in reading order with locations, language, warnings.',
      answers: { 200: ok(materialContent) },
      errors: [404],
    }),
    async (c) => {
      const { db } = c.get('deps');
      const data = await materials.getContent(db, c.get('user').id, c.req.param('id'));
      return c.json({ success: true, data });
    },
  );

  // Term ↔ definition cards the material states (docs/decisions/0029-flashcards.md).
  r.get(
    '/:id/flashcards',
    route({
      tag: 'materials',
      summary:
        'Term ↔ definition flashcards the material states, in its language (an empty list when it defines nothing).',
      answers: { 200: ok(materialFlashcards) },
      errors: [404],
      doc: 'docs/decisions/0029-flashcards.md',
    }),
    revalidated,
    async (c) => {
      const data = await getMaterialFlashcards(
        c.get('deps').db,
        c.get('user').id,
        c.req.param('id'),
      );
      return c.json({ success: true, data });
    },
  );

  r.get(
    '/:id/files/:fileId',
    route({
      tag: 'materials',
      summary: 'Download an uploaded original.',
      answers: { 200: { media: 'application/octet-stream', description: 'The file.' } },
      errors: [404, 503],
    }),
    async (c) => {
      const file = await materials.openFile(
        c.get('deps'),
        c.get('user').id,
        c.req.param('id'),
        c.req.param('fileId'),
      );
      return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
        headers: {
          'Content-Type': file.mimeType,
          'Content-Length': String(file.size),
          'Content-Disposition': contentDisposition(file.fileName),
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  );

  return r;
}
