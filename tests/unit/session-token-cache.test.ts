import { describe, expect, it } from 'vitest';
import { issueSessionToken, verifySessionToken } from '../../api/auth/session.js';

/*
 * Verified tokens are remembered (api/auth/session.ts): a remembered token still expires, and
 * it is remembered for the secret that verified it only.
 */

const A = 'first-secret-that-is-long-enough-for-hs256-0123456789';
const B = 'other-secret-that-is-long-enough-for-hs256-0123456789';
const user = { id: 'u1', email: 'a@example.com', name: 'A', token_version: 3 };
const unauthorized = { code: 'UNAUTHORIZED' };

describe('session token verification, remembered', () => {
  it('answers the same claims again, and refuses the token once it has expired', async () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const token = await issueSessionToken(A, user, now, 60);
    const first = await verifySessionToken(A, token, now);
    expect(first).toEqual({ id: 'u1', tokenVersion: 3 });
    expect(await verifySessionToken(A, token, new Date(now.getTime() + 59_000))).toEqual(first);
    await expect(
      verifySessionToken(A, token, new Date(now.getTime() + 60_000)),
    ).rejects.toMatchObject(unauthorized);
  });

  it('does not take a token verified with one secret as valid under another', async () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const token = await issueSessionToken(A, user, now, 60);
    await verifySessionToken(A, token, now);
    await expect(verifySessionToken(B, token, now)).rejects.toMatchObject(unauthorized);
    // And the other way round: refused first, then valid under its own secret.
    const other = await issueSessionToken(B, user, now, 60);
    await expect(verifySessionToken(A, other, now)).rejects.toMatchObject(unauthorized);
    expect(await verifySessionToken(B, other, now)).toEqual({ id: 'u1', tokenVersion: 3 });
  });
});
