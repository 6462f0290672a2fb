import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Social sign-in (issue 19): the OAuth callback hands the browser a one-time code, bound to
  // the state cookie of the browser that started the sign-in, which that browser exchanges for
  // its session. Only hashes are kept; a row is deleted when it is used.
  await db.schema
    .createTable('social_login_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('binding_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('redirect', 'text')
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('social_login_codes_user')
    .on('social_login_codes')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_login_codes').execute();
}
