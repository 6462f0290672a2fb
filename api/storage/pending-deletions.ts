import type { Db } from '../db/database.js';
import { iso, type Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { Storage } from './storage.js';

type Deps = { db: Db; storage: Storage; clock: Clock; logger: Logger };

/**
 * Records objects to remove, inside the caller's transaction (the one deleting their rows), so
 * the intent survives a store outage or a crash right after the commit.
 */
export async function recordDeletions(trx: Db, clock: Clock, keys: readonly string[]) {
  if (keys.length === 0) return;
  const now = iso(clock.now());
  await trx
    .insertInto('storage_deletions')
    .values(keys.map((key) => ({ key, created_at: now })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/**
 * Deletes recorded objects from the store; each one deleted leaves the list, each failure
 * stays with its error for the next try (purgeDeletions, run by every instance now and then).
 * Answers how many were deleted.
 */
export async function deleteRecorded(d: Deps, keys: readonly string[]): Promise<number> {
  let deleted = 0;
  const results = await Promise.allSettled(keys.map((k) => d.storage.delete(k)));
  for (const [i, r] of results.entries()) {
    const key = keys[i]!;
    if (r.status === 'fulfilled') {
      await d.db.deleteFrom('storage_deletions').where('key', '=', key).execute();
      deleted++;
      continue;
    }
    d.logger.warn({ err: r.reason, key }, 'could not remove a stored file; will try again');
    await d.db
      .updateTable('storage_deletions')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        last_error: String((r.reason as Error)?.message ?? r.reason).slice(0, 500),
      }))
      .where('key', '=', key)
      .execute()
      .catch((err: unknown) => d.logger.warn({ err, key }, 'could not note a failed removal'));
  }
  return deleted;
}

const BATCH = 100;

/**
 * Retries the recorded deletions, oldest first, in batches, until a batch deletes nothing (the
 * store is still down) or none are left. Instances running it at once delete an object twice
 * at worst, which the store allows. Answers what was deleted and what is left.
 */
export async function purgeDeletions(d: Deps): Promise<{ deleted: number; left: number }> {
  let deleted = 0;
  let after = '';
  for (;;) {
    const rows = await d.db
      .selectFrom('storage_deletions')
      .select('key')
      .where('key', '>', after)
      .orderBy('key')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    const done = await deleteRecorded(
      d,
      rows.map((r) => r.key),
    );
    deleted += done;
    if (done === 0 || rows.length < BATCH) break;
    after = rows[rows.length - 1]!.key;
  }
  const { count } = await d.db
    .selectFrom('storage_deletions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const left = Number(count);
  if (deleted || left) d.logger.info({ deleted, left }, 'stored files to remove: retried');
  return { deleted, left };
}
