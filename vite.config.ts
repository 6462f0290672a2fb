import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import {
  precacheFiles,
  readViteManifest,
  WEB_MANIFEST_FILES,
  webAppManifest,
} from './scripts/build-manifest.js';
import { prerenderPublicPages, writeCompressedVariants } from './scripts/prerender.js';

// Where this build writes (`vite build --outDir x` included): the precache filter reads its manifest.
let outDir = path.resolve(import.meta.dirname, 'dist');
const captureOutDir: Plugin = {
  name: 'mnemo:out-dir',
  configResolved(config) {
    outDir = path.resolve(config.root, config.build.outDir);
  },
};

/**
 * The English web app manifest, beside the zh-TW one vite-plugin-pwa writes (one `lang` per
 * manifest); the page links the one of its UI language. Served uncached like the other
 * (api/app.ts) and precached (globPatterns below).
 */
const englishManifest: Plugin = {
  name: 'mnemo:english-manifest',
  apply: 'build',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: WEB_MANIFEST_FILES.en,
      source: JSON.stringify(webAppManifest('en')),
    });
  },
};

/** Text files worth sending compressed (images, fonts, video are compressed already). */
const TEXT_ASSET = /\.(?:html|css|js|mjs|json|svg|webmanifest|vtt|txt|xml)$/;

/**
 * vite-plugin-pwa writes sw.js after the bundle (its closeBundle), where the compression plugin
 * no longer looks: give it the same brotli and gzip variants once it exists.
 */
const compressServiceWorker: Plugin = {
  name: 'mnemo:compress-sw',
  apply: 'build',
  closeBundle: {
    sequential: true,
    order: 'post',
    handler() {
      const file = path.join(outDir, 'sw.js');
      if (fs.existsSync(file)) writeCompressedVariants(file);
    },
  },
};

/**
 * src/main.tsx imports the app (src/boot.tsx) only after the first paint; index.html still links
 * its chunks and stylesheets, so they download beside the entry, not after it has run, and the
 * prerendered HTML is styled (scripts/prerender.ts reads the result).
 */
const preloadBoot: Plugin = {
  name: 'mnemo:preload-boot',
  apply: 'build',
  enforce: 'post',
  // enforce 'post' but not order 'post': after vite:build-html has written index.html, before
  // the manifest plugin, where the compression plugin makes index.html.br/.gz from it.
  generateBundle: {
    handler(_options, bundle) {
      const html = bundle['index.html'];
      const boot = Object.values(bundle).find(
        (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/boot.tsx'),
      );
      if (html?.type !== 'asset' || boot?.type !== 'chunk') return;
      const css: string[] = [];
      const js: string[] = [];
      const seen = new Set<string>();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (seen.has(file) || chunk?.type !== 'chunk') return;
        seen.add(file);
        chunk.imports.forEach(visit);
        js.push(file);
        chunk.viteMetadata?.importedCss.forEach((f) => css.push(f));
      };
      visit(boot.fileName);
      // Vite's own stylesheet link (the entry's CSS) moves ahead of the entry with the others.
      const own: string[] = [];
      const original = String(html.source);
      const missing = (file: string) => !original.includes(`"/${file}"`);
      const source = original.replace(/<link rel="stylesheet"[^>]*>\s*/g, (link) => {
        own.push(`${link.trim()}\n    `);
        return '';
      });
      const styles = [
        ...own,
        ...[...new Set(css)]
          .filter(missing)
          .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">\n    `),
      ];
      const preloads = js
        .filter(missing)
        .map((f) => `  <link rel="modulepreload" crossorigin href="/${f}">\n  `);
      // Stylesheets first: they hold up the first paint, the code does not.
      html.source = source
        .replace('<script type="module"', (tag) => `${styles.join('')}${tag}`)
        .replace('</head>', () => `${preloads.join('')}</head>`);
    },
  },
};

// Locale namespaces are JSON turned into chunks; name them assets/locales/<lng>-<ns>-<hash>.js
// so the worker can give them their own runtime cache.
const localeChunk = /\/src\/i18n\/locales\/([^/]+)\/([^/]+)\.json$/;

export default defineConfig({
  plugins: [
    captureOutDir,
    englishManifest,
    preloadBoot,
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'worker',
      filename: 'sw.ts',
      injectRegister: false, // src/app/pwa registers it with workbox-window
      // Icons come from one source (pwa-assets.config.ts) and are committed under public/icons.
      pwaAssets: { disabled: true },
      includeManifestIcons: false, // globPatterns below already take every icon
      // zh-TW, the default language: manifest.webmanifest, linked from index.html. The English
      // one is englishManifest above (scripts/build-manifest.ts has both).
      manifestFilename: WEB_MANIFEST_FILES['zh-TW'],
      manifest: webAppManifest('zh-TW'),
      injectManifest: {
        rollupFormat: 'iife', // a classic worker: browsers refuse the ES output's `export`
        sourcemap: false,
        globPatterns: [
          'index.html',
          'assets/**/*.{js,css}',
          'logo.svg',
          'icons/*.png',
          WEB_MANIFEST_FILES.en,
        ],
        manifestTransforms: [
          (entries) => {
            // The app shell and the pages that work offline (scripts/build-manifest.ts,
            // docs/decisions/0012-pwa.md and 0024-study-modes.md).
            const shell = precacheFiles(readViteManifest(outDir));
            return {
              manifest: entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url)),
              warnings: [],
            };
          },
        ],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip variants of every text file beside it (x.js.br, x.js.gz); the server picks
    // one by Accept-Encoding (api/app.ts, docs/decisions/0023-delivery.md). Source maps stay
    // plain: only developers fetch them.
    compression({
      include: TEXT_ASSET,
      exclude: /\.map$/,
      algorithms: ['brotliCompress', 'gzip'],
      logLevel: 'silent',
    }),
    compressServiceWorker,
    // The public pages' first view as HTML (scripts/prerender.ts), hydrated by src/main.tsx.
    prerenderPublicPages(() => outDir),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true, // dist/.vite/manifest.json: the precache list and bench:web read it
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) => {
          const locale = chunk.facadeModuleId?.match(localeChunk);
          return locale
            ? `assets/locales/${locale[1]}-${locale[2]}-[hash].js`
            : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
