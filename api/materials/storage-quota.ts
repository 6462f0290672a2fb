import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Config } from '../env.js';
import type { Deps } from '../lib/context.js';
import { AppError } from '../lib/errors.js';
import { formatStorage } from '../rules/upload.js';
import { isPremium } from '../auth/learner.js';

/*
 * Per-learner storage (issue 19, item 6): a learner keeps at most their plan's bytes of
 * originals, counted from the sizes of the files they stored (material_files.file_size), and
 * makes at most UPLOAD_RATE_LIMIT uploads per window. docs/decisions/0028-storage-quota.md.
 */

export interface StorageUsage {
  plan: 'free' | 'premium';
  usedBytes: number;
  limitBytes: number;
  /** limitBytes - usedBytes, never below 0. */
  availableBytes: number;
}

type QuotaConfig = Pick<Config, 'storageQuota'>;

/** The plan's limit: premium learners get STORAGE_QUOTA_PREMIUM_MB, everyone else the free one. */
export function storageLimitFor(config: QuotaConfig, accountType: string | undefined) {
  return accountType === 'premium'
    ? config.storageQuota.premiumBytes
    : config.storageQuota.freeBytes;
}

/** The bytes of originals this learner keeps now. */
async function usedBytes(db: Db | Transaction<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('material_files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('file_size'), sql<number>`0`).as('used'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

/** What the learner uses and may still store (GET /materials/storage, the upload page). */
export async function storageUsage(
  db: Db | Transaction<Database>,
  config: QuotaConfig,
  userId: string,
): Promise<StorageUsage> {
  const user = await db
    .selectFrom('users')
    .select('account_type')
    .where('id', '=', userId)
    .executeTakeFirst();
  // Read here, not taken from requireAuth: inside an upload's transaction it is the row as of now.
  const plan = user && isPremium(user) ? 'premium' : 'free';
  const limitBytes = storageLimitFor(config, plan);
  const used = await usedBytes(db, userId);
  return { plan, usedBytes: used, limitBytes, availableBytes: Math.max(0, limitBytes - used) };
}

/** 413 STORAGE_QUOTA_EXCEEDED, saying what is used of what. */
export function quotaExceeded(usage: Pick<StorageUsage, 'usedBytes' | 'limitBytes'>): AppError {
  return new AppError('STORAGE_QUOTA_EXCEEDED', {
    params: { used: formatStorage(usage.usedBytes), limit: formatStorage(usage.limitBytes) },
    details: { usedBytes: usage.usedBytes, limitBytes: usage.limitBytes },
  });
}

/**
 * The last word, inside the transaction that records an upload's files: the learner's row is
 * locked first (a no-op UPDATE: PostgreSQL holds the row until commit, SQLite runs one writer
 * at a time), so parallel uploads are counted one after another and together never pass the
 * limit, whatever each saw while streaming. Throws STORAGE_QUOTA_EXCEEDED.
 */
export async function claimStorage(
  trx: Transaction<Database>,
  config: QuotaConfig,
  userId: string,
  addingBytes: number,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ updated_at: sql<string>`updated_at` })
    .where('id', '=', userId)
    .execute();
  const usage = await storageUsage(trx, config, userId);
  if (usage.usedBytes + addingBytes > usage.limitBytes) throw quotaExceeded(usage);
}

/**
 * Counts one upload for the learner (the shared limiter: Redis when REDIS_URL is set, so every
 * instance agrees); past UPLOAD_RATE_LIMIT in the window it is 429 UPLOAD_RATE_LIMITED.
 */
export async function countUpload(
  d: Pick<Deps, 'rateLimiter'> & { config: Pick<Config, 'uploadRate'> },
  userId: string,
): Promise<void> {
  const { limit, windowSeconds } = d.config.uploadRate;
  try {
    await d.rateLimiter.hit(`upload:user:${userId}`, limit, windowSeconds);
  } catch (err) {
    if (err instanceof AppError && err.code === 'RATE_LIMITED') {
      throw new AppError('UPLOAD_RATE_LIMITED', { params: err.params, details: err.details });
    }
    throw err;
  }
}
