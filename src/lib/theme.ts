import { useSyncExternalStore } from 'react';

/** The learner's choice in the account menu; "system" follows the operating system. */
export type ThemePreference = 'system' | 'light' | 'dark';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];
const STORAGE_KEY = 'mnemo.theme';
/** The browser bar's colour per theme (index.html carries the same pair for the first paint). */
const BAR_COLOR = { light: '#4f46e5', dark: '#1e1b4b' } as const;

const listeners = new Set<() => void>();
const darkQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)');

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isThemePreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** The theme a preference shows, given whether the system is dark. */
export function resolveTheme(preference: ThemePreference, systemDark: boolean): 'light' | 'dark' {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

/** Puts the theme on <html data-theme> (the stylesheets key on it) and on the browser bar. */
export function applyTheme(preference: ThemePreference = readThemePreference()): void {
  const theme = resolveTheme(preference, darkQuery()?.matches === true);
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    meta.content = BAR_COLOR[theme];
  }
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, preference);
  } catch {
    // Private mode without storage: the choice lasts for this page.
  }
  current = preference;
  applyTheme(preference);
  for (const listener of listeners) listener();
}

let current: ThemePreference = 'system';

/** Applies the remembered theme before the first render and follows system changes. */
export function startTheme(): void {
  current = readThemePreference();
  applyTheme(current);
  darkQuery()?.addEventListener?.('change', () => {
    if (current === 'system') applyTheme(current);
  });
  // Another tab changed it.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    current = readThemePreference();
    applyTheme(current);
    for (const listener of listeners) listener();
  });
}

/** The current preference, re-rendering when it changes (this tab or another). */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => 'system',
  );
}
