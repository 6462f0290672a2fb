import fs from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { serve } from '@hono/node-server';
import { loadConfig, type Config } from './env.js';
import { openDatabase, migrateToLatest } from './db/database.js';
import { createLogger } from './lib/logger.js';
import { loggedMailer, outboxMailer, smtpMailer } from './mail/mailer.js';
import { systemClock } from './lib/clock.js';
import { createApp } from './app.js';
import { createStorage } from './storage/create-storage.js';
import { createLifecycle } from './lib/lifecycle.js';
import { databaseRateLimiter } from './lib/rate-limit.js';
import { createRedis } from './lib/redis.js';
import { redisRateLimiter } from './lib/redis-rate-limit.js';
import { sweepStaleGenerations } from './quiz/stale-generations.js';
import { runnerOf } from './quiz/generation-runner.js';
import { purgeDeletions } from './storage/pending-deletions.js';
import type { Deps } from './lib/context.js';
import { clearUploadTemp } from './materials/upload-temp.js';
import { startReminderJob } from './review/reminder-job.js';
import { configurePasswordHashing } from './auth/password.js';
import { announceWarnings, startupWarnings } from './lib/startup-warnings.js';

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
  configurePasswordHashing(config.hashing);
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, 'mnemo.sqlite'),
    pool: config.pgPool,
    onPoolError: (err) => logger.warn({ err }, 'database: an idle connection failed'),
  });
  await migrateToLatest(handle.db);
  const lifecycle = createLifecycle({ logger, timeoutMs: config.shutdownTimeoutMs });
  lifecycle.onClose(() => handle.close());
  // REDIS_URL: rate-limit counters in Redis instead of the database (docs/decisions/0018).
  const redis = config.redisUrl ? createRedis(config.redisUrl, logger) : undefined;
  if (redis) lifecycle.onClose(() => redis.close());
  // Every failed send is logged with its reason, whoever sent it (issue 19).
  const mailer = loggedMailer(
    config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, logger),
    logger,
  );
  const store = createStorage(config, logger);
  await store.prepare();
  lifecycle.onClose(() => store.close());
  const storage = store.storage;
  await clearUploadTemp(config.dataDir);

  // Generations a stopped server left running: queued again (up to GENERATION_MAX_ATTEMPTS
  // starts) or failed with the quota given back — now, and by every instance now and then, in
  // case another one died. On SQLite no other server can be running: all of them, now.
  const sweepStale = (staleAfterMs: number) =>
    sweepStaleGenerations(
      { db: handle.db, clock: systemClock, logger },
      { staleAfterMs, maxAttempts: config.generationQueue.maxAttempts },
    );
  await sweepStale(handle.dialect === 'sqlite' ? 0 : config.generationStaleMs);
  const staleTimer = setInterval(
    () =>
      void sweepStale(config.generationStaleMs).catch((err: unknown) =>
        logger.warn({ err }, 'stale generation sweep failed'),
      ),
    Math.min(60_000, Math.max(5_000, config.generationStaleMs / 3)),
  );
  staleTimer.unref();
  lifecycle.onStop(() => clearInterval(staleTimer));
  // Stored files whose rows were deleted while the store could not delete them: again now and
  // every five minutes, by every instance (api/storage/pending-deletions.ts).
  const purge = () =>
    purgeDeletions({ db: handle.db, storage, clock: systemClock, logger }).catch((err: unknown) =>
      logger.warn({ err }, 'retrying stored-file removals failed'),
    );
  void purge();
  const purgeTimer = setInterval(() => void purge(), 5 * 60_000);
  purgeTimer.unref();
  lifecycle.onStop(() => clearInterval(purgeTimer));

  const deps: Deps = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    mailer,
    clock: systemClock,
    logger,
    storage,
    secret: loadSecret(config),
    shuttingDown: lifecycle.shuttingDown,
    rateLimiter: redis
      ? redisRateLimiter({ redis, clock: systemClock, logger })
      : databaseRateLimiter(handle.db, systemClock),
    redis,
  };
  const app = createApp(deps);

  // Quiz generations are jobs in the database; this instance makes its share of them and hands
  // back what it has not finished shortly before the shutdown time limit (docs/decisions/0019).
  const generations = runnerOf(deps);
  generations.start();
  lifecycle.onStop(() => generations.stop(Math.max(0, config.shutdownTimeoutMs - 2000)));

  // Daily review reminders: every instance offers each hour; the database lets one run it.
  const reminders = config.reminders.enabled
    ? startReminderJob(
        { db: handle.db, clock: systemClock, mailer, logger, secret: loadSecret(config), config },
        { intervalMs: config.reminders.intervalMs },
      )
    : undefined;

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      { port: info.port, database: handle.dialect, dataDir: config.dataDir, files: store.describe },
      'Mnemo is listening',
    );
    process.stdout.write(`\n  Mnemo is running at ${config.publicUrl}\n\n`);
    // What an operator must not miss: the demo checkout reachable from other machines.
    announceWarnings(logger, startupWarnings(config));
  });

  // SIGTERM/SIGINT: stop accepting, finish the requests in flight (SHUTDOWN_TIMEOUT_MS at
  // most), stop background work, close the database and the store, exit (api/lib/lifecycle.ts).
  lifecycle.attach(server as Server);
  lifecycle.onStop(() => reminders?.stop());
  process.on('SIGINT', () => void lifecycle.shutdown('SIGINT'));
  process.on('SIGTERM', () => void lifecycle.shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`Mnemo could not start: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
