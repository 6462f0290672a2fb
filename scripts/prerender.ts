/*
 * Build step (vite.config.ts): the public pages' first view as static HTML, one file per page
 * and language, so a phone paints the page from the HTML alone and React hydrates it once the
 * JavaScript has arrived (docs/decisions/0023-delivery.md, "Prerendered public pages").
 *
 * After the client bundle is written, a Vite dev server in middleware mode (no HTTP, no HMR)
 * loads src/prerender.tsx — the same App and routes as the browser — and renders each page
 * signed out, each in a fresh module runner, so the modules it evaluated are exactly the ones
 * the page used. The markup goes into the built index.html's #root (the hashed entry, its
 * modulepreloads and stylesheet are the build's own), with a stylesheet link for the CSS of the
 * lazy chunks the page rendered (else it would paint unstyled until they load) and a
 * modulepreload for their code and the page's translation chunks (fetched beside the entry
 * instead of after it has run). It is written to
 * dist/prerender/<language>/<page>.html with brotli and gzip variants. api/lib/web-static.ts
 * sends one of them for a signed-out visit; index.html itself stays the empty app shell the
 * service worker precaches for every other navigation.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createServer, createServerModuleRunner, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import {
  readViteManifest,
  SHELL_ENTRIES,
  staticClosure,
  type ViteManifest,
} from './build-manifest.js';

/** The pages a signed-out visitor can land on, by path, and their file name. */
export const PRERENDERED_PAGES: Record<string, string> = {
  '/': 'index',
  '/login': 'login',
  '/privacy-policy': 'privacy-policy',
  '/terms-of-service': 'terms-of-service',
};
const LANGUAGES = ['zh-TW', 'en'] as const;

/** Brotli (quality 11) and gzip (level 9) beside `file`, as the compression plugin makes them. */
export function writeCompressedVariants(file: string): void {
  const source = fs.readFileSync(file);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(source, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }),
  );
  fs.writeFileSync(
    `${file}.gz`,
    zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  );
}

interface PrerenderModule {
  renderPage(
    path: string,
    language: (typeof LANGUAGES)[number],
  ): Promise<{ html: string; lang: string }>;
}

/**
 * What a page needs beyond the shell: the lazy chunks among `sources` (project-relative paths
 * of the modules its render evaluated: route pages, translation namespaces), their static
 * imports and CSS, less what the shell (index.html) already links.
 */
export function pageAssets(manifest: ViteManifest, sources: Iterable<string>) {
  const lazy = [...sources].filter((src) => manifest[src]?.isDynamicEntry);
  const shell = staticClosure(manifest, SHELL_ENTRIES);
  const files = [...staticClosure(manifest, lazy)].filter((file) => !shell.has(file)).sort();
  return {
    css: files.filter((file) => file.endsWith('.css')),
    js: files.filter((file) => file.endsWith('.js')),
  };
}

/** The built shell with `html` in #root, `lang` on <html> and the page's own links in <head>. */
export function fillShell(
  shell: string,
  html: string,
  lang: string,
  language: string,
  assets: { css: string[]; js: string[] } = { css: [], js: [] },
): string {
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error('index.html has no empty <div id="root"></div>');
  // The CSP runs no inline script: a page that needs one would hydrate broken.
  if (html.includes('<script')) throw new Error('a prerendered page has an inline <script>');
  const styles = assets.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  const preloads = assets.js.map(
    (file) => `<link rel="modulepreload" crossorigin href="/${file}">`,
  );
  return (
    shell
      .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
      // Stylesheets before the code: they hold up the first paint, the code does not.
      .replace('<script type="module"', (tag) => `${styles.join('')}${tag}`)
      .replace('</head>', () => `${preloads.join('')}</head>`)
      .replace(root, () => `<div id="root" data-prerendered="${language}">${html}</div>`)
  );
}

/** The Vite plugin: `outDir()` is where the client build wrote (read when the bundle closes). */
export function prerenderPublicPages(outDir: () => string): Plugin {
  return {
    name: 'mnemo:prerender',
    apply: 'build',
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const dist = outDir();
        const shellFile = path.join(dist, 'index.html');
        if (!fs.existsSync(shellFile)) return;
        const shell = fs.readFileSync(shellFile, 'utf8');
        const manifest = readViteManifest(dist);
        const root = path.resolve(import.meta.dirname, '..');
        const server = await createServer({
          configFile: false,
          root,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          plugins: [react()],
        });
        try {
          for (const language of LANGUAGES) {
            const dir = path.join(dist, 'prerender', language);
            fs.mkdirSync(dir, { recursive: true });
            for (const [page, name] of Object.entries(PRERENDERED_PAGES)) {
              const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
              const { renderPage } = await runner.import<PrerenderModule>('/src/prerender.tsx');
              const { html, lang } = await renderPage(page, language);
              const used = [...runner.evaluatedModules.fileToModulesMap.keys()].map((file) =>
                path.relative(root, file).split(path.sep).join('/'),
              );
              await runner.close();
              const file = path.join(dir, `${name}.html`);
              const assets = pageAssets(manifest, used);
              fs.writeFileSync(file, fillShell(shell, html, lang, language, assets));
              writeCompressedVariants(file);
            }
          }
        } finally {
          await server.close();
        }
      },
    },
  };
}
