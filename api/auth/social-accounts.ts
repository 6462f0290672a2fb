import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { User } from '../db/schema.js';
import { iso, type Clock } from '../lib/clock.js';
import { AppError, type Locale } from '../lib/errors.js';
import { providerLabel, type SocialIdentity } from './oidc.js';
import { findUserByEmail, findUserById, newUserRow } from './service.js';

/*
 * Which Mnemo account a Google or LINE identity signs in to: the rules for linking an identity
 * to an existing account and for creating one. oidc.ts proves the identity; this decides what it
 * may open.
 */

/**
 * The Mnemo account for a provider identity: the one already linked; else the account with the
 * same e-mail when the provider verified it; else a new account. An identity without a verified
 * e-mail can neither take over nor create an account (SOCIAL_EMAIL_UNVERIFIED).
 */
export async function accountForIdentity(
  d: { db: Db; clock: Clock },
  id: SocialIdentity,
  locale: Locale,
): Promise<User> {
  const linked = await linkedUser(d.db, id);
  if (linked) return linked;
  if (!id.email || !id.emailVerified) {
    throw new AppError('SOCIAL_EMAIL_UNVERIFIED', {
      params: { provider: providerLabel(id.provider) },
    });
  }
  const email = id.email;
  try {
    return await d.db.transaction().execute(async (trx) => {
      const now = iso(d.clock.now());
      let user = await findUserByEmail(trx, email);
      if (user && user.email_verified !== 1) {
        // Someone registered this address with a password but never proved they own it; the
        // provider just proved the signing-in person does. Drop that password and its sessions
        // so a squatter cannot keep a way into the account.
        await trx
          .updateTable('users')
          .set((eb) => ({
            email_verified: 1,
            password_hash: null,
            token_version: eb('token_version', '+', 1),
            updated_at: now,
          }))
          .where('id', '=', user!.id)
          .execute();
        user = (await findUserById(trx, user.id))!;
      }
      if (!user) {
        user = newUserRow({
          email,
          name: id.name,
          passwordHash: null,
          locale,
          verified: true,
          now: d.clock.now(),
        });
        await trx.insertInto('users').values(user).execute();
      }
      await trx
        .insertInto('social_accounts')
        .values({
          id: randomUUID(),
          user_id: user.id,
          provider: id.provider,
          subject: id.subject,
          email,
          created_at: now,
        })
        .execute();
      return user;
    });
  } catch (err) {
    // Two callbacks for the same new identity racing: the unique (provider, subject) decides.
    const winner = await linkedUser(d.db, id);
    if (winner) return winner;
    throw err;
  }
}

async function linkedUser(db: Db, id: SocialIdentity): Promise<User | undefined> {
  const row = await db
    .selectFrom('social_accounts')
    .select('user_id')
    .where('provider', '=', id.provider)
    .where('subject', '=', id.subject)
    .executeTakeFirst();
  return row ? findUserById(db, row.user_id) : undefined;
}
