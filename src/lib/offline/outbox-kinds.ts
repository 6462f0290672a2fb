import type { ApiRecord, OutboxKind, OutboxRow } from '../../db';

/**
 * What a feature tells the outbox about one kind of queued request it owns. Shared code (the
 * transport, the sync engine) asks the kind's handler and knows none of the kinds itself.
 */
export interface OutboxKindHandler {
  /** The request body; without it the queued body is sent as JSON. */
  encode?(item: OutboxRow): Promise<BodyInit | undefined>;
  /** Keeps what the answer brings, inside the transaction that removes the delivered item. */
  store?(item: OutboxRow, data: ApiRecord): Promise<void>;
  /** Tells the learner what arrived, after the transaction. */
  announce?(item: OutboxRow, data: ApiRecord): void;
}

export type OutboxKinds = Partial<Record<OutboxKind, OutboxKindHandler>>;

const handlers = new Map<OutboxKind, OutboxKindHandler>();

/** Features' handlers, registered once when the app starts (src/app/outbox-kinds.ts). */
export function registerOutboxKinds(kinds: OutboxKinds): void {
  for (const [kind, handler] of Object.entries(kinds) as Array<[OutboxKind, OutboxKindHandler]>) {
    handlers.set(kind, handler);
  }
}

/** The handler of a kind; a kind nobody registered is sent as JSON, and nothing is kept. */
export function outboxKind(kind: OutboxKind): OutboxKindHandler {
  return handlers.get(kind) ?? {};
}
