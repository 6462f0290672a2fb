import type { Locale } from '../lib/errors.js';
import type { MailMessage } from '../mail/mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function layout(
  title: string,
  paragraphs: string[],
  button: { label: string; href: string },
  footer: string,
) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:-apple-system,'PingFang TC','Noto Sans TC','Microsoft JhengHei',sans-serif;color:#1f2937;background:#f6f7fb;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px;color:#3730a3">${escape(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escape(button.href)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escape(button.label)}</a></p>
<p style="font-size:13px;color:#6b7280;word-break:break-all">${escape(button.href)}</p>
<p style="font-size:13px;color:#6b7280;margin-top:24px">${escape(footer)}</p></div></body></html>`;
}

const copy = {
  verify: {
    'zh-TW': {
      subject: 'Mnemo｜請驗證您的電子郵件',
      title: '歡迎加入 Mnemo！',
      lines: (name: string) => [
        `${name} 您好：`,
        '請點擊下方按鈕完成電子郵件驗證，驗證後即可登入開始學習。此連結 24 小時內有效，且只能使用一次。',
      ],
      button: '驗證電子郵件',
      footer: '如果您沒有註冊 Mnemo，請忽略這封信。',
    },
    en: {
      subject: 'Mnemo: please verify your email',
      title: 'Welcome to Mnemo!',
      lines: (name: string) => [
        `Hi ${name},`,
        'Click the button below to verify your email, then log in and start studying. The link works once and expires in 24 hours.',
      ],
      button: 'Verify email',
      footer: "If you didn't sign up for Mnemo, you can ignore this email.",
    },
  },
  reset: {
    'zh-TW': {
      subject: 'Mnemo｜重設您的密碼',
      title: '重設密碼',
      lines: (name: string) => [
        `${name} 您好：`,
        '我們收到了重設您 Mnemo 密碼的要求。請點擊下方按鈕設定新密碼。此連結 1 小時內有效，且只能使用一次。',
      ],
      button: '重設密碼',
      footer: '如果您沒有提出這個要求，請忽略這封信，您的密碼不會改變。',
    },
    en: {
      subject: 'Mnemo: reset your password',
      title: 'Reset your password',
      lines: (name: string) => [
        `Hi ${name},`,
        'We received a request to reset your Mnemo password. Click the button below to choose a new one. The link works once and expires in 1 hour.',
      ],
      button: 'Reset password',
      footer: "If you didn't ask for this, ignore this email and your password stays the same.",
    },
  },
} as const;

/** The verification or reset e-mail in the learner's language. */
export function authEmail(
  kind: 'verify' | 'reset',
  locale: Locale,
  to: string,
  name: string,
  link: string,
): MailMessage {
  const c = copy[kind][locale];
  const lines = c.lines(name);
  return {
    to,
    subject: c.subject,
    text: [c.title, '', ...lines, '', `${c.button}: ${link}`, '', c.footer].join('\n'),
    html: layout(c.title, lines, { label: c.button, href: link }, c.footer),
    links: [link],
  };
}

const alertCopy = {
  'zh-TW': {
    subject: 'Mnemo｜您的帳號有多次登入失敗',
    title: '有人多次嘗試登入您的帳號',
    lines: (name: string, failures: number) => [
      `${name} 您好：`,
      `最近有人以錯誤的密碼嘗試登入您的 Mnemo 帳號 ${failures} 次。您在常用的網路下仍可照常登入。`,
      '如果這不是您本人，建議您前往登入頁面，使用「忘記密碼」設定一組新的密碼。',
    ],
    button: '前往登入頁面',
    footer: '如果是您自己忘了密碼，可以忽略這封信。',
  },
  en: {
    subject: 'Mnemo: failed sign-ins to your account',
    title: 'Someone tried to sign in to your account',
    lines: (name: string, failures: number) => [
      `Hi ${name},`,
      `Someone recently tried to sign in to your Mnemo account with a wrong password ${failures} times. You can still sign in as usual from your own network.`,
      "If this wasn't you, go to the sign-in page and use “Forgot password” to choose a new password.",
    ],
    button: 'Go to sign-in',
    footer: 'If it was you and you forgot your password, you can ignore this email.',
  },
} as const;

/** Tells the owner of an account about repeated failed sign-ins (issue 19). */
export function loginAlertEmail(
  locale: Locale,
  to: string,
  name: string,
  failures: number,
  link: string,
): MailMessage {
  const c = alertCopy[locale] ?? alertCopy['zh-TW'];
  const lines = c.lines(name, failures);
  return {
    to,
    subject: c.subject,
    text: [c.title, '', ...lines, '', `${c.button}: ${link}`, '', c.footer].join('\n'),
    html: layout(c.title, lines, { label: c.button, href: link }, c.footer),
    links: [link],
  };
}

const existsCopy = {
  'zh-TW': {
    subject: 'Mnemo｜您已經有帳號了',
    title: '您已經有 Mnemo 帳號',
    lines: (name: string) => [
      `${name} 您好：`,
      '剛剛有人用這個電子郵件註冊 Mnemo，但這個電子郵件已經有帳號了，所以沒有建立新的帳號。',
      '請直接登入；如果忘了密碼，可以在登入頁面使用「忘記密碼」設定新的密碼。',
    ],
    button: '前往登入頁面',
    footer: '如果不是您本人註冊的，請忽略這封信，您的帳號不會有任何變更。',
  },
  en: {
    subject: 'Mnemo: you already have an account',
    title: 'You already have a Mnemo account',
    lines: (name: string) => [
      `Hi ${name},`,
      'Someone just signed up for Mnemo with this email, but it already has an account, so no new account was made.',
      'Please sign in instead; if you forgot your password, use “Forgot password” on the sign-in page.',
    ],
    button: 'Go to sign-in',
    footer: "If this wasn't you, ignore this email; nothing about your account changed.",
  },
} as const;

/**
 * To the owner of an address someone tried to register again (issue 19): the sign-up answers
 * as for a new address, so only the owner learns that the account exists.
 */
export function accountExistsEmail(
  locale: Locale,
  to: string,
  name: string,
  link: string,
): MailMessage {
  const c = existsCopy[locale] ?? existsCopy['zh-TW'];
  const lines = c.lines(name);
  return {
    to,
    subject: c.subject,
    text: [c.title, '', ...lines, '', `${c.button}: ${link}`, '', c.footer].join('\n'),
    html: layout(c.title, lines, { label: c.button, href: link }, c.footer),
    links: [link],
  };
}
