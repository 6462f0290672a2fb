import i18n from '../i18n';
import { getCookie } from './cookies';
import { TOKEN_COOKIE } from '../config/constants';
import { apiErrorText, type ErrorParams } from './api-error-text';

export type I18nText = Partial<Record<'zh-TW' | 'en', string>>;

/**
 * A non-OK answer: status, the server's stable code and its params, and the raw body. Its
 * message is the web's own text for the code in the current language (api-error-text.ts).
 */
export class ApiError extends Error {
  readonly params: ErrorParams;
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly data: Record<string, unknown> = {},
    params: ErrorParams = {},
  ) {
    super(apiErrorText({ status, code, params }));
    this.name = 'ApiError';
    this.params = params;
  }
}

/** Picks the current language, then zh-TW, then en, from a per-language object. */
export function pickI18n(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const v = value as I18nText;
    const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'zh-TW';
    return v[lang] ?? v['zh-TW'] ?? v.en ?? fallback;
  }
  return fallback;
}

/** Listeners for 401/403 answers (the auth store clears the session). */
const unauthorizedListeners = new Set<() => void>();
export const onUnauthorized = (fn: () => void) => {
  unauthorizedListeners.add(fn);
  return () => unauthorizedListeners.delete(fn);
};

/** Tells the auth store the session is gone (for requests made outside api(), e.g. XHR uploads). */
export const reportUnauthorized = () => unauthorizedListeners.forEach((fn) => fn());

const isParams = (v: unknown): v is ErrorParams =>
  !!v &&
  typeof v === 'object' &&
  Object.values(v).every((x) => typeof x === 'string' || typeof x === 'number');

/** The ApiError of a non-OK answer: its code and params (the body of docs/decisions/0042). */
export function apiErrorFrom(status: number, body: Record<string, unknown>): ApiError {
  return new ApiError(
    status,
    typeof body.code === 'string' ? body.code : undefined,
    body,
    isParams(body.params) ? body.params : {},
  );
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the 401/403 session clearing (login form errors are not a lost session). */
  anonymous?: boolean;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Calls the Mnemo API with the bearer token and language; throws ApiError for non-OK answers. */
export async function api<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.resolvedLanguage ?? 'zh-TW',
    ...opts.headers,
  };
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  if (opts.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const token = getCookie(TOKEN_COOKIE);
  if (token) headers.Authorization = `Bearer ${token}`;

  const res = await fetch(path, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body:
      opts.body === undefined
        ? undefined
        : isForm
          ? (opts.body as FormData)
          : JSON.stringify(opts.body),
    signal: opts.signal,
  });

  const isJson = res.headers.get('content-type')?.includes('application/json');
  const data = isJson ? ((await res.json()) as Record<string, unknown>) : await res.text();

  if (!res.ok) {
    const body = (typeof data === 'object' ? data : { message: data }) as Record<string, unknown>;
    if ((res.status === 401 || res.status === 403) && !opts.anonymous && token) {
      reportUnauthorized();
    }
    throw apiErrorFrom(res.status, body);
  }
  if (data && typeof data === 'object' && 'messageI18n' in data) {
    return { ...data, message: pickI18n((data as Record<string, unknown>).messageI18n) } as T;
  }
  return data as T;
}
