import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { User } from '../db/schema.js';
import type { Config } from '../env.js';
import type { Mailer } from '../mail/mailer.js';
import type { Logger } from '../lib/logger.js';
import { mailAfterAnswer } from '../mail/after-answer.js';
import { addMs, iso, type Clock } from '../lib/clock.js';
import { AppError, type Locale } from '../lib/errors.js';
import { dummyPasswordHash, hashPassword, PASSWORD_RULE, verifyPassword } from './password.js';
import { deriveToken, hashToken, randomToken } from './tokens.js';
import { issueSessionToken } from './session.js';
import { accountExistsEmail, authEmail } from './emails.js';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'jwtTtlSeconds'>;
  secret: string;
  logger: Logger;
}

export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
const EMAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An address as stored and compared: trimmed, NFC, lower case (domain and local part). */
export const normalizeEmail = (email: string) => email.trim().normalize('NFC').toLowerCase();

/**
 * Control characters and invisible formatting (zero-width spaces and joiners, bidi overrides,
 * soft hyphens, BOM, line/paragraph separators, Hangul fillers, variation selectors): two
 * addresses that look the same must be the same address, so these are refused (issue 19).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/**
 * The e-mail a learner typed, normalised (normalizeEmail); EMAIL_INVALID when it carries control
 * or invisible characters (surrounding ASCII blanks are only trimmed). Register, login, forgot
 * and resend all go through it.
 */
export function cleanEmail(raw: string): string {
  if (INVISIBLE.test(raw.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, ''))) {
    throw new AppError('EMAIL_INVALID');
  }
  return normalizeEmail(raw);
}

/** The profile shape of the spec, each field once (its client reads "id or user_id"). */
export function presentUser(u: User) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    locale: u.locale,
    account_type: u.account_type,
    subscription_status: u.subscription_status,
    email_verified: u.email_verified === 1,
    free_usage_count: u.free_usage_count,
    free_quiz_limitation: u.free_quiz_limitation,
    has_password: u.password_hash !== null,
    created_at: u.created_at,
  };
}
export type PublicUser = ReturnType<typeof presentUser>;

function checkEmail(email: string) {
  if (!EMAIL_RULE.test(email)) throw new AppError('EMAIL_INVALID');
}
function checkPassword(password: string) {
  if (!PASSWORD_RULE.test(password)) throw new AppError('PASSWORD_WEAK');
}

async function issueToken(d: AuthDeps, userId: string, purpose: 'verify_email' | 'reset_password') {
  const now = d.clock.now();
  const token = randomToken();
  // A new link replaces every older one of the same purpose.
  await d.db
    .updateTable('auth_tokens')
    .set({ used_at: iso(now) })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await d.db
    .insertInto('auth_tokens')
    .values({
      id: randomUUID(),
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      click_token_hash: null,
      clicked_at: null,
      expires_at: iso(addMs(now, purpose === 'verify_email' ? VERIFY_TTL_MS : RESET_TTL_MS)),
      used_at: null,
      created_at: iso(now),
    })
    .execute();
  return token;
}

async function sendVerification(d: AuthDeps, user: User) {
  const token = await issueToken(d, user.id, 'verify_email');
  const link = `${d.config.publicUrl}/api/v1/auth/verify-email?token=${encodeURIComponent(token)}`;
  await d.mailer.send(authEmail('verify', user.locale as Locale, user.email, user.name, link));
}

export const findUserByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();

export const findUserById = (db: Db, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** A new free account's row with the spec's defaults (quota 3, inactive subscription). */
export function newUserRow(o: {
  email: string;
  name?: string | null;
  passwordHash: string | null;
  locale: string;
  verified: boolean;
  now: Date;
}): User {
  const now = iso(o.now);
  return {
    id: randomUUID(),
    email: o.email,
    name: (o.name?.trim() || o.email.split('@')[0]!).slice(0, 200),
    password_hash: o.passwordHash,
    locale: o.locale,
    account_type: 'free',
    subscription_status: 'inactive',
    email_verified: o.verified ? 1 : 0,
    free_usage_count: 0,
    free_quiz_limitation: 3,
    token_version: 0,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Creates an unverified account and mails its verification link. An address that already has
 * an account answers the same (the same work: a password hash, one mail sent before answering,
 * a user shape that is never stored) and its owner is mailed "you already have an account", so
 * the sign-up form tells no one who has an account (issue 19).
 */
export async function register(
  d: AuthDeps,
  input: { email: string; password: string; name?: string; locale: Locale },
): Promise<PublicUser> {
  const email = cleanEmail(input.email);
  checkEmail(email);
  checkPassword(input.password);
  const existing = await findUserByEmail(d.db, email);
  if (existing) return answerAsNew(d, existing, { ...input, email });
  const user = newUserRow({
    email,
    name: input.name,
    passwordHash: await hashPassword(input.password),
    locale: input.locale,
    verified: false,
    now: d.clock.now(),
  });
  try {
    await d.db.insertInto('users').values(user).execute();
  } catch (err) {
    // Two registrations racing for one e-mail: the unique index decides.
    const winner = await findUserByEmail(d.db, email);
    if (winner) return answerAsNew(d, winner, { ...input, email });
    throw err;
  }
  try {
    await sendVerification(d, user);
  } catch (err) {
    // No verification mail, no account: the learner can simply register again.
    await d.db.deleteFrom('users').where('id', '=', user.id).execute();
    throw new AppError('MAIL_SEND_FAILED', { cause: err });
  }
  return presentUser(user);
}

/** register's answer for an address that has an account: mail its owner, answer as if new. */
async function answerAsNew(
  d: AuthDeps,
  owner: User,
  input: { email: string; password: string; name?: string; locale: Locale },
): Promise<PublicUser> {
  const unused = newUserRow({
    email: input.email,
    name: input.name,
    passwordHash: await hashPassword(input.password),
    locale: input.locale,
    verified: false,
    now: d.clock.now(),
  });
  try {
    await d.mailer.send(
      accountExistsEmail(
        owner.locale as Locale,
        owner.email,
        owner.name,
        `${d.config.publicUrl}/login`,
      ),
    );
  } catch (err) {
    throw new AppError('MAIL_SEND_FAILED', { cause: err });
  }
  return presentUser(unused);
}

/** Consumes a verification token; single use, expiring. */
export async function verifyEmail(d: AuthDeps, token: string): Promise<User> {
  const now = d.clock.now();
  const row = await d.db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', 'verify_email')
    .executeTakeFirst();
  if (!row) throw new AppError('VERIFY_TOKEN_INVALID');
  // A link opened again after it worked (a second click, another device): the learner only
  // needs to log in, not to be told the link is bad.
  if (row.used_at) {
    const owner = await findUserById(d.db, row.user_id);
    throw new AppError(owner?.email_verified ? 'EMAIL_ALREADY_VERIFIED' : 'VERIFY_TOKEN_INVALID');
  }
  if (row.expires_at <= iso(now)) throw new AppError('VERIFY_TOKEN_EXPIRED');
  const consumed = await d.db
    .updateTable('auth_tokens')
    .set({ used_at: iso(now) })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1) throw new AppError('VERIFY_TOKEN_INVALID');
  await d.db
    .updateTable('users')
    .set({ email_verified: 1, updated_at: iso(now) })
    .where('id', '=', row.user_id)
    .execute();
  return (await findUserById(d.db, row.user_id))!;
}

/** E-mail and password sign-in; unknown e-mail and wrong password answer the same. */
export async function login(d: AuthDeps, input: { email: string; password: string }) {
  const user = await findUserByEmail(d.db, cleanEmail(input.email));
  const ok = user?.password_hash
    ? await verifyPassword(input.password, user.password_hash)
    : (await verifyPassword(input.password, await dummyPasswordHash()), false);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
  if (user.email_verified !== 1)
    throw new AppError('EMAIL_NOT_VERIFIED', { details: { canResend: true } });
  return { token: await sessionFor(d, user), user: presentUser(user) };
}

export function sessionFor(d: AuthDeps, user: User) {
  return issueSessionToken(d.secret, user, d.clock.now(), d.config.jwtTtlSeconds);
}

/**
 * Ends every session of the account: the token version goes up, and requireAuth refuses a token
 * carrying an older one (the reset-password rule, issue 19).
 */
export async function logout(d: Pick<AuthDeps, 'db' | 'clock'>, userId: string): Promise<void> {
  await d.db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: iso(d.clock.now()) }))
    .where('id', '=', userId)
    .execute();
}

/** Mails a fresh link to an unverified account; silent otherwise (no enumeration). */
export async function resendVerification(d: AuthDeps, email: string): Promise<void> {
  checkEmail(cleanEmail(email));
  const user = await findUserByEmail(d.db, email);
  if (user && user.email_verified !== 1) await sendVerification(d, user);
}

/**
 * Mails a reset link when the account exists; silent otherwise (no enumeration). Only the
 * address is checked before answering: looking the account up, the link and the mail all run
 * after the answer (mailAfterAnswer), so a known and an unknown address take the same time.
 */
export async function forgotPassword(d: AuthDeps, email: string, locale: Locale): Promise<void> {
  const address = cleanEmail(email);
  checkEmail(address);
  mailAfterAnswer(d, 'password reset', async () => {
    const user = await findUserByEmail(d.db, address);
    if (!user) return null;
    const token = await issueToken(d, user.id, 'reset_password');
    const link = `${d.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const lang = (user.locale as Locale) ?? locale;
    return authEmail('reset', lang, user.email, user.name, link);
  });
}

async function findResetToken(d: AuthDeps, token: string) {
  const h = hashToken(token);
  const row = await d.db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('purpose', '=', 'reset_password')
    .where((eb) => eb.or([eb('token_hash', '=', h), eb('click_token_hash', '=', h)]))
    .executeTakeFirst();
  if (!row || row.used_at) throw new AppError('RESET_TOKEN_INVALID', { details: { valid: false } });
  if (row.expires_at <= iso(d.clock.now()))
    throw new AppError('RESET_TOKEN_EXPIRED', { details: { valid: false } });
  return { row, viaClickToken: row.click_token_hash === h };
}

/**
 * Checks a reset link. The first check issues a one-time click-validated token the page keeps
 * for its submit; later checks report alreadyClicked.
 */
export async function validateResetToken(d: AuthDeps, token: string) {
  const { row, viaClickToken } = await findResetToken(d, token);
  if (viaClickToken) return { valid: true, clickValidatedToken: token, alreadyClicked: true };
  // Derived, not random: a second check (a reload) hands out the same token instead of
  // retiring the one the page already keeps in session storage.
  const clickToken = deriveToken(d.secret, `reset-click:${row.id}`);
  if (row.click_token_hash === null) {
    await d.db
      .updateTable('auth_tokens')
      .set({ click_token_hash: hashToken(clickToken), clicked_at: iso(d.clock.now()) })
      .where('id', '=', row.id)
      .execute();
  }
  return { valid: true, clickValidatedToken: clickToken, alreadyClicked: row.clicked_at !== null };
}

/** Sets a new password from a reset link; every other reset link and every session ends. */
export async function resetPassword(
  d: AuthDeps,
  token: string,
  newPassword: string,
): Promise<void> {
  checkPassword(newPassword);
  const { row } = await findResetToken(d, token);
  const now = iso(d.clock.now());
  const consumed = await d.db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1)
    throw new AppError('RESET_TOKEN_INVALID', { details: { valid: false } });
  await d.db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('user_id', '=', row.user_id)
    .where('purpose', '=', 'reset_password')
    .where('used_at', 'is', null)
    .execute();
  const hash = await hashPassword(newPassword);
  await d.db
    .updateTable('users')
    .set((eb) => ({
      password_hash: hash,
      email_verified: 1,
      token_version: eb('token_version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', row.user_id)
    .execute();
}
