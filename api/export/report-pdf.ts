import PDFDocument from 'pdfkit';
import { QUESTION_TYPES } from '../quizgen/types.js';
import type { AnswerDetail, QuizReport } from '../scoring/types.js';
import { loadReportFonts } from './fonts.js';
import {
  formatLocation,
  cleanText,
  DEFAULT_TIME_ZONE,
  formatReportDate,
  gradeOf,
  labelsFor,
  resultLabel,
  typeLabel,
  type ExportLocale,
  type ReportLabels,
} from './labels.js';

export interface ReportPdfOptions {
  /** Printed in the footer and stored as the PDF's creation date; now by default. */
  generatedAt?: Date;
  /** IANA zone the dates are shown in; Asia/Taipei by default. */
  timeZone?: string;
}

type Doc = PDFKit.PDFDocument;

const REGULAR = 'NotoSansTC-Regular';
const BOLD = 'NotoSansTC-Bold';
const MARGIN = 56;
const LINE_GAP = 3;

const COLOR = {
  text: '#1f2937',
  muted: '#6b7280',
  rule: '#e5e7eb',
  band: '#f3f4f6',
  accent: '#2563eb',
};
const RESULT_COLOR = {
  correct: { text: '#166534', fill: '#dcfce7' },
  incorrect: { text: '#991b1b', fill: '#fee2e2' },
  unanswered: { text: '#374151', fill: '#e5e7eb' },
};

/** The quiz report as an A4 PDF in Noto Sans TC, with every label in the learner's language. */
export async function renderReportPdf(
  report: QuizReport,
  locale: ExportLocale,
  opts: ReportPdfOptions = {},
): Promise<Buffer> {
  const fonts = await loadReportFonts();
  const l = labelsFor(locale);
  const generatedAt = opts.generatedAt ?? new Date();
  const timeZone = opts.timeZone ?? DEFAULT_TIME_ZONE;
  const title = cleanText(report.quizTitle) || l.untitled;

  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true, // the footer needs the page count, known only at the end
    lang: locale,
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: `${title} — ${l.title}`,
      Author: l.brand,
      Creator: l.brand,
      Subject: l.title,
      CreationDate: generatedAt,
      ModDate: generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);

  const fit = fitterFor(doc);

  drawHeader(doc, report, l, fit(title), locale, timeZone);
  drawTypeTable(doc, report, l);
  drawQuestions(doc, report, l, locale, fit);
  drawFooters(doc, l, formatReportDate(generatedAt, locale, timeZone));

  doc.end();
  return finished;
}

interface GlyphLookup {
  hasGlyphForCodePoint?: (codePoint: number) => boolean;
}

/**
 * Swaps characters Noto Sans TC has no glyph for (subscript digits, ligatures, odd spaces) for
 * their NFKC compatibility form when the font has that, so the page shows "CO2" and not a box.
 * Anything still missing (emoji) is left as it is.
 */
function fitterFor(doc: Doc): (text: string) => string {
  doc.font(REGULAR);
  // pdfkit keeps the fontkit font of the current face on doc._font.font; its types omit it.
  const font = (doc as unknown as { _font?: { font?: GlyphLookup } })._font?.font;
  const lookup = font?.hasGlyphForCodePoint;
  if (!font || !lookup) return (text) => text;
  const has = (ch: string) => lookup.call(font, ch.codePointAt(0) ?? 0);
  const seen = new Map<string, string>();
  return (text) =>
    text.replace(/[^\n]/gu, (ch) => {
      let out = seen.get(ch);
      if (out === undefined) {
        const compat = ch.normalize('NFKC');
        out = has(ch) || compat === ch || ![...compat].every(has) ? ch : compat;
        seen.set(ch, out);
      }
      return out;
    });
}

function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function bottomOf(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

interface LineOptions {
  width: number;
  size: number;
  /** Shrink down to this size before cutting the text; no shrinking by default. */
  minSize?: number;
  align?: 'left' | 'center' | 'right';
}

/**
 * Fits text that must stay on one line in the current font: shrinks it down to minSize, then
 * cuts it with an ellipsis. Leaves the font size set to the size it returns.
 */
function fitLine(doc: Doc, text: string, opts: LineOptions): { text: string; size: number } {
  let size = opts.size;
  doc.fontSize(size);
  while (size > (opts.minSize ?? opts.size) && doc.widthOfString(text) > opts.width) {
    doc.fontSize(--size);
  }
  if (doc.widthOfString(text) <= opts.width) return { text, size };
  const chars = [...text];
  while (chars.length && doc.widthOfString(`${chars.join('')}…`) > opts.width) chars.pop();
  return { text: `${chars.join('')}…`, size };
}

/** Writes one line (a cell, a heading, a footer) that never wraps; returns the size used. */
function oneLine(doc: Doc, text: string, x: number, y: number, opts: LineOptions): number {
  const fitted = fitLine(doc, text, opts);
  // pdfkit wraps whenever a width is given; the text fits now, the slack absorbs rounding.
  doc.text(fitted.text, x, y, { width: opts.width + 1, align: opts.align, lineBreak: false });
  return fitted.size;
}

/** Starts a new page unless `height` more points fit on this one. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottomOf(doc)) doc.addPage();
}

function drawHeader(
  doc: Doc,
  report: QuizReport,
  l: ReportLabels,
  title: string,
  locale: ExportLocale,
  timeZone: string,
): void {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);

  doc.font(BOLD).fontSize(9).fillColor(COLOR.accent);
  doc.text(`${l.brand} · ${l.title}`, x, doc.page.margins.top, { width, characterSpacing: 0.5 });
  doc.moveDown(0.4);
  // At most three lines: a pasted paragraph as a title must not push the summary off the page.
  doc.font(BOLD).fontSize(20).fillColor(COLOR.text);
  const titleLine = doc.currentLineHeight(true) + 2;
  doc.text(title, { width, lineGap: 2, height: titleLine * 3, ellipsis: true });
  doc.moveDown(0.6);

  const cells = [
    {
      label: l.score,
      value: `${report.score}%`,
      sub: l.correctOf(report.correctAnswers, report.totalQuestions),
    },
    { label: l.grade, value: l.grades[gradeOf(report.score)], sub: '' },
    {
      label: l.date,
      value: formatReportDate(report.submittedAt, locale, timeZone, 'date'),
      sub: formatReportDate(report.submittedAt, locale, timeZone, 'time'),
    },
  ];
  const bandHeight = 66;
  const top = doc.y;
  doc.roundedRect(x, top, width, bandHeight, 6).fill(COLOR.band);
  const cellWidth = width / cells.length;
  const pad = 14;
  cells.forEach((cell, i) => {
    const cx = x + i * cellWidth + pad;
    const w = cellWidth - pad * 2;
    doc.font(REGULAR).fillColor(COLOR.muted);
    oneLine(doc, cell.label, cx, top + 10, { width: w, size: 9 });
    doc.font(BOLD).fillColor(COLOR.text);
    // A long grade name ("Needs improvement") shrinks, staying centred on the same line.
    const value = fitLine(doc, cell.value, { width: w, size: 17, minSize: 11 });
    doc.text(value.text, cx, top + 22 + (17 - value.size) * 0.6, {
      width: w + 1,
      lineBreak: false,
    });
    if (cell.sub) {
      doc.font(REGULAR).fillColor(COLOR.muted);
      oneLine(doc, cell.sub, cx, top + 46, { width: w, size: 9 });
    }
  });
  doc.x = x;
  doc.y = top + bandHeight + 18;
}

function drawTypeTable(doc: Doc, report: QuizReport, l: ReportLabels): void {
  const rows = QUESTION_TYPES.flatMap((type) => {
    const stats = report.typeAnalysis[type];
    return stats && stats.total > 0 ? [{ type, ...stats }] : [];
  });
  if (!rows.length) return;

  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  const rowHeight = 22;
  const cols = [
    { at: 0, width: width * 0.5, align: 'left' as const },
    { at: width * 0.5, width: width * 0.25, align: 'right' as const },
    { at: width * 0.75, width: width * 0.25, align: 'right' as const },
  ];
  const drawRow = (cells: string[], top: number, header: boolean) => {
    if (header) doc.rect(x, top, width, rowHeight).fill(COLOR.band);
    doc.font(header ? BOLD : REGULAR).fillColor(header ? COLOR.muted : COLOR.text);
    cells.forEach((text, i) => {
      const col = cols[i]!;
      oneLine(doc, text, x + col.at + 8, top + 5, {
        width: col.width - 16,
        size: 10,
        align: col.align,
      });
    });
    doc
      .moveTo(x, top + rowHeight)
      .lineTo(x + width, top + rowHeight)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
  };

  ensureSpace(doc, 30 + rowHeight * (rows.length + 1));
  sectionHeading(doc, l.byType);
  let top = doc.y;
  drawRow([l.type, l.correctTotal, l.rate], top, true);
  for (const row of rows) {
    top += rowHeight;
    const rate = Math.round((row.correct / row.total) * 100);
    drawRow([l.types[row.type], `${row.correct} / ${row.total}`, `${rate}%`], top, false);
  }
  doc.x = x;
  doc.y = top + rowHeight + 22;
}

function sectionHeading(doc: Doc, text: string): void {
  doc.font(BOLD).fontSize(12).fillColor(COLOR.text);
  doc.text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.4);
}

interface Field {
  label: string;
  value: string;
  muted?: boolean;
}

function fieldsOf(
  detail: AnswerDetail,
  l: ReportLabels,
  locale: ExportLocale,
  fit: (text: string) => string,
): Field[] {
  const userAnswer = cleanText(detail.userAnswer);
  const fields: Field[] = [
    detail.answered && userAnswer
      ? { label: l.yourAnswer, value: userAnswer }
      : { label: l.yourAnswer, value: l.unanswered, muted: true },
    { label: l.correctAnswer, value: cleanText(detail.correctAnswer) },
  ];
  const explanation = cleanText(detail.explanation ?? '');
  if (explanation) fields.push({ label: l.explanation, value: explanation });
  if (detail.citation) {
    const where = formatLocation(detail.citation.location, locale);
    fields.push({ label: l.source, value: l.cite(where, cleanText(detail.citation.quote)) });
  }
  const concepts = (detail.relatedConcepts ?? []).map(cleanText).filter(Boolean);
  if (concepts.length)
    fields.push({ label: l.relatedConcepts, value: concepts.join(l.listSeparator) });
  return fields.map((field) => ({ ...field, value: fit(field.value) }));
}

function drawQuestions(
  doc: Doc,
  report: QuizReport,
  l: ReportLabels,
  locale: ExportLocale,
  fit: (text: string) => string,
): void {
  if (!report.answersDetail.length) return;
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  const headHeight = 20;

  ensureSpace(doc, 120);
  sectionHeading(doc, l.questions);

  report.answersDetail.forEach((detail, i) => {
    const question = fit(cleanText(detail.question));
    const fields = fieldsOf(detail, l, locale, fit);

    doc.font(REGULAR).fontSize(11);
    const questionHeight = doc.heightOfString(question, { width, lineGap: LINE_GAP });
    doc.fontSize(10);
    const fieldHeights = fields.map(
      (f) =>
        doc.heightOfString(`${f.label}${l.labelSeparator}${f.value}`, {
          width,
          lineGap: LINE_GAP,
        }) + 3,
    );
    const blockHeight =
      headHeight + questionHeight + 6 + fieldHeights.reduce((a, b) => a + b, 0) + 14;
    const pageHeight = bottomOf(doc) - doc.page.margins.top;
    // Keep a question on one page when it fits on one; otherwise at least its head and stem start together.
    ensureSpace(
      doc,
      blockHeight <= pageHeight ? blockHeight : headHeight + Math.min(questionHeight, 60),
    );

    const top = doc.y;
    const result = detail.isCorrect ? 'correct' : detail.answered ? 'incorrect' : 'unanswered';
    const tag = resultLabel(detail, locale);
    doc.font(BOLD).fontSize(9);
    const tagWidth = doc.widthOfString(tag) + 14;
    doc.roundedRect(x + width - tagWidth, top, tagWidth, 16, 8).fill(RESULT_COLOR[result].fill);
    doc.fillColor(RESULT_COLOR[result].text).text(tag, x + width - tagWidth, top + 3, {
      width: tagWidth,
      align: 'center',
      lineBreak: false,
    });

    doc.font(BOLD).fillColor(COLOR.text);
    oneLine(doc, `${l.questionNo(i + 1)} · ${typeLabel(l, detail)}`, x, top + 1, {
      width: width - tagWidth - 10,
      size: 11,
    });
    doc.x = x;
    doc.y = top + headHeight;

    doc.font(REGULAR).fontSize(11).fillColor(COLOR.text);
    doc.text(question, x, doc.y, { width, lineGap: LINE_GAP });
    doc.moveDown(0.3);

    for (const field of fields) {
      doc.font(BOLD).fontSize(10).fillColor(COLOR.muted);
      doc.text(`${field.label}${l.labelSeparator}`, x, doc.y, {
        width,
        lineGap: LINE_GAP,
        continued: true,
      });
      doc.font(REGULAR).fillColor(field.muted ? COLOR.muted : COLOR.text);
      doc.text(field.value, { width, lineGap: LINE_GAP });
      doc.y += 3;
    }

    doc.y += 5;
    if (doc.y + 1 < bottomOf(doc)) {
      doc
        .moveTo(x, doc.y)
        .lineTo(x + width, doc.y)
        .lineWidth(0.5)
        .strokeColor(COLOR.rule)
        .stroke();
    }
    doc.y += 9;
  });
}

function drawFooters(doc: Doc, l: ReportLabels, generated: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would otherwise make pdfkit open a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const x = doc.page.margins.left;
    const width = contentWidth(doc);
    const y = doc.page.height - bottom + 20;
    doc.font(REGULAR).fillColor(COLOR.muted);
    const left = generated ? `${l.brand} · ${l.generatedAt} ${generated}` : l.brand;
    oneLine(doc, left, x, y, { width: width * 0.6, size: 8 });
    oneLine(doc, l.pageOf(i - range.start + 1, range.count), x + width * 0.6, y, {
      width: width * 0.4,
      size: 8,
      align: 'right',
    });
    doc.page.margins.bottom = bottom;
  }
}
