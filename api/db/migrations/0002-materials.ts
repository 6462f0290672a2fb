import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('materials')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('language', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('materials_user_created')
    .on('materials')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('material_files')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('material_id', 'varchar(36)', (c) =>
      c.notNull().references('materials.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('file_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('material_files_material_position')
    .on('material_files')
    .columns(['material_id', 'position'])
    .execute();

  await db.schema
    .createTable('material_contents')
    .addColumn('material_id', 'varchar(36)', (c) =>
      c.primaryKey().references('materials.id').onDelete('cascade'),
    )
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('quizzes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('material_id', 'varchar(36)', (c) =>
      c.notNull().references('materials.id').onDelete('cascade'),
    )
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('difficulty', 'varchar(20)', (c) => c.notNull().defaultTo('basic'))
    .addColumn('language', 'varchar(10)', (c) => c.notNull().defaultTo('zh-TW'))
    .addColumn('question_types', 'text', (c) => c.notNull())
    .addColumn('question_count', 'integer', (c) => c.notNull())
    .addColumn('questions', 'text', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', 'integer')
    .addColumn('answered_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_taken_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('quizzes_material_created')
    .on('quizzes')
    .columns(['material_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['quizzes', 'material_contents', 'material_files', 'materials']) {
    await db.schema.dropTable(t).execute();
  }
}
