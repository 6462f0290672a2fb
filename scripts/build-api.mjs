// Compiles the API (api/**/*.ts) to plain JavaScript in .build/api for `npm start`, so the server
// and its worker threads run without tsx: no esbuild service, loader thread or source maps in
// every process (about 50 MB of the idle server's memory; see docs/decisions/0006).
//
//   node scripts/build-api.mjs          build when missing or stale (what `npm start` does)
//   node scripts/build-api.mjs --force  build anyway
//
// One output file per source file, same folders, no bundling: relative imports already name
// `.js` files, packages stay in node_modules, and files the API finds through import.meta.url
// (worker entries, pdf.js and font packages through createRequire) sit where they sit in api/.
// The worker entries (`*.mjs` that register tsx and import a `.ts` worker) are written as
// entries that import the compiled worker. Migrations, messages and locales are TypeScript
// modules, compiled with the rest. `npm run serve` and `npm run dev` keep running the sources
// through tsx.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const buildDir = path.join(root, '.build', 'api');

/**
 * Environment defaults of the compiled server (`npm start`), under whatever the environment
 * sets. MALLOC_ARENA_MAX=2: glibc gives every thread that allocates an arena of its own (up to
 * 8 per core); what an extraction worker frees stays in its arena, so each worker that follows
 * starts higher. Two arenas keep the peak of a 60 MB upload some 20–30 MB lower
 * (docs/decisions/0006).
 */
// UV_THREADPOOL_SIZE: libuv's pool (file I/O, DNS, scrypt) sized at start, beyond the
// HASH_CONCURRENCY password hashes (default: cores - 1, 1 to 4, as api/env.ts) that may hold
// threads, so files still move while sign-ins hash (issue 19).
export const serverEnvDefaults = {
  MALLOC_ARENA_MAX: '2',
  UV_THREADPOOL_SIZE: String(
    Number(
      process.env.HASH_CONCURRENCY || Math.min(4, Math.max(1, os.availableParallelism() - 1)),
    ) + 4,
  ),
};
const stampFile = path.join(buildDir, '.source-stamp');
const sourceDir = path.join(root, 'api');

/** esbuild, which tsx depends on (not a dependency of its own). */
async function loadEsbuild() {
  try {
    return await import('esbuild');
  } catch {
    const fromTsx = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'));
    return import(pathToFileURL(fromTsx.resolve('esbuild')).href);
  }
}

function listFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(p));
    else if (entry.isFile()) out.push(p);
  }
  return out.sort();
}

/**
 * What the build is made from: every file under api/ (name, size, modification time), this
 * script and the compiler options. A different stamp means a rebuild, so an added, changed or
 * removed source file is noticed.
 */
function sourceStamp(files) {
  const hash = createHash('sha256');
  for (const file of [...files, import.meta.filename, path.join(root, 'tsconfig.json')]) {
    const stat = fs.statSync(file);
    hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

export function apiBuildIsCurrent() {
  try {
    return fs.readFileSync(stampFile, 'utf8') === sourceStamp(listFiles(sourceDir));
  } catch {
    return false;
  }
}

/** A worker entry for the build: the `.ts` worker it loads through tsx, as compiled `.js`. */
function compiledEntry(source, file) {
  if (!/from ['"]tsx(\/[\w/]*)?['"]/.test(source)) return source;
  const workers = [...source.matchAll(/import\(\s*['"](\.{1,2}\/[^'"]+)\.ts['"]\s*\)/g)];
  if (workers.length !== 1) {
    throw new Error(
      `${path.relative(root, file)} registers tsx but does not import exactly one .ts worker; ` +
        'scripts/build-api.mjs does not know how to compile it',
    );
  }
  return (
    `// Compiled from ${path.relative(root, file)} by scripts/build-api.mjs: the worker is\n` +
    `// JavaScript here, so tsx is not registered.\n` +
    `await import('${workers[0][1]}.js');\n`
  );
}

/**
 * Builds api/ into `outDir` (.build/api; tests build elsewhere inside the repository, where
 * node_modules is found), through a fresh folder swapped in at the end.
 */
export async function buildApi({ outDir = buildDir } = {}) {
  const started = performance.now();
  const esbuild = await loadEsbuild();
  const files = listFiles(sourceDir);
  const stamp = sourceStamp(files);
  const staging = `${outDir}.tmp-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    const entryPoints = files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
    await esbuild.build({
      entryPoints,
      outdir: staging,
      outbase: sourceDir,
      bundle: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // Written beside each file for `node --enable-source-maps`; not loaded otherwise.
      sourcemap: 'linked',
      tsconfig: path.join(root, 'tsconfig.json'),
      logLevel: 'warning',
    });
    for (const file of files) {
      if (file.endsWith('.ts')) continue;
      const target = path.join(staging, path.relative(sourceDir, file));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      if (file.endsWith('.mjs')) {
        fs.writeFileSync(target, compiledEntry(fs.readFileSync(file, 'utf8'), file));
      } else fs.copyFileSync(file, target);
    }
    // A package.json saying "module" keeps the .js files ES modules wherever the folder is.
    fs.writeFileSync(path.join(staging, 'package.json'), '{ "type": "module" }\n');
    fs.writeFileSync(path.join(staging, '.source-stamp'), stamp);
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.renameSync(staging, outDir);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  } finally {
    // esbuild's service process would otherwise live on beside the server `npm start` runs.
    await esbuild.stop();
  }
  return { files: files.length, ms: performance.now() - started };
}

/** Builds the API unless the build in .build/api was made from the current sources. */
export async function ensureApiBuild({ force = false, log = console.log } = {}) {
  if (!force && apiBuildIsCurrent()) return false;
  log('Building the API…');
  const { files, ms } = await buildApi();
  log(`Built ${files} API files into ${path.relative(root, buildDir)} in ${ms.toFixed(0)} ms.`);
  return true;
}

if (import.meta.filename === process.argv[1]) {
  await ensureApiBuild({ force: process.argv.includes('--force') });
}
