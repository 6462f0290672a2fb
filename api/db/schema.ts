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
  /** JSON of the extracted document: { blocks, language, warnings }. */
  document: string;
  created_at: string;
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

export type GenerationStatus = 'running' | 'succeeded' | 'failed' | 'cancelled';

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

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  social_accounts: SocialAccountsTable;
  rate_limits: RateLimitsTable;
  contact_requests: ContactRequestsTable;
  materials: MaterialsTable;
  material_files: MaterialFilesTable;
  material_contents: MaterialContentsTable;
  quizzes: QuizzesTable;
  quiz_generations: QuizGenerationsTable;
  quiz_attempts: QuizAttemptsTable;
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
