import Papa from 'papaparse';
import type { AnswerDetail, QuizReport } from '../scoring/types.js';
import {
  cleanText,
  formatLocation,
  labelsFor,
  typeLabel,
  resultLabel,
  type ExportLocale,
  type ReportLabels,
} from './labels.js';

/** Excel reads a CSV as the local ANSI code page unless it starts with a UTF-8 byte order mark. */
const BOM = '\uFEFF';

// Excel (and LibreOffice, Google Sheets) run a cell starting with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell that a spreadsheet would run as a formula, made inert with a leading apostrophe
 * (OWASP "CSV injection"); papaparse's own escapeFormulae misses cells that span lines.
 */
export function neutralizeFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

function sourceOf(detail: AnswerDetail, l: ReportLabels, locale: ExportLocale): string {
  if (!detail.citation) return '';
  const where = formatLocation(detail.citation.location, locale);
  return l.cite(where, cleanText(detail.citation.quote));
}

/**
 * The quiz report as CSV for Excel: UTF-8 with a BOM, CRLF, one localized header row and one
 * row per question; premium columns are empty for a free report.
 */
export function renderReportCsv(report: QuizReport, locale: ExportLocale): string {
  const l = labelsFor(locale);
  const fields = [
    l.number,
    l.type,
    l.question,
    l.yourAnswer,
    l.correctAnswer,
    l.result,
    l.explanation,
    l.source,
    l.relatedConcepts,
  ];
  const data = report.answersDetail.map((detail, i) => [
    String(i + 1),
    typeLabel(l, detail),
    cleanText(detail.question),
    detail.answered ? cleanText(detail.userAnswer) : '',
    cleanText(detail.correctAnswer),
    resultLabel(detail, locale),
    cleanText(detail.explanation ?? ''),
    sourceOf(detail, l, locale),
    (detail.relatedConcepts ?? []).map(cleanText).filter(Boolean).join(l.listSeparator),
  ]);
  const csv = Papa.unparse(
    { fields: fields.map(neutralizeFormula), data: data.map((row) => row.map(neutralizeFormula)) },
    { newline: '\r\n', quotes: false, header: true },
  );
  // papaparse ends the last row without a line break; spreadsheets and `wc -l` expect one.
  return `${BOM}${csv}\r\n`;
}
