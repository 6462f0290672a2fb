import { db } from './index';
import { reportStorageError } from './storage-status';

/**
 * Deletes everything stored for this account on the device: cached answers, attempts in
 * progress and the outbox with its files (signing out on a shared device must leave nothing).
 */
export async function wipeUserData(userId: string): Promise<void> {
  try {
    await db.transaction('rw', db.tables, async () => {
      await Promise.all(db.tables.map((t) => t.where('userId').equals(userId).delete()));
    });
  } catch (err) {
    reportStorageError(err);
  }
}
