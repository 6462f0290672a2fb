import { z } from 'zod/mini';
import { downloadFromApi } from '../../../lib/download';
import { quizPath } from './paths';

/** The other tools a quiz can go to (docs/api/review.md "GET /quiz/{quizId}/export"). */
export const QUIZ_EXPORT_FORMATS = ['anki', 'gift', 'csv'] as const;
export const quizExportFormatSchema = z.enum(QUIZ_EXPORT_FORMATS);
export type QuizExportFormat = z.infer<typeof quizExportFormatSchema>;

const FALLBACK_NAMES: Record<QuizExportFormat, string> = {
  anki: 'mnemo-anki.txt',
  gift: 'mnemo-moodle-gift.txt',
  csv: 'mnemo-questions.csv',
};

/**
 * GET /quiz/{quizId}/export?format=anki|gift|csv: the questions with their keys as a file for
 * Anki, Moodle or a spreadsheet (any account; premium files carry explanations and sources),
 * downloaded. Throws ApiError; a TypeError with no network.
 */
export async function exportQuiz(quizId: string, format: QuizExportFormat): Promise<void> {
  const fmt = quizExportFormatSchema.parse(format);
  await downloadFromApi(`${quizPath(quizId)}/export?format=${fmt}`, FALLBACK_NAMES[fmt]);
}
