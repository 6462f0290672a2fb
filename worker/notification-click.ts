/// <reference lib="webworker" />
/*
 * A click on a notification the service worker showed (the daily "cards due" reminder, where
 * pages may not create notifications themselves, as on Android): bring Mnemo forward at the
 * notification's page — an open window of the app is focused and told to go there in-app (its
 * unsaved state stays; src/app/pwa/register-sw.ts), else a new window opens on it.
 */
import { inAppPath, WORKER_NAVIGATE_MESSAGE } from '../src/lib/offline/worker-messages';

declare const self: ServiceWorkerGlobalScope;

export function registerNotificationClick() {
  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const path = inAppPath(data?.url ?? '/', self.location.origin);
    if (!path) return;
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open =
          windows.find((w) => w.focused) ??
          windows.find((w) => new URL(w.url).origin === self.location.origin);
        if (open) {
          open.postMessage({ type: WORKER_NAVIGATE_MESSAGE, path });
          await open.focus().catch(() => undefined);
          return;
        }
        await self.clients.openWindow(path);
      })(),
    );
  });
}
