/** Shown on both legal pages (the spec's date, written YYYY.MM.DD like every date in the app). */
export const LAST_UPDATED = '2025.05.10';
/** Where legal and privacy questions go. */
export const CONTACT_EMAIL = 'hello@mnemo.local';
