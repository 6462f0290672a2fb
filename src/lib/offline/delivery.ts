import i18n from '../../i18n';
import { paths } from '../../config/paths';
import type { OutboxRow } from '../../db';
import { answerRecord } from '../api-answer';
import { toast } from '../../components/ui/toast';
import { outboxKind } from './outbox-kinds';

/** Long enough to read and reach the link (a toast with an action is not a 2-second flash). */
export const SYNC_TOAST_MS = 8000;

/**
 * Keeps what a delivered item's answer brings, inside the transaction that removes the item
 * (a submission's report, an upload's new material…): the item's kind decides what.
 */
export async function storeDelivered(item: OutboxRow, body: unknown): Promise<void> {
  await outboxKind(item.kind).store?.(item, answerRecord(body));
}

/** Tells the learner what arrived, with a link to it, when the item's kind has something to say. */
export function announceDelivered(item: OutboxRow, body: unknown): void {
  outboxKind(item.kind).announce?.(item, answerRecord(body));
}

/** An item the server refused: it waits in the outbox panel for retry or discard. */
export function announceFailed(count: number): void {
  if (count === 0) return;
  toast.error(i18n.t('offline.syncFailed', { count }), {
    duration: SYNC_TOAST_MS,
    action: { label: i18n.t('offline.openOutbox'), to: paths.outbox },
  });
}
