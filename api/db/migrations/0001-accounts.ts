import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('locale', 'varchar(10)', (c) => c.notNull().defaultTo('zh-TW'))
    .addColumn('account_type', 'varchar(20)', (c) => c.notNull().defaultTo('free'))
    .addColumn('subscription_status', 'varchar(20)', (c) => c.notNull().defaultTo('inactive'))
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_usage_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_quiz_limitation', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('click_token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('clicked_at', 'varchar(30)')
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_tokens_user_purpose')
    .on('auth_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('social_accounts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('social_accounts_provider_subject', ['provider', 'subject'])
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('window_start', 'varchar(30)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contact_requests')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('organization', 'varchar(200)', (c) => c.notNull())
    .addColumn('team_size', 'varchar(20)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('locale', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['contact_requests', 'rate_limits', 'social_accounts', 'auth_tokens', 'users']) {
    await db.schema.dropTable(t).execute();
  }
}
