/*
 * Reads Vite's build manifest (dist/.vite/manifest.json, `build.manifest: true`): which files a
 * page needs before it runs. Used by vite.config.ts (what the service worker precaches) and by
 * bench/web.ts (first-load JavaScript).
 */
import fs from 'node:fs';
import path from 'node:path';

/** One chunk of the build, keyed in the manifest by its source path ('index.html', 'src/…'). */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** dist/.vite/manifest.json, parsed. */
export function readViteManifest(distDir: string): ViteManifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ViteManifest;
}

/**
 * The files the chunks under `keys` load before they run: each chunk, its static imports
 * (transitively: what Vite modulepreloads) and their CSS. Dynamic imports are left out.
 */
export function staticClosure(manifest: ViteManifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

/**
 * What every page loads before it runs: index.html's entry (src/main.tsx, small: it waits for
 * the first paint) and the app it then imports (src/boot.tsx), each with its static imports and
 * CSS. index.html links all of them (vite.config.ts `mnemo:preload-boot`).
 */
export const SHELL_ENTRIES = ['index.html', 'src/boot.tsx'];

/** Keys of the lazy chunks whose source lies under one of `dirs` ('src/app/layouts/', …). */
export function dynamicEntriesUnder(manifest: ViteManifest, dirs: string[]): string[] {
  return Object.entries(manifest)
    .filter(([, c]) => c.isDynamicEntry && dirs.some((d) => c.src?.startsWith(d)))
    .map(([key]) => key);
}

/** The lazy chunks of the app shell: the layout and the PWA code (account menu, worker registration). */
export const SHELL_LAZY_DIRS = ['src/app/layouts/', 'src/app/pwa/'];

/**
 * Lazy modules of the app's start outside those folders: the features' outbox handlers (with
 * the device store), which deliver what was queued offline, offline too after a reload; the
 * toasts' view, loaded with the first toast.
 */
export const SHELL_LAZY_MODULES = ['src/app/outbox-kinds.ts', 'src/components/ui/toast-list.tsx'];

/**
 * Every page reachable from the device's data (quiz taking, results, review, flashcards,
 * progress, the outbox, and the home and material pages that lead there): precached with their
 * code and CSS, so each opens offline on first use after one online visit of any page
 * (docs/decisions/0024-study-modes.md). Other route pages are runtime-cached when first used.
 */
export const OFFLINE_PAGES = [
  'src/app/routes/home-page.tsx',
  'src/features/materials/components/material-list-page.tsx',
  'src/features/materials/components/material-detail-page.tsx',
  'src/features/quiz/components/quiz-questions-page.tsx',
  'src/features/quiz/components/quiz-results-page.tsx',
  'src/features/offline/components/outbox-page.tsx',
  'src/app/routes/review-route.tsx',
  'src/features/progress/components/progress-page.tsx',
  'src/features/progress/lib/score-chart.ts',
  'src/features/flashcards/components/material-flashcards-page.tsx',
  'src/features/flashcards/components/quiz-flashcards-page.tsx',
];

/** The locale namespaces those pages use, precached in both languages (a few KB each). */
export const OFFLINE_NAMESPACES = [
  'materials',
  'quiz',
  'offline',
  'review',
  'progress',
  'flashcards',
];

const localeKey = /^src\/i18n\/locales\/([^/]+)\/([^/]+)\.json$/;

/**
 * What the service worker precaches from assets/: the shell entries with everything they
 * import statically and their CSS, the shell's lazy chunks, the offline pages and their strings.
 */
export function precacheFiles(manifest: ViteManifest): Set<string> {
  const locales = Object.keys(manifest).filter((key) => {
    const ns = key.match(localeKey)?.[2];
    return ns !== undefined && OFFLINE_NAMESPACES.includes(ns);
  });
  return staticClosure(manifest, [
    ...SHELL_ENTRIES,
    ...dynamicEntriesUnder(manifest, SHELL_LAZY_DIRS),
    ...SHELL_LAZY_MODULES.filter((key) => key in manifest),
    ...OFFLINE_PAGES.filter((key) => key in manifest),
    ...locales,
  ]);
}

/*
 * The web app manifests, one per UI language (a manifest has one `lang`; Chromium's
 * `*_localized` members are still experimental). vite-plugin-pwa writes the zh-TW one as
 * manifest.webmanifest (the default language, linked from index.html); vite.config.ts writes
 * the English one beside it, and the page points <link rel="manifest"> at the one of the UI
 * language (src/i18n/manifest-link.ts). Same `id`, start_url and icons: one app, two names.
 */
export type ManifestLanguage = 'zh-TW' | 'en';

/** The file each language's manifest is written to (the app's root). */
export const WEB_MANIFEST_FILES: Record<ManifestLanguage, string> = {
  'zh-TW': 'manifest.webmanifest',
  en: 'manifest.en.webmanifest',
};

const MANIFEST_TEXT: Record<ManifestLanguage, { name: string; description: string; lang: string }> =
  {
    'zh-TW': {
      name: 'Mnemo 記憶學習',
      description: '上傳自己的講義，產生測驗，離線也能讀。',
      lang: 'zh-Hant-TW',
    },
    en: {
      name: 'Mnemo Study',
      description: 'Turn your own study materials into quizzes — offline too.',
      lang: 'en',
    },
  };

/** The web app manifest in one language (everything but the words is shared). */
export function webAppManifest(language: ManifestLanguage) {
  const text = MANIFEST_TEXT[language];
  return {
    id: '/',
    name: text.name,
    short_name: 'Mnemo',
    description: text.description,
    lang: text.lang,
    dir: 'ltr' as const,
    start_url: '/',
    scope: '/',
    display: 'standalone' as const,
    // --brand-600 and --bg of src/styles/tokens.css (light theme).
    theme_color: '#4f46e5',
    background_color: '#f6f7fb',
    categories: ['education'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' as const },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' as const },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable' as const,
      },
    ],
  };
}
