import { webEnv } from '../../config/env';
import { usePwaStore, type BeforeInstallPromptEvent } from './pwa-store';

/**
 * Call once at start-up. Keeps Chromium's install prompt for the footer's button (the event
 * fires early, so the listener cannot wait for React), and registers the service worker after
 * the page has loaded so its precaching does not compete with the first paint.
 */
export function startPwa() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // our button instead of the browser's mini-infobar
    usePwaStore.setState({ installPrompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => usePwaStore.setState({ installPrompt: null }));

  if (!webEnv.serviceWorker || !('serviceWorker' in navigator)) return;
  const register = () => {
    // Without a worker the app still works online: nothing to report to the learner.
    import('./register-sw').then((m) => m.registerServiceWorker()).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
