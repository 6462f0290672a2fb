import fs from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { etag } from 'hono/etag';
import { getCookie } from 'hono/cookie';
import { languageDetector, type LanguageVariables } from 'hono/language';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context.js';

/** Files the build gave brotli and gzip variants (vite.config.ts, TEXT_ASSET). */
const TEXT_FILE = /\.(?:html|css|js|mjs|json|svg|webmanifest|vtt|txt|xml)(?:\.br|\.gz)?$/;
/** Fixed names that announce a release: the browser asks every time, 304 when unchanged. */
const REVALIDATED =
  /(?:^|[/\\])(?:index\.html|sw\.js|manifest(?:\.[a-z-]+)?\.webmanifest)(?:\.br|\.gz)?$/;

/** The web app's session cookie and language cookie (src/config/constants.ts). */
const SESSION_COOKIE = 'mnemo_token';
const LANGUAGE_COOKIE = 'mnemo_lng';
/** A path that may have a prerendered page: `/` or one lower-case segment (`/login`). */
const PAGE_PATH = /^\/([a-z][a-z-]*)?$/;

/**
 * The language a prerendered page is sent in, decided as the web app's detector will decide
 * (src/i18n/index.ts): `?lng=`, the language cookie, then Accept-Language (for the browser's
 * own language); any Chinese is zh-TW, anything else English, nothing zh-TW.
 */
const detectLanguage = languageDetector({
  supportedLanguages: ['zh-TW', 'en'],
  fallbackLanguage: 'zh-TW',
  order: ['querystring', 'cookie', 'header'],
  lookupQueryString: 'lng',
  lookupCookie: LANGUAGE_COOKIE,
  caches: false,
  convertDetectedLanguage: (lng) => (lng.toLowerCase().startsWith('zh') ? 'zh-TW' : 'en'),
});

/**
 * A validator from the file on disk (the variant actually sent: each encoding its own tag), so
 * a 304 costs one stat and no read. hono/etag answers If-None-Match with it.
 */
function fileValidators(file: string, c: Context) {
  const stats = fs.statSync(file, { throwIfNoEntry: false });
  if (stats) {
    const encoding = file.endsWith('.br') ? '-br' : file.endsWith('.gz') ? '-gz' : '';
    c.header(
      'ETag',
      `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${encoding}"`,
    );
  }
  // Whether or not a variant went out, what a cache stores for this URL depends on the header.
  if (TEXT_FILE.test(file) && !c.res.headers.has('Vary')) c.header('Vary', 'Accept-Encoding');
}

/**
 * Serves the built SPA from distDir: the prebuilt .br/.gz variant the request accepts, hashed
 * assets immutable for a year, everything else with an ETag (index.html, sw.js and the
 * manifests revalidated on every load), any other path the app shell (docs/decisions/0023).
 */
export function mountWeb(app: Hono<AppEnv>, distDir: string) {
  const root = path.relative(process.cwd(), distDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (file, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
        fileValidators(file, c);
      },
    }),
  );
  const revalidate = (file: string, c: Context) => {
    if (REVALIDATED.test(file)) c.header('Cache-Control', 'no-cache');
    fileValidators(file, c);
  };
  app.use('*', etag());
  // A signed-out visit to a public page: its prerendered HTML (scripts/prerender.ts) in the
  // visitor's language, painted before the JavaScript arrives; React hydrates it. Signed in,
  // the page is another (the material list on /), so the app shell below renders it.
  const prerendered = (file: string, c: Context) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
    fileValidators(file, c);
  };
  app.use('*', async (c, next) => {
    const page = PAGE_PATH.exec(c.req.path);
    if (!page || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    if (getCookie(c, SESSION_COOKIE)) return next();
    await detectLanguage(c, async () => undefined);
    const language = (c as unknown as Context<{ Variables: LanguageVariables }>).get('language');
    const file = path.posix.join('prerender', language, `${page[1] ?? 'index'}.html`);
    if (!fs.existsSync(path.join(distDir, file))) return next();
    return serveStatic({ root, path: file, precompressed: true, onFound: prerendered })(c, next);
  });
  app.use('*', serveStatic({ root, precompressed: true, onFound: revalidate }));
  const indexPath = path.join(distDir, 'index.html');
  const shell = serveStatic({ root, path: 'index.html', precompressed: true, onFound: revalidate });
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    if (!fs.existsSync(indexPath)) {
      return c.text('The web app is not built yet: run `npm run build`.', 503);
    }
    const res = await shell(c, next);
    if (res) return res;
  });
}
