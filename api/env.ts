import { z } from 'zod';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_DEFAULTS } from './rules/upload.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const int = (def: number) => z.coerce.number().int().positive().default(def);
/** Milliseconds where 0 means "no limit" (pg's own convention). */
const ms = (def: number) => z.coerce.number().int().min(0).default(def);

/** Every setting Mnemo reads from the environment, with its default. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres|postgresql):\/\//, 'must be a postgres:// URL')
    .optional(),
  // Rate-limit counters in Redis instead of the database (docs/decisions/0018).
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: int(2 * 60 * 60),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Mnemo <no-reply@mnemo.local>'),
  CONTACT_EMAIL: z.string().email().default('hello@mnemo.local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_WINDOW_SECONDS: int(15 * 60),
  RATE_LIMIT_PER_IP: int(100),
  RATE_LIMIT_PER_EMAIL: int(10),
  TRUST_PROXY: bool.default(false),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  LINE_CLIENT_ID: z.string().optional(),
  LINE_CLIENT_SECRET: z.string().optional(),
  LINE_ISSUER: z.string().url().default('https://access.line.me'),
  SERVE_WEB: bool.default(true),
  MAX_FILES_PER_UPLOAD: int(UPLOAD_DEFAULTS.maxFiles),
  MAX_FILE_MB: int(UPLOAD_DEFAULTS.maxFileMb),
  MAX_UPLOAD_MB: int(UPLOAD_DEFAULTS.maxUploadMb),
  // Per-learner storage (issue 19): the originals a learner may keep, by plan, and uploads
  // per learner in a window (Redis when REDIS_URL is set, else the database).
  STORAGE_QUOTA_FREE_MB: int(200),
  STORAGE_QUOTA_PREMIUM_MB: int(2048),
  UPLOAD_RATE_LIMIT: int(30),
  UPLOAD_RATE_WINDOW_SECONDS: int(60 * 60),
  // Every other request body (JSON), refused with 413 while it is read (issue 19).
  MAX_JSON_BODY_KB: int(1024),
  EXTRACT_TIMEOUT_SECONDS: int(120),
  EXTRACT_MEMORY_MB: int(512),
  TESSDATA_DIR: z.string().optional(),
  SOFFICE_PATH: z.string().optional(),
  WEB_DIST: z.string().default('./dist'),
  LLM_BASE_URL: z
    .string()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_SECONDS: int(60),
  LLM_FALLBACK_TO_BUILTIN: bool.default(true),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_PRICE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_YEARLY: z.string().optional(),
  STRIPE_API_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'must be an http:// or https:// origin')
    .optional(),
  BILLING_DEMO_ALLOWED: bool.default(false),
  // Daily review reminders (docs/decisions/0014): the scheduler offers each hour to the database.
  REMINDERS_ENABLED: bool.default(true),
  REMINDER_INTERVAL_SECONDS: int(60),
  // Object storage (docs/decisions/0015): set S3_BUCKET to keep originals in an S3-compatible
  // store instead of DATA_DIR/files.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z 0-9 . -)')
    .optional(),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'must be an http:// or https:// origin')
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // Operations (docs/decisions/0016).
  SHUTDOWN_TIMEOUT_MS: int(25_000),
  // Password hashes (scrypt, 32 MiB each) at once, and waiting; more is 503 SERVER_BUSY.
  // By default one core is left to the event loop: on 2 cores two hashes at once took both, and
  // a signed-in read waited ~0.8 s at p99 under a sign-in flood (issue 18, bench:load).
  HASH_CONCURRENCY: int(Math.min(4, Math.max(1, os.availableParallelism() - 1))),
  HASH_QUEUE: z.coerce.number().int().min(0).default(16),
  GENERATION_STALE_SECONDS: int(120),
  GENERATION_CONCURRENCY: int(4),
  GENERATION_MAX_ATTEMPTS: int(2),
  GENERATION_POLL_MS: int(1000),
  PG_POOL_MAX: int(10),
  PG_IDLE_TIMEOUT_MS: ms(10_000),
  PG_CONNECT_TIMEOUT_MS: ms(10_000),
  PG_STATEMENT_TIMEOUT_MS: ms(0),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Redis for the rate-limit counters; the database keeps them when unset. */
  redisUrl?: string;
  publicUrl: string;
  jwtSecret?: string;
  jwtTtlSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  contactEmail: string;
  logLevel: Env['LOG_LEVEL'];
  rateLimit: { windowSeconds: number; perIp: number; perEmail: number };
  trustProxy: boolean;
  oidc: {
    google?: OidcProviderConfig;
    line?: OidcProviderConfig;
  };
  serveWeb: boolean;
  webDist: string;
  uploads: { maxFiles: number; maxFileBytes: number; maxRequestBytes: number };
  /** Bytes of originals a learner may keep, by plan (account_type), and uploads per window. */
  storageQuota: { freeBytes: number; premiumBytes: number };
  uploadRate: { limit: number; windowSeconds: number };
  /** Largest body of any request but an upload; counted while it is read, before auth. */
  maxJsonBodyBytes: number;
  extract: {
    timeoutMs: number;
    maxMemoryMb: number;
    /** Folder with chi_tra.traineddata, when found (Debian's tesseract-ocr-chi-tra). */
    tessdataDir?: string;
    /** LibreOffice binary for DOC/PPT/XLS, when installed. */
    sofficePath?: string;
  };
  /** The OpenAI-compatible quiz generator; absent when no model is configured. */
  llm?: LlmConfig;
  billing: BillingConfig;
  /** The in-process review reminder scheduler: on or off, and how often it looks. */
  reminders: { enabled: boolean; intervalMs: number };
  /** Where uploaded originals live: DATA_DIR/files, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Password hashes running at once, and waiting for a turn (issue 19). */
  hashing: { concurrency: number; queue: number };
  /** How long a SIGTERM/SIGINT waits for in-flight requests before cutting them. */
  shutdownTimeoutMs: number;
  /** A `running` generation not updated for this long was left by a stopped server. */
  generationStaleMs: number;
  /** The generation queue (docs/decisions/0019). */
  generationQueue: {
    /** Jobs one instance runs at the same time. */
    concurrency: number;
    /** Starts of a job whose server died before it is failed instead of run again. */
    maxAttempts: number;
    /** How often an idle instance looks for queued jobs. */
    pollMs: number;
  };
  /** PostgreSQL pool (ignored on SQLite). 0 means no limit for the timeouts. */
  pgPool: {
    max: number;
    idleTimeoutMs: number;
    connectTimeoutMs: number;
    statementTimeoutMs: number;
  };
}

export type StorageConfig = { kind: 'local'; dir: string } | { kind: 's3'; s3: S3Config };

export interface S3Config {
  bucket: string;
  /** Another S3-compatible server (MinIO, R2, s3rver…); unset = AWS for the region. */
  endpoint?: string;
  region: string;
  /** Both, or neither (the SDK's default chain: environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path (`host/bucket/key`), which most self-hosted stores need. */
  forcePathStyle: boolean;
}

/** Stripe when both keys are set, else the built-in demo checkout (docs/decisions/0011). */
export interface BillingConfig {
  provider: 'stripe' | 'demo';
  stripe?: {
    secretKey: string;
    webhookSecret: string;
    /** Stripe price ids by plan period, overriding the plans table's stripe_price_id. */
    prices: { month?: string; year?: string };
    /** Another Stripe-speaking server (tests): the SDK's host/port/protocol options. */
    api?: { host: string; port: number; protocol: 'http' | 'https' };
  };
}

export interface LlmConfig {
  /** OpenAI-compatible API root, e.g. http://localhost:11434/v1 for Ollama. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Per request to the model. */
  timeoutMs: number;
  /** When the model fails, answer with the built-in generator and a notice instead of an error. */
  fallbackToBuiltin: boolean;
}

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** S3 settings hang together: keys in pairs, and nothing without a bucket. */
function storageIssues(e: Record<string, string | undefined>): string[] {
  const issues: string[] = [];
  const id = Boolean(e.S3_ACCESS_KEY_ID);
  const secret = Boolean(e.S3_SECRET_ACCESS_KEY);
  if (id !== secret) {
    const [missing, given] = id
      ? ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID']
      : ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
    issues.push(`  ${missing}: required when ${given} is set`);
  }
  const others = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => e[k]);
  if (!e.S3_BUCKET && others.length) {
    issues.push(`  S3_BUCKET: required when ${others.join(', ')} is set`);
  }
  return issues;
}

function storageConfig(e: Env, dataDir: string): StorageConfig {
  if (!e.S3_BUCKET) return { kind: 'local', dir: path.join(dataDir, 'files') };
  return {
    kind: 's3',
    s3: {
      bucket: e.S3_BUCKET,
      endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
      region: e.S3_REGION,
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
  };
}

/** The LLM settings hang together: a model, and either a key or a server of one's own. */
function llmIssues(e: Record<string, string | undefined>): string[] {
  if (!e.LLM_MODEL) {
    return e.LLM_BASE_URL || e.LLM_API_KEY
      ? ['  LLM_MODEL: required when LLM_BASE_URL or LLM_API_KEY is set']
      : [];
  }
  return e.LLM_BASE_URL || e.LLM_API_KEY
    ? []
    : ['  LLM_API_KEY: required for the OpenAI API (or set LLM_BASE_URL to your own server)'];
}

function llmConfig(e: Env): LlmConfig | undefined {
  if (!e.LLM_MODEL) return undefined;
  return {
    baseUrl: (e.LLM_BASE_URL ?? OPENAI_BASE_URL).replace(/\/+$/, ''),
    // Local servers (Ollama, llama.cpp, vLLM) take any key; the SDK insists on one.
    apiKey: e.LLM_API_KEY ?? 'unused',
    model: e.LLM_MODEL,
    timeoutMs: e.LLM_TIMEOUT_SECONDS * 1000,
    fallbackToBuiltin: e.LLM_FALLBACK_TO_BUILTIN,
  };
}

/**
 * Stripe needs both of its keys; a production server without them runs the demo checkout only
 * when that is said out loud, so no one ships a shop where no money moves by accident.
 */
function billingIssues(e: Record<string, string | undefined>): string[] {
  const key = Boolean(e.STRIPE_SECRET_KEY);
  const hook = Boolean(e.STRIPE_WEBHOOK_SECRET);
  if (key !== hook) {
    const missing = key ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
    const given = key ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET';
    return [`  ${missing}: required when ${given} is set (Stripe needs both)`];
  }
  const demoAllowed = ['true', '1', 'yes'].includes(e.BILLING_DEMO_ALLOWED ?? '');
  if (e.NODE_ENV === 'production' && !key && !demoAllowed) {
    return [
      '  BILLING_DEMO_ALLOWED: NODE_ENV is production but Stripe is not configured; set ' +
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for real payments, or ' +
        'BILLING_DEMO_ALLOWED=true to run the demo checkout (no money moves)',
    ];
  }
  return [];
}

function billingConfig(e: Env): BillingConfig {
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) return { provider: 'demo' };
  let api: NonNullable<BillingConfig['stripe']>['api'];
  if (e.STRIPE_API_URL) {
    const url = new URL(e.STRIPE_API_URL);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    api = {
      host: url.hostname,
      port: Number(url.port) || (protocol === 'http' ? 80 : 443),
      protocol,
    };
  }
  return {
    provider: 'stripe',
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      prices: { month: e.STRIPE_PRICE_MONTHLY, year: e.STRIPE_PRICE_YEARLY },
      api,
    },
  };
}

const TESSDATA_CANDIDATES = [
  '/usr/share/tesseract-ocr/5/tessdata',
  '/usr/share/tesseract-ocr/4.00/tessdata',
  '/usr/share/tessdata',
];

function findTessdata(): string | undefined {
  return TESSDATA_CANDIDATES.find((d) => fs.existsSync(path.join(d, 'chi_tra.traineddata')));
}

function findOnPath(name: string, pathVar: string | undefined): string | undefined {
  for (const dir of (pathVar ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Parses the environment into a Config; throws an error naming every bad setting. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const lines = [
    ...(parsed.error?.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`) ?? []),
    ...llmIssues(cleaned),
    ...billingIssues(cleaned),
    ...storageIssues(cleaned),
  ];
  if (!parsed.success || lines.length) {
    throw new Error(`Invalid environment settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const provider = (id?: string, secret?: string, issuer?: string) =>
    id && secret && issuer ? { issuer, clientId: id, clientSecret: secret } : undefined;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    logLevel: e.LOG_LEVEL,
    rateLimit: {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      perIp: e.RATE_LIMIT_PER_IP,
      perEmail: e.RATE_LIMIT_PER_EMAIL,
    },
    trustProxy: e.TRUST_PROXY,
    oidc: {
      google: provider(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_ISSUER),
      line: provider(e.LINE_CLIENT_ID, e.LINE_CLIENT_SECRET, e.LINE_ISSUER),
    },
    serveWeb: e.SERVE_WEB,
    webDist: path.resolve(e.WEB_DIST),
    uploads: {
      maxFiles: e.MAX_FILES_PER_UPLOAD,
      maxFileBytes: e.MAX_FILE_MB * 1024 * 1024,
      maxRequestBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    },
    storageQuota: {
      freeBytes: e.STORAGE_QUOTA_FREE_MB * 1024 * 1024,
      premiumBytes: e.STORAGE_QUOTA_PREMIUM_MB * 1024 * 1024,
    },
    uploadRate: { limit: e.UPLOAD_RATE_LIMIT, windowSeconds: e.UPLOAD_RATE_WINDOW_SECONDS },
    maxJsonBodyBytes: e.MAX_JSON_BODY_KB * 1024,
    extract: {
      timeoutMs: e.EXTRACT_TIMEOUT_SECONDS * 1000,
      maxMemoryMb: e.EXTRACT_MEMORY_MB,
      tessdataDir: e.TESSDATA_DIR ?? findTessdata(),
      sofficePath: e.SOFFICE_PATH ?? findOnPath('soffice', source.PATH),
    },
    llm: llmConfig(e),
    billing: billingConfig(e),
    reminders: { enabled: e.REMINDERS_ENABLED, intervalMs: e.REMINDER_INTERVAL_SECONDS * 1000 },
    storage: storageConfig(e, path.resolve(e.DATA_DIR)),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    hashing: { concurrency: e.HASH_CONCURRENCY, queue: e.HASH_QUEUE },
    generationStaleMs: e.GENERATION_STALE_SECONDS * 1000,
    generationQueue: {
      concurrency: Math.max(1, e.GENERATION_CONCURRENCY),
      maxAttempts: Math.max(1, e.GENERATION_MAX_ATTEMPTS),
      pollMs: Math.max(50, e.GENERATION_POLL_MS),
    },
    pgPool: {
      max: e.PG_POOL_MAX,
      idleTimeoutMs: e.PG_IDLE_TIMEOUT_MS,
      connectTimeoutMs: e.PG_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.PG_STATEMENT_TIMEOUT_MS,
    },
  };
}
