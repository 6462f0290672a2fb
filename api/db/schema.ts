import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Timestamps are ISO-8601 UTC strings and booleans are 0/1 integers on both SQLite and
 * PostgreSQL, so every query returns the same shapes on both (docs/decisions/0002).
 */

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  locale: string;
  account_type: Generated<string>;
  subscription_status: Generated<string>;
  email_verified: Generated<number>;
  free_usage_count: Generated<number>;
  free_quiz_limitation: Generated<number>;
  token_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface AuthTokensTable {
  id: string;
  user_id: string;
  purpose: 'verify_email' | 'reset_password';
  token_hash: string;
  click_token_hash: string | null;
  clicked_at: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface SocialAccountsTable {
  id: string;
  user_id: string;
  provider: string;
  subject: string;
  email: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

export interface ContactRequestsTable {
  id: string;
  name: string;
  email: string;
  organization: string;
  team_size: string;
  phone: string | null;
  message: string;
  locale: string;
  user_id: string | null;
  created_at: string;
}

export interface MaterialsTable {
  id: string;
  user_id: string;
  title: string;
  description: string;
  /** The first file's file_type (lowercase extension), or 'unknown'. */
  type: string;
  /** Language of the extracted text: 'zh-TW', 'en' or 'other'. */
  language: string;
  created_at: string;
  updated_at: string;
  /** The upload's Idempotency-Key (unique per user): a retry answers this material. */
  idempotency_key: string | null;
  /** sha256 of what the keyed upload carried: a repeat with other content is refused. */
  idempotency_fingerprint: Generated<string | null>;
  /** Title and description in the folded form searches compare (api/materials/search.ts). */
  search_text: Generated<string>;
}

export interface MaterialFilesTable {
  id: string;
  material_id: string;
  user_id: string;
  position: number;
  file_name: string;
  file_type: string;
  /** Decided from the sniffed content, never from what the browser claimed. */
  mime_type: string;
  file_size: number;
  storage_key: string;
  sha256: string;
  created_at: string;
}

export interface MaterialContentsTable {
  material_id: string;
  /** Language of the extracted document: 'zh-TW', 'en' or 'other'. */
  language: string;
  /** JSON array of the extraction warnings ({code, fileId?, params?}). */
  warnings: string;
  created_at: string;
}

/** The extracted document's blocks, one row each, in reading order (seq from 0). */
export interface MaterialBlocksTable {
  material_id: string;
  seq: number;
  file_id: string;
  /** The block's text; a JSON string literal instead when text_escaped is 1. */
  text: string;
  /** 1 when the text holds U+0000 (PostgreSQL text cannot) or a lone surrogate (UTF-8 cannot). */
  text_escaped: number;
  /** JSON of the block's location ({kind: 'page', page: 3}, ...). */
  location: string;
  /** The text in the folded form searches compare, or null when that is `text` itself. */
  search_text: string | null;
}

export interface QuizzesTable {
  id: string;
  user_id: string;
  material_id: string;
  title: string;
  description: Generated<string>;
  difficulty: Generated<string>;
  language: Generated<string>;
  /** JSON array of question types, e.g. ["multiple_choice","true_false"]. */
  question_types: string;
  question_count: number;
  /** JSON array of questions. */
  questions: string;
  completed: Generated<number>;
  score: number | null;
  answered_count: Generated<number>;
  created_at: string;
  last_taken_at: string | null;
  best_score: number | null;
  attempt_count: Generated<number>;
  /** JSON array of the generator's notices ({code, params}). */
  notices: Generated<string>;
  generator: Generated<string>;
}

/**
 * queued: waiting for a runner (or for its request to finish reserving the quota, while
 * `claimed_by` is null and status is still running); running: claimed by `claimed_by`.
 */
export type GenerationStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface QuizGenerationsTable {
  id: string;
  user_id: string;
  material_id: string;
  status: GenerationStatus;
  /** queued, reading, concepts, writing, checking, done */
  stage: string;
  progress: Generated<number>;
  /** 1 when a free quiz was counted for this generation (given back if it does not succeed). */
  quota_reserved: Generated<number>;
  cancel_requested: Generated<number>;
  quiz_id: string | null;
  error_code: string | null;
  created_at: string;
  updated_at: string;
  /** The request's Idempotency-Key (unique per user): a retry gets this generation's quiz. */
  idempotency_key: string | null;
  /** What to make (GenerationRequest, JSON): the runner that claims the job reads it. */
  request: string | null;
  /** How many times a runner started it (a job whose server died runs again, up to a limit). */
  attempts: Generated<number>;
  /** The instance running it; null while queued (or before the request queued it). */
  claimed_by: string | null;
}

/** A stored object to remove (its rows are gone); kept until the store has deleted it. */
export interface StorageDeletionsTable {
  key: string;
  created_at: string;
  attempts: Generated<number>;
  last_error: string | null;
}

/** A social sign-in's one-time code (issue 19): hashes only, deleted when exchanged. */
export interface SocialLoginCodesTable {
  code_hash: string;
  user_id: string;
  /** Hash of the state of the sign-in the browser started, kept in its state cookie. */
  binding_hash: string;
  redirect: string | null;
  expires_at: string;
}

export interface QuizAttemptsTable {
  id: string;
  quiz_id: string;
  user_id: string;
  status: 'in_progress' | 'submitted';
  /** JSON array of SubmittedAnswer. */
  answers: string;
  current_index: Generated<number>;
  answered_count: Generated<number>;
  score: number | null;
  /** 1, 2, 3… among the quiz's submitted attempts. */
  attempt_number: number | null;
  /** JSON of the ScoreResult (with premium fields; withheld when presented to free accounts). */
  result: string | null;
  client_submission_id: string | null;
  started_at: string;
  updated_at: string;
  submitted_at: string | null;
}

/** A plan of the subscription page (prices in cents; stripe_price_id null = not choosable). */
export interface PlansTable {
  id: string;
  name: string;
  name_en: string;
  description: Generated<string>;
  description_en: Generated<string>;
  display_order: number;
  /** 'month', 'year', or null for the free plan. */
  period_type: string | null;
  currency: string;
  list_price_cents: number;
  offer_price_cents: number | null;
  /** The last instant the offer price applies (ISO, UTC). */
  offer_until: string | null;
  stripe_price_id: string | null;
  created_at: string;
  updated_at: string;
}

/** Mnemo's copy of a provider subscription, written only from the provider's own object. */
export interface SubscriptionsTable {
  id: string;
  user_id: string;
  plan_id: string | null;
  provider: 'stripe' | 'demo';
  provider_subscription_id: string;
  provider_customer_id: string | null;
  /** The provider's status: active, trialing, past_due, incomplete, unpaid, canceled, … */
  status: string;
  /** When premium ends unless renewed (cancel_at when that comes first). */
  current_period_end: string | null;
  cancel_at_period_end: Generated<number>;
  amount_cents: number | null;
  currency: string | null;
  created_at: string;
  updated_at: string;
}

/** Webhook events already applied (idempotency by event id). */
export interface BillingEventsTable {
  id: string;
  provider: string;
  type: string;
  processed_at: string;
}

/** The demo checkout's hosted checkout sessions. */
export interface DemoCheckoutSessionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  plan_id: string;
  price_id: string;
  period_type: 'month' | 'year';
  amount_cents: number;
  currency: string;
  email: string;
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  subscription_id: string | null;
  expires_at: string;
  created_at: string;
  completed_at: string | null;
}

/** The demo checkout's own subscriptions (what Stripe keeps on its side). */
export interface DemoSubscriptionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  plan_id: string;
  price_id: string;
  period_type: 'month' | 'year';
  amount_cents: number;
  currency: string;
  status: string;
  anchor: string;
  periods: number;
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: Generated<number>;
  canceled_at: string | null;
  ended_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DemoPortalSessionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  return_url: string;
  created_at: string;
}

/** One FSRS card per (learner, quiz, question); columns as ts-fsrs's Card (docs/decisions/0014). */
export interface ReviewCardsTable {
  id: string;
  user_id: string;
  quiz_id: string;
  material_id: string;
  question_id: string;
  /** JSON array of the question's related concepts. */
  concepts: Generated<string>;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
  state: number;
  last_review: string | null;
  /** Grows with every review: an update names the version it read. */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Every answer that moved a card, with the card as it was before (ts-fsrs ReviewLog). */
export interface ReviewLogsTable {
  id: string;
  card_id: string;
  user_id: string;
  /** 'flashcard': a "still learning" mark (Again), not an answer (decision 0029). */
  source: 'quiz' | 'review' | 'flashcard';
  attempt_id: string | null;
  client_review_id: string | null;
  rating: number;
  correct: number;
  first_try: Generated<number>;
  elapsed_ms: number | null;
  state: number;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  last_elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reviewed_at: string;
  /** JSON of a review answer's result (source 'review'): what a retry answers. */
  result: string | null;
  created_at: string;
}

/** A scheduled job's period, claimed by the first instance to insert it. */
export interface JobRunsTable {
  job: string;
  run_key: string;
  instance: string;
  started_at: string;
  finished_at: string | null;
  sent: Generated<number>;
}

/** A learner's daily review reminder setting (no row: off, hour 19, UTC). */
export interface ReminderSettingsTable {
  user_id: string;
  /** 1 on, 0 off. */
  enabled: Generated<number>;
  /** Local hour (0–23) the reminder is sent at or after. */
  hour: Generated<number>;
  /** Minutes east of UTC of the learner's device (Taipei 480). */
  utc_offset: Generated<number>;
  updated_at: string;
}

/** A reminder sent (or being sent) to a learner for a local day. */
export interface ReminderDeliveriesTable {
  user_id: string;
  day: string;
  sent_at: string;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  social_accounts: SocialAccountsTable;
  rate_limits: RateLimitsTable;
  contact_requests: ContactRequestsTable;
  materials: MaterialsTable;
  material_files: MaterialFilesTable;
  material_contents: MaterialContentsTable;
  material_blocks: MaterialBlocksTable;
  quizzes: QuizzesTable;
  quiz_generations: QuizGenerationsTable;
  quiz_attempts: QuizAttemptsTable;
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  billing_events: BillingEventsTable;
  demo_checkout_sessions: DemoCheckoutSessionsTable;
  demo_subscriptions: DemoSubscriptionsTable;
  demo_portal_sessions: DemoPortalSessionsTable;
  review_cards: ReviewCardsTable;
  review_logs: ReviewLogsTable;
  job_runs: JobRunsTable;
  reminder_deliveries: ReminderDeliveriesTable;
  reminder_settings: ReminderSettingsTable;
  storage_deletions: StorageDeletionsTable;
  social_login_codes: SocialLoginCodesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type AuthToken = Selectable<AuthTokensTable>;
export type Material = Selectable<MaterialsTable>;
export type MaterialFile = Selectable<MaterialFilesTable>;
export type Quiz = Selectable<QuizzesTable>;
export type QuizGeneration = Selectable<QuizGenerationsTable>;
export type QuizAttempt = Selectable<QuizAttemptsTable>;
export type Plan = Selectable<PlansTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type DemoCheckoutSession = Selectable<DemoCheckoutSessionsTable>;
export type DemoSubscription = Selectable<DemoSubscriptionsTable>;
export type ReviewCard = Selectable<ReviewCardsTable>;
export type ReviewLog = Selectable<ReviewLogsTable>;
