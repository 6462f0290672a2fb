import type { Logger } from '../lib/logger.js';
import { mailFailureReason, type Mailer, type MailMessage } from './mailer.js';

/*
 * Mail sent after the answer (issue 19): whether an address has an account must not show in
 * how long forgot-password takes, so its mail (and the work to make it) runs once the handler
 * has answered. A failure is logged with its reason; nobody is waiting for it any more.
 */

const pending = new WeakMap<Mailer, Set<Promise<void>>>();

/**
 * Runs `make` (which may read the database) and sends what it returns through `mailer`, on a
 * later turn of the event loop, never failing the request. Nothing is sent when it returns null.
 */
export function mailAfterAnswer(
  d: { mailer: Mailer; logger: Logger },
  what: string,
  make: () => Promise<MailMessage | null>,
): void {
  let set = pending.get(d.mailer);
  if (!set) pending.set(d.mailer, (set = new Set()));
  const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(make)
    .then(async (message) => {
      if (message) await d.mailer.send(message);
    })
    .catch((err: unknown) => {
      d.logger.error({ err, reason: mailFailureReason(err), mail: what }, 'mail not sent');
    })
    .finally(() => set.delete(job));
  set.add(job);
}

/** Waits for every mail still being made or sent through this mailer (tests, shutdown). */
export async function mailsSettled(mailer: Mailer): Promise<void> {
  const set = pending.get(mailer);
  while (set && set.size > 0) await Promise.allSettled([...set]);
}
