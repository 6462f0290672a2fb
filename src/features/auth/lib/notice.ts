import { ApiError, pickI18n, type I18nText } from '../../../lib/api-client';
import { apiErrorKey, apiErrorParams } from '../../../lib/api-error-text';

/**
 * A message for a banner. It keeps the translation key or the server's per-language texts
 * rather than a resolved string, so it follows a language switch while it is on screen.
 */
export interface Notice {
  tone: 'success' | 'error' | 'info';
  key?: string;
  params?: Record<string, string>;
  i18n?: I18nText;
  text?: string;
}

type Translate = (key: string, params?: Record<string, string>) => string;

const hasText = (i18n?: I18nText) => Boolean(i18n && (i18n['zh-TW'] || i18n.en));

/** Current language, then zh-TW, then en, then the plain text, then the key. */
export function resolveNotice(notice: Notice, t: Translate): string {
  if (hasText(notice.i18n)) return pickI18n(notice.i18n, notice.text ?? '');
  if (notice.text) return notice.text;
  return notice.key ? t(notice.key, notice.params) : '';
}

/**
 * Spec 8 (login, register, reset): the message of the server's error code in the current
 * language — the web's own text for it (STYLE §7) — else the fallback. A failed fetch is a
 * network error.
 */
export function errorNotice(err: unknown, fallbackKey: string): Notice {
  if (err instanceof ApiError) {
    if (!err.code) return { tone: 'error', key: fallbackKey };
    return { tone: 'error', key: apiErrorKey(err), params: apiErrorParams(err) };
  }
  if (err instanceof TypeError) return { tone: 'error', key: 'errors.network' };
  return { tone: 'error', key: fallbackKey };
}

/** A success answer {message, messageI18n} as a notice, with a translated fallback. */
export function successNotice(
  answer: { message?: string; messageI18n?: I18nText },
  fallbackKey: string,
): Notice {
  return { tone: 'success', i18n: answer.messageI18n, text: answer.message, key: fallbackKey };
}
