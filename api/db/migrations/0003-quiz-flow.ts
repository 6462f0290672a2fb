import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per generation request: progress any instance can report, and whether a free
  // quiz was reserved for it (refunded when it fails or is cancelled).
  await db.schema
    .createTable('quiz_generations')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('material_id', 'varchar(36)', (c) =>
      c.notNull().references('materials.id').onDelete('cascade'),
    )
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('stage', 'varchar(20)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quota_reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quiz_id', 'varchar(36)')
    .addColumn('error_code', 'varchar(60)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quiz_generations_user')
    .on('quiz_generations')
    .columns(['user_id', 'created_at'])
    .execute();

  // Every take of a quiz: the one in progress holds saved answers; submitted ones keep the
  // scored result so the history (last, best) survives retakes.
  await db.schema
    .createTable('quiz_attempts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('quiz_id', 'varchar(36)', (c) =>
      c.notNull().references('quizzes.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('current_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answered_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', 'integer')
    // 1, 2, 3… among the quiz's submitted attempts: the history's order even within one ms.
    .addColumn('attempt_number', 'integer')
    .addColumn('result', 'text')
    .addColumn('client_submission_id', 'varchar(100)')
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('submitted_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('quiz_attempts_quiz_status')
    .on('quiz_attempts')
    .columns(['quiz_id', 'status', 'attempt_number'])
    .execute();
  // Several NULLs are allowed on both databases; a repeated client id is the same submission.
  await db.schema
    .createIndex('quiz_attempts_client_submission')
    .on('quiz_attempts')
    .columns(['user_id', 'client_submission_id'])
    .unique()
    .execute();

  await db.schema.alterTable('quizzes').addColumn('best_score', 'integer').execute();
  await db.schema
    .alterTable('quizzes')
    .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('quizzes')
    .addColumn('notices', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('quizzes')
    .addColumn('generator', 'varchar(20)', (c) => c.notNull().defaultTo('builtin'))
    .execute();
  await db.schema
    .createIndex('quizzes_user_created')
    .on('quizzes')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('quizzes_user_created').execute();
  for (const col of ['generator', 'notices', 'attempt_count', 'best_score']) {
    await db.schema.alterTable('quizzes').dropColumn(col).execute();
  }
  await db.schema.dropTable('quiz_attempts').execute();
  await db.schema.dropTable('quiz_generations').execute();
}
