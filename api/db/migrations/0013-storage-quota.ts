import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Per-learner storage quota (issue 19, item 6): a learner's use is the sum of the sizes of
  // the originals they stored, read on every upload; this index keeps that a range scan.
  await db.schema
    .createIndex('material_files_user')
    .on('material_files')
    .columns(['user_id', 'file_size'])
    .execute();
  // An Idempotency-Key reused with a different upload is refused (issue 19, item 7): what the
  // first upload carried (fields, file names and contents) as one sha256, to compare a repeat.
  await db.schema
    .alterTable('materials')
    .addColumn('idempotency_fingerprint', 'varchar(64)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('materials').dropColumn('idempotency_fingerprint').execute();
  await db.schema.dropIndex('material_files_user').execute();
}
