import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../lib/logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (e.g. the learner who wrote in), when not the sender. */
  replyTo?: string;
  /** Links the message carries; printed to the console by the outbox mailer. */
  links?: string[];
  /** Extra header fields, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Sends over SMTP (nodemailer) to the server named by an smtp:// or smtps:// URL. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(m) {
      await transport.sendMail({
        from,
        to: m.to,
        replyTo: m.replyTo,
        subject: m.subject,
        text: m.text,
        html: m.html,
        headers: m.headers,
      });
    },
  };
}

/**
 * Writes each message as an RFC 822 .eml file under dir (any mail client opens it) and logs
 * its links, so a fresh machine needs no mail server.
 */
export function outboxMailer(dir: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  let seq = 0;
  return {
    async send(m) {
      const info = await transport.sendMail({
        from,
        to: m.to,
        replyTo: m.replyTo,
        subject: m.subject,
        text: m.text,
        html: m.html,
        headers: m.headers,
      });
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = m.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(dir, `${stamp}-${String(seq++).padStart(4, '0')}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      logger.info(
        { to: m.to, subject: m.subject, file, links: m.links ?? [] },
        'mail written to outbox',
      );
      // A plain line too, so a newcomer can click the link straight from the terminal.
      for (const link of m.links ?? []) process.stdout.write(`[outbox] ${m.to}: ${link}\n`);
    },
  };
}

/**
 * Logs every failed send with its reason (the SMTP reply, a refused connection…) and the
 * subject and recipient's domain, then fails as before: the caller decides what the learner
 * sees (issue 19). The address itself is not logged.
 */
export function loggedMailer(inner: Mailer, logger: Logger): Mailer {
  return {
    async send(m) {
      try {
        await inner.send(m);
      } catch (err) {
        logger.error(
          {
            err,
            reason: mailFailureReason(err),
            subject: m.subject,
            toDomain: m.to.split('@').pop() ?? '',
          },
          'mail send failed',
        );
        throw err;
      }
    },
  };
}

/** Why a send failed, as a log reads it: the SMTP reply or the error's message. */
export function mailFailureReason(err: unknown): string {
  const e = (err ?? {}) as { response?: unknown; code?: unknown; message?: unknown };
  if (typeof e.response === 'string') return e.response;
  if (typeof e.message === 'string') return e.code ? `${String(e.code)}: ${e.message}` : e.message;
  return String(err);
}
