import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { User } from '../db/schema.js';
import { addMs, iso, type Clock } from '../lib/clock.js';

/*
 * The one-time code a social sign-in's callback hands the browser instead of a session token
 * (issue 19, login CSRF): the code is bound to the state of the sign-in, which only the browser
 * that started it holds (in its signed, httpOnly state cookie), and that browser exchanges it
 * once, within CODE_TTL_MS, for its session. A link carrying someone else's code signs no one
 * in, and no session token ever travels in a URL.
 */

/** How long the web app has to exchange the code (it does so at once). */
export const CODE_TTL_MS = 2 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

type CodeDeps = { db: Db; clock: Clock };

/** Stores a code for `userId` bound to the sign-in's `state`; returns the code to hand out. */
export async function issueLoginCode(
  d: CodeDeps,
  userId: string,
  state: string,
  redirect: string | undefined,
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  const now = d.clock.now();
  // Unexchanged codes of abandoned sign-ins go with the next one.
  await d.db.deleteFrom('social_login_codes').where('expires_at', '<=', iso(now)).execute();
  await d.db
    .insertInto('social_login_codes')
    .values({
      code_hash: sha256(code),
      user_id: userId,
      binding_hash: sha256(state),
      redirect: redirect ?? null,
      expires_at: iso(addMs(now, CODE_TTL_MS)),
    })
    .execute();
  return code;
}

/**
 * Takes a code (one DELETE, so it is used at most once) when it was issued for the sign-in
 * whose `state` the caller's cookie holds and has not expired. Undefined otherwise.
 */
export async function takeLoginCode(
  d: CodeDeps,
  code: string,
  state: string | undefined,
): Promise<{ user: User; redirect: string | null } | undefined> {
  if (!state || !code) return undefined;
  const row = await d.db
    .deleteFrom('social_login_codes')
    .where('code_hash', '=', sha256(code))
    .where('binding_hash', '=', sha256(state))
    .where('expires_at', '>', iso(d.clock.now()))
    .returning(['user_id', 'redirect'])
    .executeTakeFirst();
  if (!row) return undefined;
  const user = await d.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  return user ? { user, redirect: row.redirect } : undefined;
}
