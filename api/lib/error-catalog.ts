/**
 * Every error code the API can answer with, its HTTP status and its message in both languages.
 * Codes are stable: the web client maps them to its own translations.
 */
export const errorCatalog = {
  VALIDATION_FAILED: {
    status: 400,
    'zh-TW': '輸入的資料有誤，請檢查後再試一次。',
    en: 'Some of the information entered is not valid. Please check and try again.',
  },
  INVALID_JSON: {
    status: 400,
    'zh-TW': '請求格式錯誤。',
    en: 'The request body is not valid JSON.',
  },
  UNAUTHORIZED: {
    status: 401,
    'zh-TW': '登入已過期，請重新登入。',
    en: 'Your session has expired. Please log in again.',
  },
  NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到您要的資源。',
    en: 'The requested resource was not found.',
  },
  RATE_LIMITED: {
    status: 429,
    'zh-TW': '嘗試次數過多，請在 {{minutes}} 分鐘後再試。',
    en: 'Too many attempts. Please try again in {{minutes}} minutes.',
  },
  INTERNAL: {
    status: 500,
    'zh-TW': '伺服器發生錯誤，請稍後再試。',
    en: 'Something went wrong on our side. Please try again later.',
  },
  EMAIL_INVALID: {
    status: 400,
    'zh-TW': '電子郵件格式不正確',
    en: 'Invalid email address',
  },
  PASSWORD_WEAK: {
    status: 400,
    'zh-TW': '密碼至少需 8 個字元，且需同時包含英文字母與數字',
    en: 'Password must be at least 8 characters with both letters and numbers',
  },
  EMAIL_TAKEN: {
    status: 409,
    'zh-TW': '此電子郵件已經註冊，請直接登入或使用忘記密碼。',
    en: 'This email is already registered. Please log in or reset your password.',
  },
  INVALID_CREDENTIALS: {
    status: 401,
    'zh-TW': '電子郵件或密碼錯誤',
    en: 'Incorrect email or password',
  },
  EMAIL_NOT_VERIFIED: {
    status: 403,
    'zh-TW': '您的電子郵件尚未驗證，請先點擊驗證信中的連結，或重新寄送驗證信。',
    en: 'Your email is not verified yet. Please click the link in the verification email, or resend it.',
  },
  VERIFY_TOKEN_INVALID: {
    status: 400,
    'zh-TW': '驗證連結無效或已使用過，請重新寄送驗證信。',
    en: 'This verification link is invalid or has already been used. Please request a new one.',
  },
  VERIFY_TOKEN_EXPIRED: {
    status: 400,
    'zh-TW': '驗證連結已過期，請重新寄送驗證信。',
    en: 'This verification link has expired. Please request a new one.',
  },
  RESET_TOKEN_INVALID: {
    status: 400,
    'zh-TW': '密碼重設連結無效或已失效，請重新申請忘記密碼。',
    en: 'Password reset token is missing or invalid. Please try the forgot password process again.',
  },
  RESET_TOKEN_EXPIRED: {
    status: 400,
    'zh-TW': '密碼重設連結已過期，請重新申請忘記密碼。',
    en: 'This password reset link has expired. Please try the forgot password process again.',
  },
  MAIL_SEND_FAILED: {
    status: 503,
    'zh-TW': '目前無法寄出驗證信，請稍後再註冊一次。',
    en: 'We could not send the verification email right now. Please try registering again later.',
  },
  SOCIAL_NOT_CONFIGURED: {
    status: 501,
    'zh-TW': '此伺服器尚未設定 {{provider}} 登入。',
    en: '{{provider}} sign-in is not configured on this server.',
  },
  SOCIAL_LOGIN_FAILED: {
    status: 400,
    'zh-TW': '{{provider}} 登入失敗，請稍後再試',
    en: '{{provider}} login failed. Please try again later',
  },
  SOCIAL_EMAIL_UNVERIFIED: {
    status: 400,
    'zh-TW': '{{provider}} 帳號的電子郵件尚未驗證，無法用來登入。',
    en: 'The email of this {{provider}} account is not verified, so it cannot be used to sign in.',
  },
  CONTACT_SEND_FAILED: {
    status: 503,
    'zh-TW': '目前無法送出您的諮詢，請稍後再試，或直接來信 {{email}}。',
    en: 'We could not send your inquiry right now. Please try again later, or email us at {{email}}.',
  },
} as const satisfies Record<string, { status: number; 'zh-TW': string; en: string }>;

export type ErrorCode = keyof typeof errorCatalog;
