import type { MailMessage } from '../mail/mailer.js';
import type { ContactRequest } from './service.js';

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The operator's copy of an inquiry: plain text, every field labelled in both languages. */
export function operatorEmail(to: string, r: ContactRequest): MailMessage {
  const rows: Array<[string, string]> = [
    ['姓名 Name', r.name],
    ['電子郵件 Email', r.email],
    ['單位名稱 Organization', r.organization],
    ['團隊人數 Team size', r.teamSize],
    ['聯絡電話 Phone', r.phone ?? '—'],
    ['語言 Language', r.locale],
    ['會員編號 Account', r.userId ?? '—'],
    ['收到時間 Received', r.createdAt],
    ['諮詢編號 Reference', r.id],
  ];
  return {
    to,
    replyTo: r.email,
    subject: oneLine(`Mnemo 團體方案諮詢｜${r.organization}（${r.teamSize}）`),
    text: [
      'Mnemo 收到一筆新的團體方案諮詢。New group plan inquiry.',
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      '諮詢內容 Message:',
      r.message,
    ].join('\n'),
  };
}
