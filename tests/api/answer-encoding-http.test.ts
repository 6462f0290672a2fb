import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { registerVerifiedUser } from '../support/accounts.js';
import { corpusFile, upload } from '../support/multipart.js';

/*
 * Issue 18: the compressor and the ETag read an answer without turning @hono/node-server's
 * lightweight answers into streams (api/lib/http-cache.ts). Through a real HTTP server, as in
 * production: a small answer goes out as it is, a large one compressed and equal to the plain
 * one, and a revalidation is a bodiless 304.
 */

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

describe('JSON answers over HTTP', () => {
  let t: TestApp;
  let token: string;
  let server: ReturnType<typeof serve>;
  let port: number;

  beforeEach(async () => {
    t = await createTestApp();
    ({ token } = await registerVerifiedUser(t, {
      email: 'http@example.com',
      password: 'Study2026',
    }));
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    await new Promise((r) => server.close(r));
    await t?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<Raw>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path,
            headers: { authorization: `Bearer ${token}`, ...headers },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                headers: res.headers,
                body: Buffer.concat(chunks),
              }),
            );
          },
        )
        .on('error', reject);
    });

  it('sends a small answer as it is and a large one compressed, the same JSON either way', async () => {
    const profile = await get('/api/v1/user/profile', { 'accept-encoding': 'gzip, br' });
    expect(profile.status).toBe(200);
    expect(profile.headers['content-encoding']).toBeUndefined();
    expect(profile.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(profile.body.toString()).data.email).toBe('http@example.com');

    await upload(t, token, [corpusFile('md/en_audrey_tang_2025_ai_safety_column.md')], {
      title: 'Column',
      description: 'x'.repeat(3000),
    });
    const plain = await get('/api/v1/materials');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/v1/materials', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(JSON.parse(plain.body.toString()).data[0].title).toBe('Column');

    // Revalidation with the compressed answer's (weak) tag: 304, no body, the tag again.
    const tag = String(br.headers.etag);
    expect(tag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    const again = await get('/api/v1/materials', {
      'accept-encoding': 'gzip, deflate, br',
      'if-none-match': tag,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(tag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });
});
