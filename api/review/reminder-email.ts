import type { Locale } from '../lib/errors.js';
import type { MailMessage } from '../mail/mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const copy = {
  'zh-TW': {
    subject: (n: number) => `Mnemo｜今天有 ${n} 張卡片待複習`,
    title: '該複習了！',
    lines: (name: string, n: number) => [
      `${name} 您好：`,
      `您今天有 ${n} 張複習卡片到期。趁現在花幾分鐘複習，能記得更久。`,
    ],
    button: '開始複習',
    footer: '不想再收到每日複習提醒嗎？',
    unsubscribe: '取消訂閱提醒',
  },
  en: {
    subject: (n: number) => `Mnemo: ${n} ${n === 1 ? 'card' : 'cards'} to review today`,
    title: 'Time to review!',
    lines: (name: string, n: number) => [
      `Hi ${name},`,
      `You have ${n} review ${n === 1 ? 'card' : 'cards'} due today. A few minutes now helps you remember for longer.`,
    ],
    button: 'Start reviewing',
    footer: "Don't want daily review reminders?",
    unsubscribe: 'Unsubscribe',
  },
} as const;

/** The daily reminder in the learner's language, with the review and unsubscribe links. */
export function reminderEmail(input: {
  locale: Locale;
  to: string;
  name: string;
  due: number;
  reviewUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  const c = copy[input.locale];
  const lines = c.lines(input.name, input.due);
  const paragraphs = lines.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('');
  const subject = c.subject(input.due);
  const html = `<!doctype html><html lang="${input.locale}"><head><meta charset="utf-8"><title>${escape(subject)}</title></head><body style="font-family:-apple-system,'PingFang TC','Noto Sans TC','Microsoft JhengHei',sans-serif;color:#1f2937;background:#f6f7fb;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px;color:#3730a3">${escape(c.title)}</h1>${paragraphs}
<p style="margin:24px 0"><a href="${escape(input.reviewUrl)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escape(c.button)}</a></p>
<p style="font-size:13px;color:#4b5563;margin-top:24px">${escape(c.footer)} <a href="${escape(input.unsubscribeUrl)}" style="color:#3730a3">${escape(c.unsubscribe)}</a></p></div></body></html>`;
  return {
    to: input.to,
    subject,
    text: [
      c.title,
      '',
      ...lines,
      '',
      `${c.button}: ${input.reviewUrl}`,
      '',
      `${c.footer} ${c.unsubscribe}: ${input.unsubscribeUrl}`,
    ].join('\n'),
    html,
    links: [input.reviewUrl, input.unsubscribeUrl],
    // One-click unsubscribe in the mail client itself (RFC 2369 / RFC 8058).
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
