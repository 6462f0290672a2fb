import { z } from 'zod/mini';
import i18n from '../../../i18n';
import { apiErrorFrom, reportUnauthorized } from '../../../lib/api-client';
import { getCookie } from '../../../lib/cookies';
import { TOKEN_COOKIE } from '../../../config/constants';
import { quizPath } from './get-quiz';

export const EXPORT_FORMATS = ['pdf', 'csv'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** The file name from Content-Disposition (filename* first), else a plain fallback. */
function fileNameOf(header: string | null, fallback: string): string {
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
 * GET /quiz/{quizId}/report/export?format=pdf|csv (premium only: ApiError 402
 * PREMIUM_REQUIRED). The API wants the bearer token, which a plain link cannot send, so the
 * bytes are fetched and handed to the browser as a download.
 */
export async function exportReport(quizId: string, format: ExportFormat): Promise<void> {
  const fmt = exportFormatSchema.parse(format);
  const token = getCookie(TOKEN_COOKIE);
  const headers: Record<string, string> = {
    'Accept-Language': i18n.resolvedLanguage ?? 'zh-TW',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${quizPath(quizId)}/report/export?format=${fmt}`, { headers });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => ({}));
    if (res.status === 401 && token) reportUnauthorized();
    throw apiErrorFrom(res.status, res.statusText, (body ?? {}) as Record<string, unknown>);
  }
  const name = fileNameOf(res.headers.get('content-disposition'), `quiz-report.${fmt}`);
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
