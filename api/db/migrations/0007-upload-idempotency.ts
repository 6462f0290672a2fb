import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The client's Idempotency-Key (the offline outbox sends the same one on every try): a retry
  // after a lost answer finds the material or generation the first try made instead of making
  // a second one. Unique per learner; rows made without a key keep NULL, and both databases
  // allow any number of NULLs in a unique index.
  await db.schema.alterTable('materials').addColumn('idempotency_key', 'varchar(100)').execute();
  await db.schema
    .createIndex('materials_user_idempotency_key')
    .on('materials')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();

  await db.schema
    .alterTable('quiz_generations')
    .addColumn('idempotency_key', 'varchar(100)')
    .execute();
  await db.schema
    .createIndex('quiz_generations_user_idempotency_key')
    .on('quiz_generations')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('quiz_generations_user_idempotency_key').execute();
  await db.schema.alterTable('quiz_generations').dropColumn('idempotency_key').execute();
  await db.schema.dropIndex('materials_user_idempotency_key').execute();
  await db.schema.alterTable('materials').dropColumn('idempotency_key').execute();
}
