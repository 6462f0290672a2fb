import type { User } from '../db/schema.js';

/**
 * The signed-in learner as requireAuth loaded their row (c.get('user')): what a service needs
 * to decide what they may see, without reading the row again.
 */
export type Learner = Pick<User, 'id' | 'account_type'>;

/** Whether the account is premium now (explanations, concepts, citations, report export). */
export const isPremium = (account: Pick<User, 'account_type'>): boolean =>
  account.account_type === 'premium';
