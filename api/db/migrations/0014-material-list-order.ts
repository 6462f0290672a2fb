import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The material list's order is (created_at, id) newest first, and a page's cursor is that
  // pair (issue 18): with id in the index a page is read in order and stops after its rows,
  // instead of sorting each created_at group (SQLite: "temp b-tree for last term of order by").
  await db.schema
    .createIndex('materials_user_created_id')
    .on('materials')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('materials_user_created').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('materials_user_created')
    .on('materials')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('materials_user_created_id').execute();
}
