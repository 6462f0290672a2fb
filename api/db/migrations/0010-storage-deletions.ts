import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Stored objects still to be removed: written in the transaction that deletes their rows, and
  // removed from here once the store has deleted them — a material deleted while the bucket is
  // down (or with the server killed right after the commit) loses its objects later, not never.
  await db.schema
    .createTable('storage_deletions')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('storage_deletions').execute();
}
