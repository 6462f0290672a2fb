import { createHmac, timingSafeEqual } from 'node:crypto';

// The purpose is part of what is signed: no other token of the app can stand in for this one.
const PURPOSE = 'mnemo:review-reminders:unsubscribe:v1';

const mac = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest('base64url');

/**
 * The token of a reminder's unsubscribe link: the user id and its HMAC. It does not expire,
 * as an unsubscribe link in an old e-mail must still work.
 */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${mac(secret, userId)}`;
}

/** The user id a token was made for, or null for a missing, malformed or tampered token. */
export function verifyUnsubscribeToken(secret: string, token: string | undefined): string | null {
  const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match) return null;
  const userId = Buffer.from(match[1]!, 'base64url').toString('utf8');
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = Buffer.from(mac(secret, userId), 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
