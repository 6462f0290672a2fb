import type { QuizReport } from '../scoring/types.js';
import { DEFAULT_TIME_ZONE, isoDay, labelsFor, type ExportLocale } from './labels.js';
import { slugOf } from './slug.js';

export { renderReportPdf, type ReportPdfOptions } from './report-pdf.js';
export { renderReportCsv, neutralizeFormula } from './report-csv.js';
export { loadReportFonts, reportFontPaths, type ReportFonts } from './fonts.js';
export {
  DEFAULT_TIME_ZONE,
  formatLocation,
  formatReportDate,
  gradeOf,
  labelsFor,
  resultLabel,
  type ExportLocale,
  type Grade,
  type ReportLabels,
} from './labels.js';

export type ExportFormat = 'pdf' | 'csv';

/** Content-Type of each export format (CSV declares UTF-8; the file also starts with a BOM). */
export const EXPORT_MIME: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

/**
 * The download name of an exported report, e.g. `mnemo-report-光合作用-2026-03-09.pdf`: safe on
 * every OS; pass it to contentDisposition() (api/materials/file-types.ts) in the route.
 */
export function exportFileName(
  report: Pick<QuizReport, 'quizTitle' | 'submittedAt'>,
  format: ExportFormat,
  locale: ExportLocale,
  opts: { timeZone?: string } = {},
): string {
  const slug = slugOf(report.quizTitle) || labelsFor(locale).fileNameFallback;
  const day = isoDay(report.submittedAt, opts.timeZone ?? DEFAULT_TIME_ZONE);
  return ['mnemo-report', slug, day].filter(Boolean).join('-') + `.${format}`;
}
