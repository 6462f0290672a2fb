import { z } from 'zod';
import path from 'node:path';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const int = (def: number) => z.coerce.number().int().positive().default(def);

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
  WEB_DIST: z.string().default('./dist'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
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
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
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
  };
}
