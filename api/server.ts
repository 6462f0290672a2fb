import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { serve } from '@hono/node-server';
import { loadConfig, type Config } from './env.js';
import { openDatabase, migrateToLatest } from './db/database.js';
import { createLogger } from './lib/logger.js';
import { outboxMailer, smtpMailer } from './mail/mailer.js';
import { systemClock } from './lib/clock.js';
import { createApp } from './app.js';
import { localStorage } from './storage/local-storage.js';
import { clearUploadTemp } from './materials/upload-temp.js';

/** JWT_SECRET from the environment, else one generated on first start and kept in DATA_DIR. */
function loadSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, 'mnemo.sqlite'),
  });
  await migrateToLatest(handle.db);
  const mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, logger);
  const storage = localStorage(path.join(config.dataDir, 'files'));
  await storage.sweep();
  await clearUploadTemp(config.dataDir);
  const app = createApp({
    config,
    db: handle.db,
    dialect: handle.dialect,
    mailer,
    clock: systemClock,
    logger,
    storage,
    secret: loadSecret(config),
  });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      { port: info.port, database: handle.dialect, dataDir: config.dataDir },
      'Mnemo is listening',
    );
    process.stdout.write(`\n  Mnemo is running at ${config.publicUrl}\n\n`);
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    server.close(() => {
      void handle.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
