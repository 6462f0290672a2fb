import { z } from 'zod/mini';
import i18n from '../../../i18n';
import { apiErrorFrom, reportUnauthorized } from '../../../lib/api-client';
import { getCookie } from '../../../lib/cookies';
import { TOKEN_COOKIE } from '../../../config/constants';
import { quizPath } from './get-quiz';

/** The other tools a quiz can go to (docs/api/review.md "GET /quiz/{quizId}/export"). */
export const QUIZ_EXPORT_FORMATS = ['anki', 'gift', 'csv'] as const;
export const quizExportFormatSchema = z.enum(QUIZ_EXPORT_FORMATS);
export type QuizExportFormat = z.infer<typeof quizExportFormatSchema>;

const FALLBACK_NAMES: Record<QuizExportFormat, string> = {
  anki: 'mnemo-anki.txt',
  gift: 'mnemo-moodle-gift.txt',
  csv: 'mnemo-questions.csv',
};

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
 * GET /quiz/{quizId}/export?format=anki|gift|csv: the questions with their keys as a file for
 * Anki, Moodle or a spreadsheet (any account; premium files carry explanations and sources).
 * The API wants the bearer token, which a plain link cannot send, so the bytes are fetched and
 * handed to the browser as a download. Throws ApiError; a TypeError with no network.
 */
export async function exportQuiz(quizId: string, format: QuizExportFormat): Promise<void> {
  const fmt = quizExportFormatSchema.parse(format);
  const token = getCookie(TOKEN_COOKIE);
  const headers: Record<string, string> = {
    'Accept-Language': i18n.resolvedLanguage ?? 'zh-TW',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${quizPath(quizId)}/export?format=${fmt}`, { headers });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => ({}));
    if (res.status === 401 && token) reportUnauthorized();
    throw apiErrorFrom(res.status, res.statusText, (body ?? {}) as Record<string, unknown>);
  }
  const name = fileNameOf(res.headers.get('content-disposition'), FALLBACK_NAMES[fmt]);
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
