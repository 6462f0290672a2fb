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

/** Features' handlers, registered once (src/app/outbox-kinds.ts). */
export function registerOutboxKinds(kinds: OutboxKinds): void {
  for (const [kind, handler] of Object.entries(kinds) as Array<[OutboxKind, OutboxKindHandler]>) {
    handlers.set(kind, handler);
  }
}

/*
 * The handlers reach the device store (Dexie) and the features' code, which a first visit does
 * not need: the app gives a loader when it starts (src/boot.tsx) and the first delivery awaits
 * it (outboxKindsReady) before it opens a transaction — an import awaited inside an IndexedDB
 * transaction would let the transaction commit.
 */
let loader: (() => Promise<OutboxKinds>) | undefined;
let loading: Promise<void> | undefined;

/** How to load the features' handlers when first needed (the app's start). */
export function loadOutboxKindsWith(load: () => Promise<OutboxKinds>): void {
  loader = load;
  loading = undefined;
}

/** Resolves once the handlers the app gave a loader for are registered (at once without one). */
export function outboxKindsReady(): Promise<void> {
  if (!loader) return Promise.resolve();
  const load = loader;
  loading ??= load().then(registerOutboxKinds, (err: unknown) => {
    // A failed load (a chunk missing after an update) is tried again on the next delivery.
    loading = undefined;
    throw err;
  });
  return loading;
}

/** The handler of a kind; a kind nobody registered is sent as JSON, and nothing is kept. */
export function outboxKind(kind: OutboxKind): OutboxKindHandler {
  return handlers.get(kind) ?? {};
}
