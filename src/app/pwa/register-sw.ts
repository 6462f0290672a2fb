import { Workbox } from 'workbox-window';
import { inAppPath, WORKER_NAVIGATE_MESSAGE } from '../../lib/offline/worker-messages';
import { usePwaStore } from './pwa-store';

/** How often, at most, a tab coming back into view asks the server for a newer worker. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers /sw.js (scope /). A newer worker waits — it never takes over a page by itself — and
 * the update banner offers to activate it: SKIP_WAITING, then a reload once it controls the page.
 */
export async function registerServiceWorker() {
  const wb = new Workbox('/sw.js', { scope: '/' });

  wb.addEventListener('waiting', () => {
    usePwaStore.setState({
      updateDismissed: false,
      applyUpdate: () => {
        void navigator.serviceWorker.getRegistration().then((registration) => {
          // Another tab already activated it: this page only needs the new files.
          if (!registration?.waiting) return window.location.reload();
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        });
      },
    });
  });

  // First install: the chunks, locales and images this page loaded before the worker existed
  // go into the runtime caches now (Workbox's CACHE_URLS), so this visit already works offline.
  wb.addEventListener('activated', (event) => {
    if (event.isUpdate) return;
    const urlsToCache = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => {
        const { origin, pathname } = new URL(url);
        return origin === location.origin && !pathname.startsWith('/api/');
      });
    void wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache } }).catch(() => undefined);
  });

  // A notification clicked (worker/notification-click.ts): go there in-app, no reload.
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; path?: unknown } | null;
    if (data?.type !== WORKER_NAVIGATE_MESSAGE) return;
    const path = inAppPath(data.path, location.origin);
    if (path) void import('../router').then(({ getRouter }) => getRouter().navigate(path));
  });

  const registration = await wb.register();
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < UPDATE_CHECK_MS) return;
    lastCheck = Date.now();
    void registration?.update().catch(() => undefined); // offline: try again next time
  });
}
