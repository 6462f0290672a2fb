import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One FSRS card per (learner, quiz, question): the scheduling state lives on the server
  // (docs/decisions/0014). `version` grows with every review so two writers cannot both apply
  // a review to the same state.
  await db.schema
    .createTable('review_cards')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('quiz_id', 'varchar(36)', (c) =>
      c.notNull().references('quizzes.id').onDelete('cascade'),
    )
    .addColumn('material_id', 'varchar(36)', (c) =>
      c.notNull().references('materials.id').onDelete('cascade'),
    )
    .addColumn('question_id', 'varchar(64)', (c) => c.notNull())
    // JSON array of the question's related concepts (for the concept filter and progress).
    .addColumn('concepts', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('due', 'varchar(30)', (c) => c.notNull())
    .addColumn('stability', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('difficulty', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('elapsed_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scheduled_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('learning_steps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lapses', 'integer', (c) => c.notNull().defaultTo(0))
    // ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning.
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_review', 'varchar(30)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('review_cards_question', ['user_id', 'quiz_id', 'question_id'])
    .execute();
  await db.schema
    .createIndex('review_cards_user_due')
    .on('review_cards')
    .columns(['user_id', 'due'])
    .execute();

  // Every answer that moved a card: from a quiz submission (attempt_id) or the review page
  // (client_review_id, with the answer's result kept so a retry gets the same answer back).
  await db.schema
    .createTable('review_logs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('card_id', 'varchar(36)', (c) =>
      c.notNull().references('review_cards.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempt_id', 'varchar(36)')
    .addColumn('client_review_id', 'varchar(100)')
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('first_try', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('elapsed_ms', 'integer')
    // The card as it was before this answer (ts-fsrs ReviewLog).
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('due', 'varchar(30)', (c) => c.notNull())
    .addColumn('stability', 'double precision', (c) => c.notNull())
    .addColumn('difficulty', 'double precision', (c) => c.notNull())
    .addColumn('elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('last_elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('learning_steps', 'integer', (c) => c.notNull())
    .addColumn('reviewed_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // Several NULLs are allowed on both databases: the unique keys bind only their own source.
  await db.schema
    .createIndex('review_logs_client_review')
    .on('review_logs')
    .columns(['user_id', 'client_review_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('review_logs_attempt')
    .on('review_logs')
    .columns(['card_id', 'attempt_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('review_logs_user_time')
    .on('review_logs')
    .columns(['user_id', 'reviewed_at'])
    .execute();

  // Scheduled jobs: the first instance to insert (job, run_key) runs that period; the others
  // see the conflict and skip it.
  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'varchar(60)', (c) => c.notNull())
    .addColumn('run_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('instance', 'varchar(100)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(30)')
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('job_runs_pk', ['job', 'run_key'])
    .execute();

  // At most one reminder per learner and local day, whichever instance or run sends it.
  await db.schema
    .createTable('reminder_deliveries')
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminder_deliveries_pk', ['user_id', 'day'])
    .execute();

  // The learner's reminder setting (no row: off, 19:00 UTC). A table of its own, one row per
  // user, rather than columns on users: the account row stays what auth writes.
  await db.schema
    .createTable('reminder_settings')
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hour', 'integer', (c) => c.notNull().defaultTo(19))
    // Minutes east of UTC (Taipei 480), from the device that last saved the setting.
    .addColumn('utc_offset', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reminder_settings_enabled')
    .on('reminder_settings')
    .columns(['enabled'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'reminder_settings',
    'reminder_deliveries',
    'job_runs',
    'review_logs',
    'review_cards',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
