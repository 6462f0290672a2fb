import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/** The plans table as this migration knows it (api/db/schema.ts moves on, this file does not). */
interface Tables {
  plans: {
    id: string;
    name: string;
    name_en: string;
    description: string;
    description_en: string;
    display_order: number;
    period_type: string | null;
    currency: string;
    list_price_cents: number;
    offer_price_cents: number | null;
    offer_until: string | null;
    stripe_price_id: string | null;
    created_at: string;
    updated_at: string;
  };
}

const SEEDED_AT = '2025-05-10T00:00:00.000Z';
// "Valid until the end of 2025-12-31" for a Taiwanese product: the last millisecond of that day
// in Taipei (UTC+8), 2025-12-31T23:59:59.999+08:00 (docs/decisions/0011).
const OFFER_UNTIL = '2025-12-31T15:59:59.999Z';

const PLANS: Tables['plans'][] = [
  {
    id: 'free',
    name: '免費方案',
    name_en: 'Free',
    description: '可免費產生 3 份測驗，不含詳解',
    description_en: '3 free quizzes, without explanations',
    display_order: 1,
    period_type: null,
    currency: 'CAD',
    list_price_cents: 0,
    offer_price_cents: null,
    offer_until: null,
    stripe_price_id: null,
    created_at: SEEDED_AT,
    updated_at: SEEDED_AT,
  },
  {
    id: 'monthly',
    name: '月訂閱',
    name_en: 'Monthly',
    description: '無限產生測驗，含完整詳解與相關概念',
    description_en: 'Unlimited quizzes with full explanations and related concepts',
    display_order: 2,
    period_type: 'month',
    currency: 'CAD',
    list_price_cents: 999,
    offer_price_cents: 500,
    offer_until: OFFER_UNTIL,
    // The demo checkout's price; STRIPE_PRICE_MONTHLY names the real one.
    stripe_price_id: 'demo_price_monthly',
    created_at: SEEDED_AT,
    updated_at: SEEDED_AT,
  },
  {
    id: 'yearly',
    name: '年訂閱',
    name_en: 'Yearly',
    description: '無限產生測驗，含完整詳解與相關概念',
    description_en: 'Unlimited quizzes with full explanations and related concepts',
    display_order: 3,
    period_type: 'year',
    currency: 'CAD',
    list_price_cents: 9988,
    offer_price_cents: 6000,
    offer_until: OFFER_UNTIL,
    stripe_price_id: 'demo_price_yearly',
    created_at: SEEDED_AT,
    updated_at: SEEDED_AT,
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // Prices in cents (integers compare and add exactly on both databases).
  await db.schema
    .createTable('plans')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('display_order', 'integer', (c) => c.notNull())
    .addColumn('period_type', 'varchar(10)')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('list_price_cents', 'integer', (c) => c.notNull())
    .addColumn('offer_price_cents', 'integer')
    .addColumn('offer_until', 'varchar(30)')
    .addColumn('stripe_price_id', 'varchar(255)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await (db as unknown as Kysely<Tables>).insertInto('plans').values(PLANS).execute();

  // Mnemo's copy of each provider subscription, written only from the provider's own object.
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('plan_id', 'varchar(40)', (c) => c.references('plans.id'))
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider_subscription_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('provider_customer_id', 'varchar(255)')
    .addColumn('status', 'varchar(30)', (c) => c.notNull())
    .addColumn('current_period_end', 'varchar(30)')
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_cents', 'integer')
    .addColumn('currency', 'varchar(3)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('subscriptions_provider_id', ['provider', 'provider_subscription_id'])
    .execute();
  await db.schema
    .createIndex('subscriptions_user')
    .on('subscriptions')
    .columns(['user_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('subscriptions_period_end')
    .on('subscriptions')
    .columns(['current_period_end'])
    .execute();
  await db.schema
    .createIndex('subscriptions_customer')
    .on('subscriptions')
    .columns(['provider', 'provider_customer_id'])
    .execute();

  // Webhook events already applied: a redelivered event id is answered and skipped.
  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('processed_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  // The demo checkout's own books (a stand-in for Stripe's): its sessions and subscriptions.
  await db.schema
    .createTable('demo_checkout_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(40)', (c) => c.notNull().references('plans.id'))
    .addColumn('price_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('period_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('success_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'varchar(64)')
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('demo_subscriptions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(40)', (c) => c.notNull().references('plans.id'))
    .addColumn('price_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('period_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(30)', (c) => c.notNull())
    // Periods are counted from the anchor so month ends do not drift (Jan 31 → Feb 28 → Mar 31).
    .addColumn('anchor', 'varchar(30)', (c) => c.notNull())
    .addColumn('periods', 'integer', (c) => c.notNull())
    .addColumn('current_period_start', 'varchar(30)', (c) => c.notNull())
    .addColumn('current_period_end', 'varchar(30)', (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('canceled_at', 'varchar(30)')
    .addColumn('ended_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('demo_subscriptions_due')
    .on('demo_subscriptions')
    .columns(['status', 'current_period_end'])
    .execute();
  await db.schema
    .createIndex('demo_subscriptions_customer')
    .on('demo_subscriptions')
    .columns(['customer_id'])
    .execute();

  await db.schema
    .createTable('demo_portal_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'demo_portal_sessions',
    'demo_subscriptions',
    'demo_checkout_sessions',
    'billing_events',
    'subscriptions',
    'plans',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
