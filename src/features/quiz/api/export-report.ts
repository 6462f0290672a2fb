import { z } from 'zod/mini';
import { downloadFromApi } from '../../../lib/download';
import { quizPath } from './paths';

export const EXPORT_FORMATS = ['pdf', 'csv'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/**
 * GET /quiz/{quizId}/report/export?format=pdf|csv (premium only: ApiError 402
 * PREMIUM_REQUIRED), downloaded. Throws ApiError; a TypeError with no network.
 */
export async function exportReport(quizId: string, format: ExportFormat): Promise<void> {
  const fmt = exportFormatSchema.parse(format);
  // Dates in the file as the app shows them: in the learner's own time zone.
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const query = `format=${fmt}${tz ? `&tz=${encodeURIComponent(tz)}` : ''}`;
  await downloadFromApi(`${quizPath(quizId)}/report/export?${query}`, `quiz-report.${fmt}`);
}
