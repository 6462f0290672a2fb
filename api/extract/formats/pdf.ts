import { readFileSync } from 'node:fs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { AppError } from '../../lib/errors.js';
import { detectLanguage } from '../language.js';
import { CHINESE_LABEL } from '../ocr/languages.js';
import { looksLikeUnreadScript } from '../ocr/text.js';
import type { OcrOutcome } from '../pdf/ocr-pages.js';
import { openPdf, toAppError, type OpenOptions } from '../pdf/open-document.js';
import { readPages } from '../pdf/read-pages.js';
import { layoutPages, type PageParagraphs } from '../pdf/text-layer.js';
import type { ExtractJob, FileExtraction } from '../types.js';

/** Scanned pages OCR'd per file at most; the rest is reported as TRUNCATED. */
export const MAX_OCR_PAGES = 50;
/** Share of the file's time limit OCR may use, leaving room to finish and reply. */
const OCR_TIME_SHARE = 0.8;

/**
 * PDF: the text layer in reading order, one block per paragraph with its 1-based page; pages
 * that are pictures only are rendered and OCR'd (warning OCR_USED).
 */
export async function extractPdf(job: ExtractJob): Promise<FileExtraction> {
  const started = Date.now();
  try {
    const layer = await withPdf(job.path, {}, readPages);
    if (layer.pages.length === 0 && layer.scanned.length === 0 && layer.unreadable > 0) {
      throw new AppError('FILE_DAMAGED');
    }
    const textPages = layoutPages(layer.pages);
    const warnings: FileExtraction['warnings'] = [];
    let unreadable = layer.unreadable;
    let ocrPagesOut: PageParagraphs[] = [];
    if (layer.scanned.length > 0) {
      // Loaded only for scans: text PDFs do not pay for starting tesseract.
      const { ocrPages } = await import('../pdf/ocr-pages.js');
      // Drawing pages needs the standard fonts that reading text leaves out (open-document.ts);
      // the text document is closed by now, so the file is held once.
      const ocr = await withPdf(job.path, { forRendering: true }, (doc) =>
        ocrPages(doc, layer.scanned, {
          tessdataDir: job.limits.tessdataDir,
          maxPages: MAX_OCR_PAGES,
          deadline: started + OCR_TIME_SHARE * job.limits.timeoutMs,
        }),
      );
      ocrPagesOut = acceptOcr(ocr, textPages, warnings);
      unreadable += ocr.failed;
    }
    if (unreadable > 0) warnings.push({ code: 'PAGES_UNREADABLE', params: { pages: unreadable } });
    const blocks = [...textPages, ...ocrPagesOut]
      .sort((a, b) => a.page - b.page)
      .flatMap(({ page, paragraphs }) =>
        paragraphs.map((text) => ({ text, location: { kind: 'page' as const, page } })),
      );
    return { blocks, warnings };
  } catch (err) {
    throw toAppError(err);
  }
}

/** Opens the file with pdf.js, runs `use` on the document and closes it whatever happens. */
async function withPdf<T>(
  file: string,
  options: OpenOptions,
  use: (doc: PDFDocumentProxy) => Promise<T>,
): Promise<T> {
  // Read synchronously: on an extraction worker, an asynchronous read only adds a round trip.
  const { doc, close } = await openPdf(new Uint8Array(readFileSync(file)), options);
  try {
    return await use(doc);
  } finally {
    await close();
  }
}

/**
 * Keeps the OCR result and adds its warnings, unless it was English-only OCR of what looks
 * like a Chinese document: then it is noise, and the learner is told Chinese OCR is missing.
 */
function acceptOcr(
  ocr: OcrOutcome,
  textPages: PageParagraphs[],
  warnings: FileExtraction['warnings'],
): PageParagraphs[] {
  if (ocr.skipped > 0) {
    warnings.push({ code: 'TRUNCATED', params: { pages: ocr.skipped, limit: MAX_OCR_PAGES } });
  }
  if (ocr.done === 0) return [];
  if (!ocr.languages.includes('chi_tra')) {
    const textLayer = textPages.flatMap((p) => p.paragraphs).join('\n');
    const chinese = looksLikeUnreadScript(ocr.stats) || detectLanguage(textLayer) === 'zh-TW';
    if (chinese) {
      if (!textLayer.trim()) {
        throw new AppError('OCR_LANGUAGE_MISSING', { params: { language: CHINESE_LABEL } });
      }
      warnings.push({ code: 'OCR_LANGUAGE_MISSING', params: { language: CHINESE_LABEL } });
      return [];
    }
    warnings.push({ code: 'OCR_LANGUAGE_LIMITED', params: { language: CHINESE_LABEL } });
  }
  warnings.push({ code: 'OCR_USED', params: { pages: ocr.done } });
  return ocr.pages;
}
