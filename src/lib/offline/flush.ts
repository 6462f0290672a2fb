import { db, type OutboxError, type OutboxRow } from '../../db';
import { getItem, listOutbox, removeItem, updateItem } from '../../db/outbox';
import { reportStorageError } from '../../db/storage-status';
import { isDue, stepAfter, type SendResult } from './policy';

export interface FlushDeps {
  userId: string;
  /** Sends one item (the same request every time: same body, same client request id). */
  send(item: OutboxRow): Promise<SendResult>;
  /** The error to keep for a non-2xx answer or a network error. */
  describe(result: SendResult): OutboxError;
  /**
   * Stores what a delivered item's answer brings (a report, the new material). Runs inside the
   * transaction that removes the item, so no screen ever sees neither the item nor its result.
   */
  store?(item: OutboxRow, body: unknown): Promise<void>;
  /** Ignore backoff: connectivity has just come back, or the learner asked. */
  force?: boolean;
  now?: () => number;
  random?: () => number;
}

export interface FlushResult {
  delivered: Array<{ item: OutboxRow; body: unknown }>;
  failed: OutboxRow[];
  /** The session is gone: the rest waits for the next sign-in. */
  signedOut: boolean;
  /** When the first item still waiting is due (ms), or null when nothing waits. */
  nextAt: number | null;
}

/**
 * Sends the user's queued items one by one, oldest first. A refused item (4xx) is marked
 * failed and the next is tried; a passing failure (network, 5xx) or a waiting item stops the
 * run there, so nothing overtakes an earlier mutation; 401 stops everything until sign-in.
 */
export async function flushOutbox(deps: FlushDeps): Promise<FlushResult> {
  const now = deps.now ?? Date.now;
  const result: FlushResult = { delivered: [], failed: [], signedOut: false, nextAt: null };
  const queue = (await listOutbox(deps.userId)).filter((i) => i.status === 'queued');

  for (const queued of queue) {
    // Discarded or retried from the panel while this run was going on: read it again.
    const item = await getItem(queued.id);
    if (!item || item.status !== 'queued') continue;
    if (!isDue(item, now(), deps.force ?? false)) {
      result.nextAt = item.nextAttemptAt;
      break;
    }
    const sent = await deps.send(item);
    const step = stepAfter(
      item,
      sent,
      sent.kind === 'response' && sent.status < 300 ? null : deps.describe(sent),
      now(),
      deps.random,
    );
    if (step.action === 'remove') {
      const body = sent.kind === 'response' ? sent.body : null;
      try {
        await db.transaction('rw', db.tables, async () => {
          await deps.store?.(item, body);
          await removeItem(item.id);
        });
      } catch (err) {
        // Delivered all the same: sending it again would upload a second copy.
        reportStorageError(err);
        await removeItem(item.id);
      }
      result.delivered.push({ item, body });
      continue;
    }
    await updateItem(item.id, step.changes);
    const updated = { ...item, ...step.changes };
    if (updated.status === 'failed') result.failed.push(updated);
    if (step.stop) {
      result.signedOut = sent.kind === 'response' && (sent.status === 401 || sent.status === 403);
      if (!result.signedOut) result.nextAt = updated.nextAttemptAt;
      break;
    }
  }
  return result;
}
