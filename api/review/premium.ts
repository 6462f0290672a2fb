import type { Db } from '../db/database.js';

/** Whether the learner's account is premium now (explanations, concepts, citations). */
export async function isPremium(db: Db, userId: string): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('account_type')
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.account_type === 'premium';
}
