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

/** Keys of the lazy chunks whose source lies under one of `dirs` ('src/app/layouts/', …). */
export function dynamicEntriesUnder(manifest: ViteManifest, dirs: string[]): string[] {
  return Object.entries(manifest)
    .filter(([, c]) => c.isDynamicEntry && dirs.some((d) => c.src?.startsWith(d)))
    .map(([key]) => key);
}
