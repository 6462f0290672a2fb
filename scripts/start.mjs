// `npm start`: build the web app and the API when they are missing or older than their sources,
// then run the compiled server (node .build/api/server.js: no tsx in the server or its workers).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildDir, ensureApiBuild, serverEnvDefaults } from './build-api.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist', 'index.html');

function newest(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const sourcesChanged = () => {
  const built = fs.statSync(dist).mtimeMs;
  return (
    ['src', 'public', 'worker'].some((d) => newest(path.join(root, d)) > built) ||
    fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs > built
  );
};

if (!fs.existsSync(dist) || sourcesChanged()) {
  console.log('Building the web app…');
  const r = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await ensureApiBuild();

// Settings come from the environment, or from .env when there is one.
const envFile = path.join(root, '.env');
const args = [
  ...(fs.existsSync(envFile) ? [`--env-file=${envFile}`] : []),
  path.join(buildDir, 'server.js'),
];
const r = spawnSync(process.execPath, args, {
  cwd: root,
  stdio: 'inherit',
  env: { ...serverEnvDefaults, ...process.env },
});
process.exit(r.status ?? 0);
