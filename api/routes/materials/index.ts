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

  r.post('/upload', async (c) => {
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
  });

  // The server's upload limits (MAX_FILES_PER_UPLOAD, MAX_FILE_MB, MAX_UPLOAD_MB): the upload
  // page checks chosen files against these instead of numbers of its own.
  r.get('/upload-limits', (c) => {
    const { maxFiles, maxFileBytes, maxRequestBytes } = c.get('deps').config.uploads;
    c.header('Cache-Control', 'private, max-age=300');
    return c.json({
      success: true,
      data: { maxFiles, maxFileBytes, maxUploadBytes: maxRequestBytes },
    });
  });

  // What the learner's originals use of their plan's storage (the upload page shows it).
  r.get('/storage', async (c) => {
    const { db, config } = c.get('deps');
    c.header('Cache-Control', 'private, no-store');
    return c.json({ success: true, data: await storageUsage(db, config, c.get('user').id) });
  });

  // Without parameters the whole list (the spec's client reads it so); with limit a page and
  // the cursor of the next; q searches title, description and extracted text.
  r.get(
    '/',
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

  r.get('/:id', revalidated, async (c) => {
    const { db } = c.get('deps');
    const data = await materials.getMaterialDetail(db, c.get('user').id, c.req.param('id'));
    return c.json({ success: true, data });
  });

  r.put(
    '/:id',
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

  r.get('/:id/content', async (c) => {
    const { db } = c.get('deps');
    const data = await materials.getContent(db, c.get('user').id, c.req.param('id'));
    return c.json({ success: true, data });
  });

  // Term ↔ definition cards the material states (docs/decisions/0029-flashcards.md).
  r.get('/:id/flashcards', revalidated, async (c) => {
    const data = await getMaterialFlashcards(c.get('deps').db, c.get('user').id, c.req.param('id'));
    return c.json({ success: true, data });
  });

  r.get('/:id/files/:fileId', async (c) => {
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
  });

  return r;
}
