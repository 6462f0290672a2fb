/// <reference lib="webworker" />
/**
 * Workbox background sync for quiz submissions (issue 7, "Sync"; docs/decisions/0013). Called
 * by sw.ts before any other route is registered, so the route made here wins.
 *
 * A POST /api/v1/quiz/{id}/submit that fails for want of a network is kept in a Workbox Queue
 * and replayed when the browser regains connectivity — even with every Mnemo tab closed. It
 * complements the page's own outbox (src/lib/offline), which holds the same submission: the
 * server scores a clientSubmissionId once, so whichever copy arrives first is scored and the
 * other gets the same report back. The page's outbox requests carry OUTBOX_HEADER and are left
 * alone here, so a page retrying while offline does not pile up copies.
 *
 * Nothing here touches Cache Storage; answers go straight back to the page.
 */
import { Queue, type QueueOptions } from 'workbox-background-sync';
import type { WorkboxPlugin } from 'workbox-core/types';
import { registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import {
  OUTBOX_HEADER,
  WORKER_CLEAR_MESSAGE,
  WORKER_SYNCED_MESSAGE,
} from '../src/lib/offline/worker-messages';

declare const self: ServiceWorkerGlobalScope;

const SUBMIT_PATH = /^\/api\/v1\/quiz\/[^/]+\/submit$/;
/** Minutes a submission is kept; the page's outbox keeps it beyond that. */
const MAX_RETENTION_MIN = 7 * 24 * 60;

type OnSync = NonNullable<QueueOptions['onSync']>;

/** Statuses worth another try later; anything else is the server's final word. */
const passing = (status: number) => status === 408 || status === 429 || status >= 500;

async function tellPages() {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: WORKER_SYNCED_MESSAGE });
}

/**
 * Replays in order. Still offline or a passing failure: the entry goes back to the front and
 * the throw asks the browser to fire the sync again later. A refusal (4xx, 401 included) is
 * dropped: the page's outbox holds the same submission and shows it, or waits for sign-in.
 */
const replay: OnSync = async ({ queue }) => {
  let delivered = 0;
  try {
    for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
      let response: Response;
      try {
        response = await fetch(entry.request.clone());
      } catch (err) {
        await queue.unshiftRequest(entry);
        throw err;
      }
      if (passing(response.status)) {
        await queue.unshiftRequest(entry);
        throw new Error(`Submission replay answered ${response.status}`);
      }
      if (response.ok) delivered++;
    }
  } finally {
    if (delivered) await tellPages();
  }
};

export function registerBackgroundSync(): void {
  const queue = new Queue('mnemo-quiz-submit', {
    maxRetentionTime: MAX_RETENTION_MIN,
    onSync: replay,
  });
  // What BackgroundSyncPlugin does, with our own Queue so sign-out can empty it.
  const keepFailed: WorkboxPlugin = {
    fetchDidFail: async ({ request }) => {
      await queue.pushRequest({ request });
    },
  };
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin &&
      SUBMIT_PATH.test(url.pathname) &&
      !request.headers.has(OUTBOX_HEADER),
    new NetworkOnly({ plugins: [keepFailed] }),
    'POST',
  );

  // Signing out wipes the learner's data: what waits here goes too.
  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type !== WORKER_CLEAR_MESSAGE) return;
    event.waitUntil(
      (async () => {
        while (await queue.shiftRequest()) {
          // drop it
        }
      })(),
    );
  });
}
