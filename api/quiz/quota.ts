import type { Db } from '../db/database.js';
import { AppError } from '../lib/errors.js';

/** Spec §5: a free account has reached its limit when it has used every free quiz. */
export function freeLimitReached(user: {
  account_type: string;
  free_usage_count: number;
  free_quiz_limitation: number;
}): boolean {
  return user.account_type === 'free' && user.free_usage_count >= user.free_quiz_limitation;
}

/**
 * Counts one free quiz for a free account, as one conditional UPDATE: the check and the
 * increment cannot be split by a parallel request on SQLite or PostgreSQL (PostgreSQL re-checks
 * the WHERE on the locked row). Returns whether a quiz was counted (false for premium);
 * QUOTA_EXCEEDED when none is left.
 */
export async function reserveFreeQuiz(db: Db, userId: string): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select(['account_type', 'free_usage_count', 'free_quiz_limitation'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('UNAUTHORIZED');
  if (user.account_type !== 'free') return false;
  const result = await db
    .updateTable('users')
    .set((eb) => ({ free_usage_count: eb('free_usage_count', '+', 1) }))
    .where('id', '=', userId)
    .where('account_type', '=', 'free')
    .whereRef('free_usage_count', '<', 'free_quiz_limitation')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const now = await db
      .selectFrom('users')
      .select(['free_usage_count', 'free_quiz_limitation'])
      .where('id', '=', userId)
      .executeTakeFirst();
    throw new AppError('QUOTA_EXCEEDED', {
      details: {
        freeUsageCount: now?.free_usage_count ?? user.free_usage_count,
        freeQuizLimitation: now?.free_quiz_limitation ?? user.free_quiz_limitation,
      },
    });
  }
  return true;
}

/** Gives back a free quiz counted for a generation that did not produce one. */
export async function refundFreeQuiz(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ free_usage_count: eb('free_usage_count', '-', 1) }))
    .where('id', '=', userId)
    .where('free_usage_count', '>', 0)
    .execute();
}
