import { create } from 'zustand';

/** Chromium's install prompt, deferred (not in lib.dom). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  /** Set while a new service worker waits: activates it, then the page reloads. */
  applyUpdate: (() => void) | null;
  /** The learner chose "later" for this page's life. */
  updateDismissed: boolean;
  /** Kept from `beforeinstallprompt` until used; null where the browser offers none. */
  installPrompt: BeforeInstallPromptEvent | null;
}

/** UI state of the installable app (the worker and the install prompt); no learner data. */
export const usePwaStore = create<PwaState>(() => ({
  applyUpdate: null,
  updateDismissed: false,
  installPrompt: null,
}));
