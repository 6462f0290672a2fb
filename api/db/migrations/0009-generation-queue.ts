import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Quiz generations become jobs in a durable queue (docs/decisions/0019): the request that
  // asks for a quiz stores what to make (`request`, JSON) and a runner on any instance claims
  // it. `claimed_by` names the instance running it, `attempts` how often it was started, so
  // one whose server died is run again (up to GENERATION_MAX_ATTEMPTS) or failed.
  // One column per ALTER TABLE: SQLite adds no more at once.
  await db.schema.alterTable('quiz_generations').addColumn('request', 'text').execute();
  await db.schema
    .alterTable('quiz_generations')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('quiz_generations').addColumn('claimed_by', 'varchar(64)').execute();
  // The runner's claim: the oldest queued job first.
  await db.schema
    .createIndex('quiz_generations_status_created')
    .on('quiz_generations')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('quiz_generations_status_created').execute();
  for (const column of ['claimed_by', 'attempts', 'request']) {
    await db.schema.alterTable('quiz_generations').dropColumn(column).execute();
  }
}
