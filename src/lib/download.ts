import i18n from '../i18n';
import { apiErrorFrom, reportUnauthorized } from './api-client';
import { getCookie } from './cookies';
import { TOKEN_COOKIE } from '../config/constants';

/** The file name from Content-Disposition (filename* first, UTF-8), else a plain fallback. */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Downloads a file the API serves only with the bearer token, which a plain link cannot send:
 * the bytes are fetched and handed to the browser as a download, named by the answer's
 * Content-Disposition (else `fallbackName`). Throws ApiError; a TypeError with no network.
 */
export async function downloadFromApi(path: string, fallbackName: string): Promise<void> {
  const token = getCookie(TOKEN_COOKIE);
  const headers: Record<string, string> = {
    'Accept-Language': i18n.resolvedLanguage ?? 'zh-TW',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, { headers });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => ({}));
    if (res.status === 401 && token) reportUnauthorized();
    throw apiErrorFrom(res.status, (body ?? {}) as Record<string, unknown>);
  }
  const name = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
