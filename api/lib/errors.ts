import { errorCatalog, type ErrorCode } from './error-catalog.js';

export type Locale = 'zh-TW' | 'en';
export const LOCALES: readonly Locale[] = ['zh-TW', 'en'];
export type { ErrorCode };

/** The one error type of the API: a stable code, an HTTP status and optional details. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;
  readonly params: Record<string, string | number>;

  constructor(
    code: ErrorCode,
    opts: {
      details?: Record<string, unknown>;
      params?: Record<string, string | number>;
      cause?: unknown;
    } = {},
  ) {
    super(errorCatalog[code].en, { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = errorCatalog[code].status;
    this.details = opts.details;
    this.params = opts.params ?? {};
  }

  /** The message in every supported language, with params filled in. */
  messages(): Record<Locale, string> {
    const entry = errorCatalog[this.code];
    return { 'zh-TW': fill(entry['zh-TW'], this.params), en: fill(entry.en, this.params) };
  }
}

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? ''));
}

/** Picks zh-TW or en from an Accept-Language header: any zh* is zh-TW, anything else en. */
export function localeFrom(header: string | undefined | null): Locale {
  if (!header) return 'zh-TW';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  if (!first || first === '*') return 'zh-TW';
  return first.startsWith('zh') ? 'zh-TW' : 'en';
}

export function normalizeLocale(value: string | undefined | null): Locale {
  return value && value.toLowerCase().startsWith('zh') ? 'zh-TW' : value ? 'en' : 'zh-TW';
}

export const notFound = () => new AppError('NOT_FOUND');

/**
 * A message in the API's one answer shape (docs/decisions/0042): `message` in the request's
 * language for any HTTP client, `messageI18n` in both for the spec's client, which shows the
 * learner's language. Success answers that carry a message use it too.
 */
export function messageFields(messages: Record<Locale, string>, locale: Locale) {
  return { message: messages[locale], messageI18n: messages };
}

/**
 * The one error shape: `success: false`, the stable `code` (the web shows its own text for it),
 * the message once per language, the `params` filled into it (the web fills its own text with
 * them), the `requestId` to quote, and the code's details (e.g. `requiresConfirmation`).
 */
export function errorBody(err: AppError, locale: Locale, requestId?: string) {
  const hasParams = Object.keys(err.params).length > 0;
  return {
    success: false as const,
    code: err.code,
    ...messageFields(err.messages(), locale),
    ...(hasParams ? { params: err.params } : {}),
    requestId,
    ...(err.details ?? {}),
  };
}
