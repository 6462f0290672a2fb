import { Redis } from 'ioredis';
import type { Logger } from './logger.js';

/**
 * One connection to the Redis of REDIS_URL (docs/decisions/0018). Redis is a cache here: when it
 * is down, requests go on without it, so nothing may wait on it for long.
 */
export interface RedisConnection {
  client: Redis;
  /** False while a lost connection is being retried: callers skip Redis instead of queueing. */
  usable(): boolean;
  /** PING for /readyz; rejects with the connection's own error (ECONNREFUSED…) when it is down. */
  ping(): Promise<void>;
  /** QUIT when connected (pending replies arrive first), else stop reconnecting. */
  close(): Promise<void>;
}

export interface RedisOptions {
  /** Time to open the TCP connection and get the server's answer. */
  connectTimeoutMs?: number;
  /** Time one command may take before it is rejected. */
  commandTimeoutMs?: number;
}

const DOWN = new Set(['reconnecting', 'close', 'end']);

/** Connects in the background; the first commands wait for that connection, later ones do not. */
export function createRedis(url: string, logger: Logger, opts: RedisOptions = {}): RedisConnection {
  const client = new Redis(url, {
    connectTimeout: opts.connectTimeoutMs ?? 2_000,
    commandTimeout: opts.commandTimeoutMs ?? 1_000,
    // ioredis's default (20 reconnections per command) would hold a sign-in for seconds.
    maxRetriesPerRequest: 1,
    // A hit whose caller already gave up (and let the attempt through) must not count later.
    autoResendUnfulfilledCommands: false,
    // Reconnects forever in the background, at most every 2 s, so Redis coming back is noticed.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  let lastError: (Error & { code?: string }) | undefined;
  // Without a listener ioredis prints every connection error to the console.
  client.on('error', (err: Error & { code?: string }) => {
    if (!lastError || lastError.code !== err.code) {
      logger.warn({ err, code: err.code }, 'redis: connection failed; retrying');
    }
    lastError = err;
  });
  client.on('ready', () => {
    if (lastError) logger.info('redis: connected again');
    lastError = undefined;
  });

  return {
    client,
    usable: () => !DOWN.has(client.status),
    async ping() {
      if (lastError && DOWN.has(client.status)) throw lastError;
      try {
        await client.ping();
      } catch (err) {
        throw lastError ?? err;
      }
    },
    async close() {
      if (client.status === 'ready') {
        await client.quit();
      } else {
        client.disconnect();
      }
    },
  };
}
