import type { Config } from '../env.js';
import type { Db, Dialect } from '../db/database.js';
import type { User } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import type { Clock } from './clock.js';
import type { Logger } from './logger.js';
import type { Storage } from '../storage/storage.js';
import type { QuizGenerator } from '../quizgen/types.js';
import type { RateLimiter } from './rate-limit.js';
import type { RedisConnection } from './redis.js';

/** Everything a route or service needs from the outside world, injected by createApp's caller. */
export interface Deps {
  config: Config;
  db: Db;
  dialect: Dialect;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** Where uploaded originals are kept (a local directory by default). */
  storage: Storage;
  /** Secret used to sign session tokens and cookies. */
  secret: string;
  /** The quiz generator; made from config (LLM or built-in) when not given. */
  quizGenerator?: QuizGenerator;
  /** True once the server has been told to stop: GET /readyz answers 503 while it drains. */
  shuttingDown?: () => boolean;
  /** Sign-in and contact attempt counters: Redis or the database (docs/decisions/0018). */
  rateLimiter: RateLimiter;
  /** Set when REDIS_URL is: GET /readyz pings it too. */
  redis?: RedisConnection;
}

/** What a valid session token says: the account and the token version it was issued at. */
export interface AuthUser {
  id: string;
  tokenVersion: number;
}

export type AppEnv = {
  Variables: {
    deps: Deps;
    requestId: string;
    locale: 'zh-TW' | 'en';
    /**
     * The signed-in account's row as requireAuth read it (after the billing clock): the one
     * read of it per request; routes and services use it instead of reading it again.
     */
    user: User;
  };
};
