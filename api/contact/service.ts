import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Config } from '../env.js';
import type { Mailer } from '../mail/mailer.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { AppError, type Locale } from '../lib/errors.js';
import { operatorEmail } from './email.js';

/** The team sizes the group-plan form offers, as the client sends them. */
export const TEAM_SIZES = ['5-10人', '11-20人', '21-50人', '51-100人', '100人以上'] as const;
export type TeamSize = (typeof TEAM_SIZES)[number];

/** The spec's e-mail rule: text, @, text, dot, text. */
export const CONTACT_EMAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Each accepted form mails a person, so its limit is far below the login one; a whole office
 * behind one address still fits.
 */
export const CONTACT_LIMIT = { perIp: 5, windowSeconds: 60 * 60 } as const;

/** What the form answers on success, in both languages. */
export const contactThanks: Record<Locale, string> = {
  'zh-TW': '感謝您的諮詢！我們已收到您的資料，將於 1–2 個工作天內與您聯繫。',
  en: 'Thank you for your inquiry! We have received your details and will get back to you within 1–2 working days.',
};

export interface ContactDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  config: Pick<Config, 'contactEmail'>;
}

export interface ContactInput {
  name: string;
  email: string;
  organization: string;
  teamSize: TeamSize;
  phone?: string | null;
  message: string;
  locale: Locale;
  userId?: string | null;
}

export interface ContactRequest extends Omit<ContactInput, 'phone' | 'userId'> {
  id: string;
  phone: string | null;
  userId: string | null;
  createdAt: string;
}

/**
 * Records a group-plan inquiry and mails it to the operator. When the mail cannot be sent the
 * record is withdrawn and CONTACT_SEND_FAILED tells the visitor to retry, so no inquiry sits
 * unread in a table nobody watches.
 */
export async function submitContactRequest(
  d: ContactDeps,
  input: ContactInput,
): Promise<ContactRequest> {
  const request: ContactRequest = {
    ...input,
    id: randomUUID(),
    phone: input.phone?.trim() || null,
    userId: input.userId ?? null,
    createdAt: d.clock.now().toISOString(),
  };
  await d.db
    .insertInto('contact_requests')
    .values({
      id: request.id,
      name: request.name,
      email: request.email,
      organization: request.organization,
      team_size: request.teamSize,
      phone: request.phone,
      message: request.message,
      locale: request.locale,
      user_id: request.userId,
      created_at: request.createdAt,
    })
    .execute();
  try {
    await d.mailer.send(operatorEmail(d.config.contactEmail, request));
  } catch (err) {
    d.logger.error({ err, contactRequestId: request.id }, 'contact mail could not be sent');
    await d.db.deleteFrom('contact_requests').where('id', '=', request.id).execute();
    throw new AppError('CONTACT_SEND_FAILED', {
      params: { email: d.config.contactEmail },
      cause: err,
    });
  }
  return request;
}
