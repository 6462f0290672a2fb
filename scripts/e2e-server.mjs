// Starts the built app for the e2e suite on a fresh data directory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, '.tmp', 'e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: process.env.E2E_PORT ?? '3100',
    PUBLIC_URL: `http://localhost:${process.env.E2E_PORT ?? '3100'}`,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_IP: '100000',
    RATE_LIMIT_PER_EMAIL: '50',
    // Specs upload many materials as one learner (the upload limit has its own API tests).
    UPLOAD_RATE_LIMIT: '100000',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
