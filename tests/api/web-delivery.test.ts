import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** A built app as vite.config.ts leaves it: each text file with its .br and .gz beside it. */
function writeDist(dir: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
}

const script = `console.log(${JSON.stringify('學習 '.repeat(2000))});`;
const shell = `<!doctype html><html lang="zh-TW"><head><title>Mnemo</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const page = (lang: string, name: string) =>
  `<!doctype html><html lang="${lang}"><body><div id="root" data-prerendered="${lang}"><main>${name}</main></div></body></html>`;
const worker = `self.addEventListener('fetch', () => {});${' '.repeat(3000)}`;

async function decoded(res: Response) {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  if (encoding === 'br') return zlib.brotliDecompressSync(bytes).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(bytes).toString();
  return bytes.toString();
}

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-dist-'));
    writeDist(dist, {
      'index.html': shell,
      'assets/index-AbC123.js': script,
      'sw.js': worker,
      'manifest.webmanifest': JSON.stringify({ name: 'Mnemo', lang: 'zh-TW' }),
      'prerender/zh-TW/index.html': page('zh-TW', 'welcome'),
      'prerender/en/index.html': page('en', 'welcome'),
      'prerender/zh-TW/login.html': page('zh-TW', 'login'),
      'prerender/en/login.html': page('en', 'login'),
    });
    fs.writeFileSync(path.join(dist, 'icons-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    t = await createTestApp({ env: { SERVE_WEB: 'true', WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (p: string, headers: Record<string, string> = {}) => t.app.request(p, { headers });

  it('sends the brotli variant to a browser that takes it, gzip to one that takes only gzip', async () => {
    const br = await get('/assets/index-AbC123.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(Number(br.headers.get('content-length'))).toBeLessThan(script.length / 4);
    expect(await decoded(br)).toBe(script);

    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await decoded(gz)).toBe(script);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await plain.text()).toBe(script);
  });

  it('keeps hashed assets immutable for a year', async () => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/sw.js', '/manifest.webmanifest'])(
    'revalidates %s: no-cache with an ETag, 304 without a body when unchanged',
    async (p) => {
      const first = await get(p, { 'accept-encoding': 'br' });
      expect(first.status).toBe(200);
      expect(first.headers.get('content-encoding')).toBe('br');
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const tag = first.headers.get('etag');
      expect(tag).toMatch(/^"[^"]+"$/);

      const again = await get(p, { 'accept-encoding': 'br', 'if-none-match': tag! });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(tag);
      expect(again.headers.get('cache-control')).toBe('no-cache');

      // Each encoding is its own representation: the gzip copy does not match the brotli tag.
      const gz = await get(p, { 'accept-encoding': 'gzip', 'if-none-match': tag! });
      expect(gz.status).toBe(200);
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gz.headers.get('etag')).not.toBe(tag);
    },
  );

  it('answers any app path with the shell, compressed and revalidated', async () => {
    const res = await get('/materials/123', { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await decoded(res)).toBe(shell);
  });

  it('sends images as they are', async () => {
    const res = await get('/icons-192.png', { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
  });

  describe('prerendered public pages (scripts/prerender.ts)', () => {
    it.each([
      ['/', {}, page('zh-TW', 'welcome')],
      ['/', { 'accept-language': 'en-US,en;q=0.9' }, page('en', 'welcome')],
      ['/login', { 'accept-language': 'zh-TW,zh;q=0.9,en;q=0.8' }, page('zh-TW', 'login')],
      ['/login', { 'accept-language': 'fr-FR' }, page('en', 'login')],
      ['/login?lng=en', { 'accept-language': 'zh-TW' }, page('en', 'login')],
      ['/login', { 'accept-language': 'zh-TW', cookie: 'mnemo_lng=en' }, page('en', 'login')],
      ['/?lng=zh-TW', { cookie: 'mnemo_lng=en' }, page('zh-TW', 'welcome')],
    ])('%s with %j: the page in the language the app will choose', async (p, headers, html) => {
      const res = await get(p, { 'accept-encoding': 'br', ...headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('vary')).toMatch(/accept-encoding.*accept-language.*cookie/i);
      expect(await decoded(res)).toBe(html);
    });

    it('revalidates a prerendered page: 304 for the same language, the other one is another tag', async () => {
      const en = { 'accept-encoding': 'br', 'accept-language': 'en' };
      const first = await get('/login', en);
      const tag = first.headers.get('etag')!;
      const again = await get('/login', { ...en, 'if-none-match': tag });
      expect(again.status).toBe(304);
      const zh = await get('/login', { 'accept-encoding': 'br', 'if-none-match': tag });
      expect(zh.status).toBe(200);
      expect(await decoded(zh)).toBe(page('zh-TW', 'login'));
    });

    it('sends the app shell to a signed-in visitor (/ is the material list then)', async () => {
      const res = await get('/', { 'accept-language': 'en', cookie: 'mnemo_token=abc' });
      expect(res.status).toBe(200);
      expect(await decoded(res)).toBe(shell);
    });

    it('sends the app shell where no page was prerendered', async () => {
      const res = await get('/privacy-policy', { 'accept-language': 'en' });
      expect(await decoded(res)).toBe(shell);
      expect(await decoded(await get('/login/extra'))).toBe(shell);
    });
  });
});
