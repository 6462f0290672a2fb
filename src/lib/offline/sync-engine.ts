import { useAuthStore } from '../../stores/auth-store';
import { announceDelivered, announceFailed, storeDelivered } from './delivery';
import { flushOutbox } from './flush';
import { outboxKindsReady } from './outbox-kinds';
import { describeResult, sendOutboxItem } from './transport';
import { WORKER_SYNCED_MESSAGE } from './worker-messages';

/**
 * When the outbox is sent: on start and sign-in, when the browser says it is online again, when
 * the app gets focus, after something is queued, when a backoff wait is over, and when the
 * service worker says it delivered a submission (the page then fetches the same report, which
 * the idempotent submit answers without scoring again). One run at a time per device: tabs
 * take turns through a Web Lock, so two tabs never send the same upload twice.
 */
export type FlushReason = 'start' | 'online' | 'focus' | 'enqueue' | 'timer' | 'manual' | 'worker';

/** Reasons to ignore the backoff: the situation changed, so waiting longer makes no sense. */
const FORCING: ReadonlySet<FlushReason> = new Set(['start', 'online', 'manual', 'worker']);
const LOCK = 'mnemo-outbox';

let current: Promise<void> | null = null;
let again: { force: boolean } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return fn();
  let result!: T;
  await locks.request(LOCK, async () => {
    result = await fn();
  });
  return result;
}

function schedule(at: number | null) {
  clearTimeout(timer);
  if (at === null) return;
  timer = setTimeout(() => void requestFlush('timer'), Math.max(0, at - Date.now()) + 50);
}

async function once(force: boolean) {
  const { status, user } = useAuthStore.getState();
  if (status !== 'signedIn' || !user) return;
  // Nothing can go out; the `online` event starts the next run.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  // The kinds' handlers run inside the flush's transactions: loaded before it starts.
  await outboxKindsReady();
  const result = await withLock(() =>
    flushOutbox({
      userId: user.id,
      send: sendOutboxItem,
      describe: describeResult,
      store: storeDelivered,
      force,
    }),
  );
  for (const d of result.delivered) announceDelivered(d.item, d.body);
  announceFailed(result.failed.length);
  schedule(result.signedOut ? null : result.nextAt);
}

/** Sends what is due now; a request during a run makes the run go round once more. */
export function requestFlush(reason: FlushReason = 'manual'): Promise<void> {
  const force = FORCING.has(reason);
  if (current) {
    again = { force: (again?.force ?? false) || force };
    return current;
  }
  current = (async () => {
    let nextForce = force;
    try {
      for (;;) {
        again = null;
        try {
          await once(nextForce);
        } catch {
          // Storage trouble is already state (useStorageStatus); try again on the next trigger.
        }
        if (!again) break;
        nextForce = (again as { force: boolean }).force;
      }
    } finally {
      current = null;
    }
  })();
  return current;
}

/** Starts listening for the moments to flush; returns the stop function. */
export function startSync(): () => void {
  const onOnline = () => void requestFlush('online');
  const onFocus = () => void requestFlush('focus');
  const onVisible = () => {
    if (document.visibilityState === 'visible') void requestFlush('focus');
  };
  const onMessage = (e: MessageEvent) => {
    if ((e.data as { type?: unknown } | null)?.type === WORKER_SYNCED_MESSAGE) {
      void requestFlush('worker');
    }
  };
  const signedInAs = () => {
    const s = useAuthStore.getState();
    return s.status === 'signedIn' && s.user ? s.user.id : null;
  };
  let user = signedInAs();
  const unsubscribe = useAuthStore.subscribe(() => {
    const next = signedInAs();
    if (next && next !== user) void requestFlush('start');
    user = next;
  });
  window.addEventListener('online', onOnline);
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  if (user) void requestFlush('start');
  return () => {
    unsubscribe();
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
  };
}
