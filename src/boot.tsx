/**
 * The app's start (src/main.tsx imports it once the first frame is painted): theme, outbox kinds,
 * service worker, then React — hydrating a prerendered page, rendering anything else.
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18n from './i18n';
import { App } from './app/app';
import { startPwa } from './app/pwa/start-pwa';
import { loadOutboxKindsWith } from './lib/offline/outbox-kinds';
import { startTheme } from './lib/theme';
import { useAuthStore } from './stores/auth-store';

startTheme();
// The features' outbox handlers (and the device store they use) load with the first delivery.
loadOutboxKindsWith(() => import('./app/outbox-kinds').then((m) => m.featureOutboxKinds));

startPwa();
const container = document.getElementById('root')!;
// A public page the server sent prerendered (scripts/prerender.ts): hydrate it when it is what
// the first render will show — signed out, in the language the detector chose. Otherwise (a
// language chosen before the cookie existed) render afresh over it.
const prerendered = container.dataset.prerendered;
if (
  prerendered &&
  prerendered === i18n.resolvedLanguage &&
  useAuthStore.getState().status === 'signedOut'
) {
  hydrateRoot(container, <App />);
} else {
  createRoot(container).render(<App />);
}
