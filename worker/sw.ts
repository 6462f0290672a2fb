/// <reference lib="webworker" />
/*
 * Mnemo's service worker (built by vite-plugin-pwa injectManifest as a classic IIFE worker).
 * What goes where, and why: docs/decisions/0012-pwa.md.
 *
 *   app shell (index.html, entry JS/CSS, layout chunks, icons)  precache, versioned by the build
 *   page navigations          network first (NAV_TIMEOUT_S), then the precached index.html
 *   lazy route chunks, CSS    stale-while-revalidate, 'mnemo-chunks'
 *   locale namespaces         stale-while-revalidate, 'mnemo-locales'
 *   images, fonts             cache first, 'mnemo-media'
 *   /api/*                    never touched: no route matches, the browser goes to the network
 *                             as if there were no worker. Learners' data lives in IndexedDB,
 *                             per user, and is wiped on logout; Cache Storage is shared.
 */
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import type { RouteMatchCallbackOptions } from 'workbox-core/types';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { registerBackgroundSync } from './background-sync';
import { registerNotificationClick } from './notification-click';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

/** After this long without an answer a navigation gets the cached shell (lie-fi on a train). */
const NAV_TIMEOUT_S = 3;
const DAY_S = 24 * 60 * 60;
/** Paths the server answers itself; a navigation there must reach it (e-mail links, OAuth). */
const SERVER_PATHS = [/^\/api\//, /^\/healthz$/];

setCacheNameDetails({ prefix: 'mnemo' });

// First, so the routes it adds (queued POST submissions) win over everything below.
registerBackgroundSync();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Same origin and not the API: the only requests any route below may answer or store. */
const local = ({ url }: RouteMatchCallbackOptions) =>
  url.origin === self.location.origin && !SERVER_PATHS.some((p) => p.test(url.pathname));

const expiry = (maxEntries: number) =>
  new ExpirationPlugin({ maxEntries, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true });

// Navigations: the network's index.html (a new release shows at once), else the precached one,
// which matches the precached assets. No per-URL HTML cache: every route is the same document.
// No navigation preload either: it would fetch /api navigations (one-time e-mail links) twice.
const network = new NetworkOnly({ networkTimeoutSeconds: NAV_TIMEOUT_S });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        const response = await network.handle(options);
        if (response.status < 500) return response;
      } catch {
        // offline or too slow: fall through to the shell
      }
      return (await matchPrecache('/index.html')) ?? Response.error();
    },
    { denylist: SERVER_PATHS },
  ),
);

registerRoute(
  (o) => local(o) && o.url.pathname.startsWith('/assets/locales/'),
  new StaleWhileRevalidate({ cacheName: 'mnemo-locales', plugins: [expiry(60)] }),
);

registerRoute(
  (o) => local(o) && o.url.pathname.startsWith('/assets/') && /\.(?:js|css)$/.test(o.url.pathname),
  new StaleWhileRevalidate({ cacheName: 'mnemo-chunks', plugins: [expiry(200)] }),
);

// By destination for the page's own requests; by extension for the warm-up list (CACHE_URLS),
// whose requests have none.
const media = /\.(?:png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|otf)$/;
registerRoute(
  (o) =>
    local(o) &&
    (o.request.destination === 'image' ||
      o.request.destination === 'font' ||
      media.test(o.url.pathname)),
  new CacheFirst({ cacheName: 'mnemo-media', plugins: [expiry(60)] }),
);

// A new version waits until the learner chooses to reload (src/app/pwa/update-banner.tsx).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

registerNotificationClick();

clientsClaim();
