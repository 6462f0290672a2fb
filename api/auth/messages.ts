import { messageFields, type Locale } from '../lib/errors.js';

/** Success messages the auth calls answer with, in both languages. */
export const authMessages = {
  registered: {
    'zh-TW': '註冊成功！我們已寄出驗證信，請到信箱點擊連結完成驗證。',
    en: 'Registration successful! We sent you a verification email — click its link to finish.',
  },
  verificationSent: {
    'zh-TW': '如果這個電子郵件已註冊且尚未驗證，我們已重新寄出驗證信。',
    en: 'If this email is registered and not yet verified, we have sent a new verification email.',
  },
  resetSent: {
    'zh-TW': '如果這個電子郵件已註冊，我們已寄出重設密碼的連結，請到信箱查看。',
    en: 'If this email is registered, we have sent a password reset link. Please check your inbox.',
  },
  resetDone: {
    'zh-TW': '您的密碼已重設成功，請使用新密碼登入。',
    en: 'Your password has been reset successfully. Please login with your new password.',
  },
  verified: {
    'zh-TW': '電子郵件驗證成功，請登入。',
    en: 'Your email has been verified. Please log in.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export function successBody(key: keyof typeof authMessages, locale: Locale, extra: object = {}) {
  return { success: true, ...messageFields(authMessages[key], locale), ...extra };
}
