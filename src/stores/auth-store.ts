import { create } from 'zustand';
import { api, onUnauthorized } from '../lib/api-client';
import { answerRecord } from '../lib/api-answer';
import { deleteCookie, getCookie, setCookie } from '../lib/cookies';
import { clearWorkerQueue } from '../lib/offline/worker-messages';
import {
  LANGUAGE_KEY,
  PROFILE_REFRESH_MIN_MS,
  STORAGE_USER,
  TOKEN_COOKIE,
  TOKEN_COOKIE_DAYS,
} from '../config/constants';

/** The signed-in learner, as GET /api/v1/user/profile returns it. */
export interface User {
  id: string;
  email: string;
  name: string;
  account_type: 'free' | 'premium' | string;
  subscription_status: string;
  email_verified: boolean;
  free_usage_count: number;
  free_quiz_limitation: number;
  locale?: string;
}

type Status = 'unknown' | 'signedIn' | 'signedOut';

interface AuthState {
  status: Status;
  user: User | null;
  token: string | null;
  /** Reads the cookie and stored user, then confirms with the server. */
  init(): Promise<void>;
  signIn(token: string, user: User): void;
  /**
   * Ends the session and deletes the account's offline data on this device (IndexedDB and the
   * service worker's queue); resolves once it is gone.
   */
  signOut(): Promise<void>;
  /** Re-reads the profile; skipped while one runs or within 5 s of the last. */
  refreshProfile(force?: boolean): Promise<void>;
}

/** Accepts the spec's profile variants (id or user_id; defaults for missing fields). */
export function normalizeUser(raw: Record<string, unknown>): User {
  const num = (v: unknown, d: number) => (typeof v === 'number' ? v : d);
  return {
    id: String(raw.id ?? raw.user_id ?? raw.userId ?? raw.sub ?? ''),
    email: String(raw.email ?? ''),
    name: String(raw.name ?? ''),
    account_type: (raw.account_type as string) ?? 'free',
    subscription_status: (raw.subscription_status as string) ?? 'inactive',
    email_verified: raw.email_verified === undefined ? true : Boolean(raw.email_verified),
    free_usage_count: num(raw.free_usage_count, 0),
    free_quiz_limitation: num(raw.free_quiz_limitation, 3),
    locale: raw.locale as string | undefined,
  };
}

function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(STORAGE_USER);
    return raw ? normalizeUser(JSON.parse(raw) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

let refreshing: Promise<void> | null = null;
let lastRefresh = 0;

/**
 * Without a session cookie the learner is signed out from the first render (a public page's
 * prerendered HTML hydrates as the signed-out view). With one and the learner stored on this
 * device, signed in at once as that learner: the page and its data render without waiting for
 * the profile, which init() re-reads in the background (a 401 signs out through onUnauthorized).
 * With a cookie and no stored learner, unknown until the server says.
 */
function initialState(): Pick<AuthState, 'status' | 'user' | 'token'> {
  const token = typeof document !== 'undefined' ? (getCookie(TOKEN_COOKIE) ?? null) : null;
  if (!token) return { status: 'signedOut', user: null, token: null };
  const stored = readStoredUser();
  return stored
    ? { status: 'signedIn', user: stored, token }
    : { status: 'unknown', user: null, token };
}

export const useAuthStore = create<AuthState>((set, get) => ({
  ...initialState(),

  async init() {
    const token = getCookie(TOKEN_COOKIE) ?? null;
    if (!token) {
      localStorage.removeItem(STORAGE_USER);
      set({ status: 'signedOut', user: null, token: null });
      return;
    }
    set({ token, user: readStoredUser() });
    await get().refreshProfile(true);
  },

  signIn(token, user) {
    setCookie(TOKEN_COOKIE, token, TOKEN_COOKIE_DAYS);
    localStorage.setItem(STORAGE_USER, JSON.stringify(user));
    lastRefresh = Date.now();
    set({ status: 'signedIn', token, user });
  },

  signOut() {
    const userId = get().user?.id ?? readStoredUser()?.id;
    const language = localStorage.getItem(LANGUAGE_KEY);
    // The server ends every session of the account too, so a copied token dies now; best
    // effort (offline, the token simply runs out).
    const token = getCookie(TOKEN_COOKIE);
    if (token && typeof fetch === 'function') {
      void fetch('/api/v1/auth/logout', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        keepalive: true,
      }).catch(() => undefined);
    }
    deleteCookie(TOKEN_COOKIE);
    localStorage.clear();
    sessionStorage.clear();
    // The language is a device preference, not account data: keep it.
    if (language) localStorage.setItem(LANGUAGE_KEY, language);
    set({ status: 'signedOut', user: null, token: null });
    // A lost session (onUnauthorized below) keeps the data: the outbox waits for the next sign-in.
    clearWorkerQueue();
    // Loaded on demand: the database code stays out of the first download.
    return userId === undefined
      ? Promise.resolve()
      : import('../db/wipe').then(({ wipeUserData }) => wipeUserData(userId));
  },

  async refreshProfile(force = false) {
    if (!getCookie(TOKEN_COOKIE)) {
      if (get().status !== 'signedOut') set({ status: 'signedOut', user: null, token: null });
      return;
    }
    if (refreshing) return refreshing;
    if (!force && Date.now() - lastRefresh < PROFILE_REFRESH_MIN_MS) return;
    lastRefresh = Date.now();
    refreshing = (async () => {
      try {
        const user = normalizeUser(answerRecord(await api('/api/v1/user/profile')));
        localStorage.setItem(STORAGE_USER, JSON.stringify(user));
        set({ status: 'signedIn', user, token: getCookie(TOKEN_COOKIE) ?? null });
      } catch {
        // Offline or a server hiccup: keep the stored user; a 401/403 already signed out.
        const stored = readStoredUser();
        if (get().status === 'unknown') {
          set(stored ? { status: 'signedIn', user: stored } : { status: 'signedOut', user: null });
        }
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  },
}));

/** The signed-in learner's id, or null: the key of everything stored offline. */
export const currentUserId = (): string | null => {
  const { status, user } = useAuthStore.getState();
  return status === 'signedIn' && user ? user.id : null;
};

onUnauthorized(() => {
  deleteCookie(TOKEN_COOKIE);
  localStorage.removeItem(STORAGE_USER);
  useAuthStore.setState({ status: 'signedOut', user: null, token: null });
});
