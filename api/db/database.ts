import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';
import { stripNul } from './strip-nul.js';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DbOptions {
  /** postgres:// URL; when absent, SQLite at sqlitePath. */
  databaseUrl?: string;
  sqlitePath?: string;
  /** PostgreSQL schema to use (tests give each app its own). */
  pgSchema?: string;
  poolMax?: number;
  /** PostgreSQL pool settings (PG_POOL_MAX, PG_*_TIMEOUT_MS); 0 means no limit. */
  pool?: Partial<PoolSettings>;
  /** Told when an idle pooled connection fails (e.g. the database restarted). */
  onPoolError?: (err: Error) => void;
}

export interface PoolSettings {
  max: number;
  /** An idle connection is closed after this long. */
  idleTimeoutMs: number;
  /** Waiting for a connection (a new one, or a free one of a full pool) fails after this long. */
  connectTimeoutMs: number;
  /** The server cancels a statement running longer than this. */
  statementTimeoutMs: number;
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Opens the database: PostgreSQL when a URL is given, else SQLite with WAL and foreign keys. */
export function openDatabase(opts: DbOptions): DbHandle {
  if (opts.databaseUrl) {
    const settings = opts.pool ?? {};
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: settings.max ?? opts.poolMax ?? 10,
      idleTimeoutMillis: settings.idleTimeoutMs ?? 10_000,
      connectionTimeoutMillis: settings.connectTimeoutMs ?? 0,
      ...(settings.statementTimeoutMs ? { statement_timeout: settings.statementTimeoutMs } : {}),
      application_name: 'mnemo',
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    // An idle client whose connection dies (a database restart) must not crash the process;
    // the pool drops it and the next query opens a new one.
    pool.on('error', (err) => opts.onPoolError?.(err));
    const db = new Kysely<Database>({
      dialect: stripNul(new PostgresDialect({ pool })),
    });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = opts.sqlitePath ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  cacheStatements(sqlite);
  const db = new Kysely<Database>({
    dialect: stripNul(new SqliteDialect({ database: sqlite })),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Kysely prepares every query anew; with better-sqlite3 that is a real share of a small
 * request. Prepared statements are reusable (each run completes synchronously), so the same SQL
 * text gets the same statement. Bounded: a rare query shape cannot grow the cache forever.
 */
function cacheStatements(sqlite: SQLite.Database, max = 500) {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    let stmt = cache.get(source);
    if (!stmt) {
      stmt = prepare(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
      cache.set(source, stmt);
    }
    return stmt;
  }) as typeof sqlite.prepare;
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema to the newest migration; throws with the failing migration's name. With a
 * PostgreSQL schema, the migrator's own tables are looked up in it: its table check lists every
 * schema, so another schema's lock table would otherwise count as this one's.
 */
export async function migrateToLatest(db: Db, pgSchema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
