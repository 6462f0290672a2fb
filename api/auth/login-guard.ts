import type { Deps } from '../lib/context.js';
import { AppError, type Locale } from '../lib/errors.js';
import { loginAlertEmail } from './emails.js';
import { refuseWhenHashingFull } from './password.js';
import { findUserByEmail, normalizeEmail } from './service.js';

/*
 * Sign-in attempts (issue 19, item 3). Only failures count, and they count against the
 * caller's address and against the address with the e-mail — never against the e-mail alone,
 * so wrong passwords typed for someone's account elsewhere do not lock that learner out of it
 * at home. The owner is told by e-mail once the account has collected RATE_LIMIT_PER_EMAIL
 * failures (from anywhere) in one window. An attempt is counted before the password is checked
 * (so parallel guesses cannot slip past the limit) and taken back when it was right.
 */

type GuardDeps = Pick<Deps, 'config' | 'rateLimiter' | 'db' | 'mailer' | 'logger'>;

const keysFor = (ip: string, email: string) => ({
  ip: `login:ip:${ip}`,
  ipEmail: `login:ip-email:${ip}:${email}`,
  email: `login:email:${email}`,
});

/**
 * Runs one sign-in attempt under the limits: RATE_LIMITED when the address, or the address with
 * this e-mail, has had too many failures in the window.
 */
export async function guardedLogin<T>(
  d: GuardDeps,
  ip: string,
  rawEmail: string,
  attempt: () => Promise<T>,
): Promise<T> {
  // A flood's overflow: answered 503 at once, nothing counted (no password was checked).
  refuseWhenHashingFull();
  const { windowSeconds, perIp, perEmail } = d.config.rateLimit;
  const email = normalizeEmail(rawEmail);
  const keys = keysFor(ip, email);
  await d.rateLimiter.hit(keys.ip, perIp, windowSeconds);
  try {
    await d.rateLimiter.hit(keys.ipEmail, perEmail, windowSeconds);
  } catch (err) {
    await d.rateLimiter.undo(keys.ip, windowSeconds);
    throw err;
  }
  const takeBack = () =>
    Promise.all([
      d.rateLimiter.undo(keys.ip, windowSeconds),
      d.rateLimiter.undo(keys.ipEmail, windowSeconds),
    ]);
  try {
    const result = await attempt();
    await takeBack();
    return result;
  } catch (err) {
    // The right password on an unverified account is not a guess, and neither is an attempt
    // the hash gate turned away (it filled up after the check above).
    if (
      err instanceof AppError &&
      (err.code === 'EMAIL_NOT_VERIFIED' || err.code === 'SERVER_BUSY')
    ) {
      await takeBack();
    } else {
      const failures = await d.rateLimiter.hit(keys.email, Number.MAX_SAFE_INTEGER, windowSeconds);
      // Exactly at the threshold: one alert per window, sent after the answer.
      if (failures === perEmail) void alertOwner(d, email, failures);
    }
    throw err;
  }
}

async function alertOwner(d: GuardDeps, email: string, failures: number) {
  try {
    const user = await findUserByEmail(d.db, email);
    if (!user) return;
    await d.mailer.send(
      loginAlertEmail(
        user.locale as Locale,
        user.email,
        user.name,
        failures,
        `${d.config.publicUrl}/login`,
      ),
    );
  } catch (err) {
    d.logger.error({ err, reason: reasonOf(err) }, 'could not send the failed sign-in alert');
  }
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
