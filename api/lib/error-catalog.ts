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
  SERVER_BUSY: {
    status: 503,
    'zh-TW': '目前同時登入的人太多，請稍候幾秒再試一次。',
    en: 'Too many sign-ins at this moment. Please try again in a few seconds.',
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
  EMAIL_ALREADY_VERIFIED: {
    status: 409,
    'zh-TW': '您的電子郵件已經驗證過了，請直接登入。',
    en: 'Your email is already verified. Please log in.',
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
  NO_FILES: {
    status: 400,
    'zh-TW': '請至少選擇一個檔案。',
    en: 'Please choose at least one file.',
  },
  UPLOAD_MALFORMED: {
    status: 400,
    'zh-TW': '無法讀取這次上傳的內容，請重新選擇檔案後再試一次。',
    en: 'The upload could not be read. Please choose the files again and retry.',
  },
  TOO_MANY_FILES: {
    status: 400,
    'zh-TW': '最多只能上傳 {{max}} 個檔案',
    en: 'Maximum of {{max}} files can be uploaded',
  },
  FILE_TOO_LARGE: {
    status: 413,
    'zh-TW': '「{{name}}」超過單檔上限 {{limit}}。',
    en: '"{{name}}" is larger than the {{limit}} limit per file.',
  },
  REQUEST_TOO_LARGE: {
    status: 413,
    'zh-TW': '這次上傳的檔案總共超過 {{limit}}，請分批上傳。',
    en: 'These files add up to more than {{limit}}. Please upload them in smaller batches.',
  },
  // Per-learner storage quota (issue 19): counted from the originals kept and while streaming.
  STORAGE_QUOTA_EXCEEDED: {
    status: 413,
    'zh-TW': '儲存空間不足：您已使用 {{used}}，方案上限為 {{limit}}。請刪除不需要的教材後再上傳。',
    en: "Not enough storage: you are using {{used}} of your plan's {{limit}}. Delete materials you no longer need and try again.",
  },
  UPLOAD_RATE_LIMITED: {
    status: 429,
    'zh-TW': '短時間內上傳太多次了，請在 {{minutes}} 分鐘後再試。',
    en: 'You have uploaded many times in a short while. Please try again in {{minutes}} minutes.',
  },
  BODY_TOO_LARGE: {
    status: 413,
    'zh-TW': '送出的資料太大（上限 {{limit}}）。',
    en: 'The request is too large (limit {{limit}}).',
  },
  FILE_EMPTY: {
    status: 400,
    'zh-TW': '「{{name}}」是空白檔案（0 位元組）。',
    en: '"{{name}}" is empty (0 bytes).',
  },
  FILE_TYPE_UNSUPPORTED: {
    status: 415,
    'zh-TW':
      '不支援「{{name}}」的檔案格式。請上傳 PDF、Word、PowerPoint、Excel、CSV、文字檔或圖片。',
    en: 'The format of "{{name}}" is not supported. Please upload PDF, Word, PowerPoint, Excel, CSV, text or image files.',
  },
  FILE_TYPE_MISMATCH: {
    status: 415,
    'zh-TW': '「{{name}}」的副檔名是 .{{ext}}，但內容看起來是 {{actual}} 檔。請確認檔案是否正確。',
    en: '"{{name}}" is named .{{ext}} but its content looks like {{actual}}. Please check the file.',
  },
  FILE_DAMAGED: {
    status: 422,
    'zh-TW': '「{{name}}」已損毀或無法讀取，請重新匯出後再上傳。',
    en: '"{{name}}" is damaged or cannot be read. Please export it again and re-upload.',
  },
  PDF_PASSWORD_PROTECTED: {
    status: 422,
    'zh-TW': '「{{name}}」有開啟密碼保護，請移除密碼後再上傳。',
    en: '"{{name}}" is password-protected. Please remove the password and upload it again.',
  },
  OFFICE_PASSWORD_PROTECTED: {
    status: 422,
    'zh-TW': '「{{name}}」有密碼保護（已加密），請在 Office 中移除密碼後再上傳。',
    en: '"{{name}}" is password-protected (encrypted). Please remove the password in Office and upload it again.',
  },
  ARCHIVE_TOO_LARGE: {
    status: 422,
    'zh-TW': '「{{name}}」解壓縮後過大或內含過多項目，為了安全無法處理。',
    en: '"{{name}}" expands to too much data or too many parts to be processed safely.',
  },
  EXTRACTION_TIMEOUT: {
    status: 422,
    'zh-TW': '「{{name}}」處理時間過長，已停止。請嘗試拆成較小的檔案。',
    en: 'Reading "{{name}}" took too long and was stopped. Please try splitting it into smaller files.',
  },
  EXTRACTION_MEMORY: {
    status: 422,
    'zh-TW': '「{{name}}」太複雜，超出可處理的記憶體上限。請嘗試拆成較小的檔案。',
    en: '"{{name}}" is too complex to process within the memory limit. Please try splitting it into smaller files.',
  },
  EXTRACTION_CANCELLED: {
    status: 499,
    'zh-TW': '上傳已取消。',
    en: 'The upload was cancelled.',
  },
  NO_TEXT_FOUND: {
    status: 422,
    'zh-TW': '在「{{name}}」中找不到可用的文字。',
    en: 'No usable text was found in "{{name}}".',
  },
  OCR_LANGUAGE_MISSING: {
    status: 503,
    'zh-TW':
      '伺服器缺少 {{language}} 的文字辨識資料，無法讀取「{{name}}」這類掃描檔或圖片。請聯絡管理員安裝。',
    en: 'This server lacks the {{language}} text-recognition data needed to read scans or images like "{{name}}". Please ask the administrator to install it.',
  },
  LEGACY_FORMAT_UNAVAILABLE: {
    status: 415,
    'zh-TW': '這台伺服器無法讀取舊版 .{{ext}} 格式的「{{name}}」。請另存為 .{{modern}} 後再上傳。',
    en: 'This server cannot read "{{name}}" in the old .{{ext}} format. Please save it as .{{modern}} and upload again.',
  },
  TITLE_REQUIRED: {
    status: 400,
    'zh-TW': '標題不能是空白。',
    en: 'The title cannot be empty.',
  },
  CONFIRMATION_REQUIRED: {
    status: 409,
    'zh-TW': '此教材已有相關測驗，請輸入確認字詞 DELETE 以刪除。',
    en: 'This material has related quizzes. Please enter the confirmation word DELETE to delete it.',
  },
  GENERATION_FAILED: {
    status: 502,
    'zh-TW': '目前無法產生測驗，請稍後再試一次。',
    en: 'The quiz could not be generated right now. Please try again later.',
  },
  // The object store (S3) did not answer or refused Mnemo's credentials; nothing was saved.
  STORAGE_UNAVAILABLE: {
    status: 503,
    'zh-TW': '檔案儲存服務暫時無法使用，這次的變更沒有儲存。請稍後再試一次。',
    en: 'File storage is unavailable right now, so nothing was saved. Please try again in a moment.',
  },
  GENERATION_CANCELLED: {
    status: 499,
    'zh-TW': '已取消產生測驗。',
    en: 'Quiz generation was cancelled.',
  },
  // 402, not 403: the client signs out on 401/403 (spec §4); this is an upgrade prompt.
  QUOTA_EXCEEDED: {
    status: 402,
    'zh-TW': '您已達到免費測驗產生次數上限，請升級訂閱以無限使用。',
    en: "You've reached the free quiz generation limit. Please upgrade to a subscription for unlimited access.",
  },
  // 402, not 403: the client signs out on 401/403 (spec §4); this is an upgrade prompt.
  PREMIUM_REQUIRED: {
    status: 402,
    'zh-TW': '此功能僅限付費會員使用，請升級您的帳戶。',
    en: 'This feature is only available for premium members. Please upgrade your account.',
  },
  QUESTION_TYPES_UNAVAILABLE: {
    status: 422,
    'zh-TW':
      '這份教材無法寫出你選的題型（選擇題需要同類、確定錯誤的選項）。請加選是非題或簡答題再試一次，這次不會扣除免費次數。',
    en: "Mnemo couldn't write the question types you chose from this material (multiple choice needs wrong options of the same kind that are surely wrong). Add true/false or short answer and try again; this try was not counted.",
  },
  MATERIAL_NO_TEXT: {
    status: 422,
    'zh-TW': '這份教材沒有足夠的文字可以出題，請上傳內容更完整的檔案。',
    en: 'This material does not have enough text to write questions from. Please upload a fuller file.',
  },
  // Issue 17: an exam paper is asked verbatim, scored only against its own answer key.
  EXAM_KEY_MISSING: {
    status: 422,
    'zh-TW':
      '這份考古題還沒有標準答案，無法計分。請把試題和答案檔一起上傳成同一份教材，或選擇「不計分練習」。',
    en: 'This exam paper has no answer key yet, so it cannot be scored. Upload the paper and its answer key together as one material, or choose unscored practice.',
  },
  EXAM_CHOICE_ONLY: {
    status: 422,
    'zh-TW': '這份考古題只有選擇題，請勾選「選擇題」再產生測驗。',
    en: 'This exam paper only has multiple-choice items. Choose "Multiple choice" and try again.',
  },
  GENERATION_IN_PROGRESS: {
    status: 409,
    'zh-TW': '這份測驗已經在產生中。',
    en: 'This quiz is already being generated.',
  },
  // The same Idempotency-Key with a different request (another material): a client bug.
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    'zh-TW': '這個請求編號已用於另一項請求，請重新送出。',
    en: 'This request ID was already used for a different request. Please send it again.',
  },
  REPORT_NOT_FOUND: {
    status: 404,
    'zh-TW': '這份測驗還沒有作答結果。',
    en: 'This quiz has no results yet.',
  },
  NO_ANSWERS: {
    status: 400,
    'zh-TW': '沒有可提交的答案。',
    en: 'There are no answers to submit.',
  },
  ANSWER_QUESTION_ID_MISSING: {
    status: 400,
    'zh-TW': '第 {{position}} 個答案缺少題目 ID。',
    en: 'Answer {{position}} has no question ID.',
  },
  SUBMISSION_CONFLICT: {
    status: 409,
    'zh-TW': '這個提交編號已用於其他測驗。',
    en: 'This submission ID was already used for another quiz.',
  },
  // A review answer's clientReviewId reused for another card: a client bug, nothing applied.
  REVIEW_ID_CONFLICT: {
    status: 409,
    'zh-TW': '這個複習作答編號已用於另一張卡片，這次作答沒有記錄。',
    en: 'This review answer ID was already used for another card, so this answer was not recorded.',
  },
  REVIEW_RATING_STALE: {
    status: 409,
    'zh-TW': '這張卡片之後又複習過了，這次的自評沒有變更。',
    en: 'This card was reviewed again since, so this rating was not changed.',
  },
  UNSUBSCRIBE_TOKEN_INVALID: {
    status: 400,
    'zh-TW': '這個取消訂閱連結無效，設定沒有變更。',
    en: 'This unsubscribe link is not valid, and nothing was changed.',
  },
  PLAN_REQUIRED: {
    status: 400,
    'zh-TW': '請選擇訂閱方案。',
    en: 'Please select a plan.',
  },
  PLAN_NOT_AVAILABLE: {
    status: 400,
    'zh-TW': '這個方案目前無法訂閱。',
    en: 'This plan cannot be subscribed to right now.',
  },
  SUBSCRIPTION_EXISTS: {
    status: 409,
    'zh-TW': '您已有啟用中或處理中的訂閱方案，請先取消現有方案後再訂閱新方案。',
    en: 'You already have an active or processing subscription plan. Please cancel it before subscribing to a new one.',
  },
  NO_SUBSCRIPTION: {
    status: 404,
    'zh-TW': '找不到有效的訂閱。',
    en: 'No active subscription found.',
  },
  BILLING_UNAVAILABLE: {
    status: 502,
    'zh-TW': '目前無法連線到付款服務，請稍後再試。',
    en: 'The payment service cannot be reached right now. Please try again later.',
  },
  WEBHOOK_SIGNATURE_INVALID: {
    status: 400,
    'zh-TW': '無法驗證付款通知的簽章。',
    en: 'The payment notification signature could not be verified.',
  },
  CHECKOUT_EXPIRED: {
    status: 410,
    'zh-TW': '這個結帳頁面已失效，請回到訂閱頁重新開始。',
    en: 'This checkout has expired. Please start again from the subscription page.',
  },
  CARD_INVALID: {
    status: 400,
    'zh-TW': '卡片資料有誤，請檢查卡號、有效期限與安全碼。',
    en: 'The card details are not valid. Please check the number, expiry date and security code.',
  },
  CARD_BRAND_UNSUPPORTED: {
    status: 400,
    'zh-TW': '僅接受 Visa、Mastercard 與 JCB 卡片。',
    en: 'Only Visa, Mastercard and JCB cards are accepted.',
  },
  DEMO_TEST_CARD_REQUIRED: {
    status: 400,
    'zh-TW': '這是示範結帳，不會真的扣款，請使用頁面上列出的測試卡號。',
    en: 'This is a demo checkout and no money moves. Please use one of the test card numbers shown on the page.',
  },
  CARD_DECLINED: {
    status: 402,
    'zh-TW': '您的卡片遭到拒絕，請改用其他卡片。',
    en: 'Your card was declined. Please use a different card.',
  },
} as const satisfies Record<string, { status: number; 'zh-TW': string; en: string }>;

export type ErrorCode = keyof typeof errorCatalog;
