/** Business constants of the spec (section 9). */
export const TOKEN_COOKIE = 'mnemo_token';
export const TOKEN_COOKIE_DAYS = 0.0833;
export const PROFILE_REFRESH_MIN_MS = 5000;
export const TOAST_MS = 2000;
export const LOGIN_REDIRECT_MS = 1500;
export const REGISTER_RETURN_MS = 2000;
export const RESET_BANNER_MS = 5000;
export const RESET_REDIRECT_MS = 3000;
export const CONTACT_DELAY_MS = 1500;
export const TOKEN_WAIT_RETRIES = 5;
export const TOKEN_WAIT_MS = 200;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const STORAGE_USER = 'mnemo_user';
export const LANGUAGE_KEY = 'i18nextLng';
/** `?lng=en` opens a page in that language (the hreflang alternates of public pages). */
export const LANGUAGE_QUERY = 'lng';
/**
 * The chosen language, also as a cookie: the server reads it to send a public page's
 * prerendered HTML in that language (api/lib/web-static.ts, same name there).
 */
export const LANGUAGE_COOKIE = 'mnemo_lng';
