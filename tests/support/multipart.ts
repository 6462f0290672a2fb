import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from './test-app.js';

/** The shared corpus of real documents, beside the repository (CI clones shared/ next to it). */
export const corpusDir = path.resolve(import.meta.dirname, '../../../shared/corpus');

/** A file as a learner's browser would send it. */
export interface UploadFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A real corpus document, read from disk, named as it is on disk. */
export function corpusFile(rel: string, name = path.basename(rel)): UploadFile {
  return { name, bytes: fs.readFileSync(path.join(corpusDir, rel)) };
}

/** The upload form: title, description and repeated `files` parts, built with FormData. */
export function uploadForm(
  files: UploadFile[],
  fields: { title?: string; description?: string } = {},
): FormData {
  const form = new FormData();
  if (fields.title !== undefined) form.append('title', fields.title);
  if (fields.description !== undefined) form.append('description', fields.description);
  for (const f of files) {
    form.append(
      'files',
      new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }),
      f.name,
    );
  }
  return form;
}

/** POSTs an upload form as the signed-in learner; returns the status and the JSON body. */
export async function upload(
  t: TestApp,
  token: string,
  files: UploadFile[],
  fields: { title?: string; description?: string } = {},
) {
  const res = await t.app.request('/api/v1/materials/upload', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    body: uploadForm(files, fields),
  });
  // JSON answers are read loosely, as the web client does.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const body = JSON.parse(await res.text()) as Record<string, any>;
  return { status: res.status, headers: res.headers, body };
}

/**
 * A multipart body as raw bytes, for requests sent over a real socket where the test controls
 * Content-Length and the pace of the body.
 */
export async function multipartBytes(files: UploadFile[], fields: { title?: string } = {}) {
  const res = new Response(uploadForm(files, fields));
  return {
    contentType: res.headers.get('content-type')!,
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** Every file under dir (relative paths), or [] when dir does not exist. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** What a failed upload must leave behind: nothing stored, nothing waiting in tmp. */
export function leftovers(t: TestApp) {
  return {
    stored: filesUnder(path.join(t.config.dataDir, 'files')),
    temp: filesUnder(path.join(t.config.dataDir, 'tmp')),
  };
}

/** Random bytes (deterministic per seed) that no format recognises. */
export function noise(length: number, seed = 1): Buffer {
  const out = Buffer.alloc(length);
  let x = seed * 2654435761;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}
