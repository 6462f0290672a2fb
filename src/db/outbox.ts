import { db, type OutboxFileRow, type OutboxKind, type OutboxRow } from './index';
import { reportStorageError } from './storage-status';

/**
 * The outbox store: mutations made without a network, kept in order until they are sent.
 * Writes here throw (a queued submission that was not stored must not say "saved"); reads
 * used by live queries answer "nothing" when storage fails.
 */

export type NewOutboxItem = Omit<
  OutboxRow,
  'seq' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'status' | 'createdAt'
>;

export interface QueuedFile {
  name: string;
  type: string;
  lastModified: number;
  blob: Blob;
}

const fresh = (item: NewOutboxItem, now: number): OutboxRow => ({
  ...item,
  attempts: 0,
  nextAttemptAt: now,
  lastError: null,
  status: 'queued',
  createdAt: now,
});

const byKind = (userId: string, kind: OutboxKind) =>
  db.outbox.where('[userId+kind]').equals([userId, kind]);

/** Adds an item (with its files) at the end of the queue. */
export async function enqueue(item: NewOutboxItem, files: QueuedFile[] = []): Promise<OutboxRow> {
  const row = fresh(item, Date.now());
  await db.transaction('rw', [db.outbox, db.outboxFiles], async () => {
    await db.outbox.add(row);
    await db.outboxFiles.bulkAdd(
      files.map((f, index): OutboxFileRow => ({
        outboxId: row.id,
        index,
        userId: row.userId,
        name: f.name,
        type: f.type,
        lastModified: f.lastModified,
        size: f.blob.size,
        blob: f.blob,
      })),
    );
  });
  return row;
}

/** Queued progress of a quiz: only the latest matters, so it replaces any older one. */
export async function enqueueProgress(item: NewOutboxItem): Promise<void> {
  const quizId = item.subject.quizId;
  await db.transaction('rw', db.outbox, async () => {
    await byKind(item.userId, 'quiz-progress')
      .filter((r) => r.subject.quizId === quizId && r.status === 'queued')
      .delete();
    await db.outbox.add(fresh(item, Date.now()));
  });
}

/**
 * Drops queued progress of a quiz: once it is submitted, a progress save arriving later would
 * open a new attempt on the server.
 */
export async function dropQueuedProgress(userId: string, quizId: string): Promise<void> {
  await byKind(userId, 'quiz-progress')
    .filter((r) => r.subject.quizId === quizId)
    .delete();
}

/** The user's items in the order they are sent. */
export async function listOutbox(userId: string): Promise<OutboxRow[]> {
  try {
    return await db.outbox.where('userId').equals(userId).sortBy('seq');
  } catch (err) {
    reportStorageError(err);
    return [];
  }
}

/** The queued (or failed) submission of a quiz, if there is one. */
export async function pendingSubmission(userId: string, quizId: string) {
  try {
    const rows = await byKind(userId, 'quiz-submit')
      .filter((r) => r.subject.quizId === quizId)
      .sortBy('seq');
    return rows.at(-1) ?? null;
  } catch (err) {
    reportStorageError(err);
    return null;
  }
}

export const getItem = (id: string) => db.outbox.where('id').equals(id).first();

export function itemFiles(outboxId: string): Promise<OutboxFileRow[]> {
  return db.outboxFiles.where('outboxId').equals(outboxId).sortBy('index');
}

/** Bytes of files waiting in the outbox (all accounts: they share the device's quota). */
export async function queuedBytes(): Promise<number> {
  let total = 0;
  await db.outboxFiles.each((f) => {
    total += f.size;
  });
  return total;
}

export async function updateItem(id: string, changes: Partial<OutboxRow>): Promise<void> {
  await db.outbox.where('id').equals(id).modify(changes);
}

/** Removes an item and its files (sent, or discarded by the learner). */
export async function removeItem(id: string): Promise<void> {
  await db.transaction('rw', [db.outbox, db.outboxFiles], async () => {
    await db.outbox.where('id').equals(id).delete();
    await db.outboxFiles.where('outboxId').equals(id).delete();
  });
}

/** A failed (or waiting) item goes back in line, to be sent at the next flush. */
export function retryItem(id: string): Promise<void> {
  return updateItem(id, { status: 'queued', nextAttemptAt: 0, lastError: null, attempts: 0 });
}
