import Papa from 'papaparse';
import { cleanText, labelsFor, typeLabel, type ExportLocale } from './labels.js';
import {
  citationLine,
  optionLetter,
  type ExportQuestion,
  type QuizExport,
} from './quiz-questions.js';
import { neutralizeFormula } from './report-csv.js';

const BOM = '\uFEFF';

const OPTIONS_LABEL: Record<ExportLocale, string> = { 'zh-TW': '選項', en: 'Options' };

function optionsText(q: ExportQuestion): string {
  if (q.type === 'multiple_choice' && q.options) {
    return q.options.map((o, i) => `${optionLetter(i)}. ${cleanText(o.text)}`).join('\n');
  }
  if (q.type === 'true_false' && q.options) {
    return q.options.map((o) => cleanText(o.text)).join(' / ');
  }
  if (q.type === 'dropdown_fill_in_blank' && q.blanks) {
    return q.blanks
      .map((b, i) => `(${i + 1}) ${b.options.map((o) => cleanText(o.text)).join(' / ')}`)
      .join('\n');
  }
  return '';
}

function answerText(q: ExportQuestion, locale: ExportLocale): string {
  if (q.type === 'short_answer' && q.acceptedAnswers?.length) {
    const all = [...new Set(q.acceptedAnswers.map(cleanText).filter(Boolean))];
    return all.join(labelsFor(locale).listSeparator);
  }
  return cleanText(q.correctAnswer);
}

/**
 * The quiz's questions as CSV for spreadsheets: UTF-8 with a BOM, CRLF, a header row in the
 * reader's language (`locale`), formula-guarded cells. Explanation, source and concepts are
 * filled for premium only (empty columns otherwise, so both files have the same shape).
 */
export function renderQuizCsv(quiz: QuizExport, locale: ExportLocale): string {
  const l = labelsFor(locale);
  const fields = [
    l.number,
    l.type,
    l.question,
    OPTIONS_LABEL[locale],
    l.correctAnswer,
    l.explanation,
    l.source,
    l.relatedConcepts,
  ];
  const data = quiz.questions.map((q) => [
    String(q.number),
    typeLabel(l, q),
    cleanText(q.question),
    optionsText(q),
    answerText(q, quiz.locale),
    cleanText(q.explanation ?? ''),
    cleanText(citationLine(q, quiz.locale)),
    (q.relatedConcepts ?? []).map(cleanText).filter(Boolean).join(l.listSeparator),
  ]);
  const csv = Papa.unparse(
    { fields: fields.map(neutralizeFormula), data: data.map((row) => row.map(neutralizeFormula)) },
    { newline: '\r\n', quotes: false, header: true },
  );
  return `${BOM}${csv}\r\n`;
}
