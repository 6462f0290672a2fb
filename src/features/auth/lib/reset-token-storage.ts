/**
 * The one-time click-validated reset token (spec 4), kept in session storage together with the
 * e-mailed token it belongs to, so a reload of the same link reuses it.
 */
export const RESET_CLICK_TOKEN_KEY = 'mnemo_reset_click_token';

interface Stored {
  urlToken: string;
  clickToken: string;
}

export function readClickToken(urlToken: string): string | null {
  try {
    const raw = sessionStorage.getItem(RESET_CLICK_TOKEN_KEY);
    const stored = raw ? (JSON.parse(raw) as Partial<Stored>) : null;
    return stored?.urlToken === urlToken && typeof stored.clickToken === 'string'
      ? stored.clickToken
      : null;
  } catch {
    return null;
  }
}

export function saveClickToken(urlToken: string, clickToken: string) {
  try {
    sessionStorage.setItem(RESET_CLICK_TOKEN_KEY, JSON.stringify({ urlToken, clickToken }));
  } catch {
    // Storage full or blocked: the URL token still works for this visit.
  }
}

export function clearClickToken() {
  try {
    sessionStorage.removeItem(RESET_CLICK_TOKEN_KEY);
  } catch {
    // Nothing stored.
  }
}
