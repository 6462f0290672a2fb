import { expect } from 'vitest';
import type { PublicUser } from '../../api/auth/service.js';
import { linkIn, type TestApp } from './test-app.js';

/** What a learner fills in on the registration form. */
export interface NewAccount {
  email: string;
  password: string;
  name?: string;
  locale?: string;
}

/**
 * Registers through the API. With `verified`, also opens the verification link the memory
 * mailer caught, as a click in the mail would; without it the account waits unverified.
 */
export async function registerUser(
  t: TestApp,
  { verified = false, ...account }: NewAccount & { verified?: boolean },
): Promise<PublicUser> {
  const reg = await t.call('POST', '/api/v1/auth/register', account);
  expect(reg.status).toBe(201);
  if (verified) {
    const link = new URL(linkIn(t.mailer.last(account.email), 'verify-email'));
    await t.app.request(link.pathname + link.search);
  }
  return reg.body.user as PublicUser;
}

/** Registers, verifies through the mailed link and logs in; returns the session and the user. */
export async function registerVerifiedUser(t: TestApp, account: NewAccount) {
  await registerUser(t, { ...account, verified: true });
  const login = await t.call('POST', '/api/v1/auth/login', {
    email: account.email,
    password: account.password,
  });
  expect(login.status).toBe(200);
  return { token: login.body.token as string, user: login.body.user as PublicUser };
}
