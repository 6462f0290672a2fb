import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createOcrEngine } from '../ocr/engine.js';
import { normalizeBackground } from '../ocr/image.js';
import type { OcrLanguage } from '../ocr/languages.js';
import { emptyStats, ocrParagraphs, type OcrStats } from '../ocr/text.js';
import { renderForOcr } from './render-page.js';
import type { PageParagraphs } from './text-layer.js';

export interface OcrOutcome {
  pages: PageParagraphs[];
  /** Pages recognized. */
  done: number;
  /** Pages left out: over the page cap or out of time. */
  skipped: number;
  /** Pages that could not be rendered or recognized. */
  failed: number;
  languages: OcrLanguage[];
  stats: OcrStats;
}

/**
 * Renders and recognizes scanned pages in order, stopping at `maxPages` or when the next page
 * would likely not finish before `deadline` (epoch ms), so a long scan returns what was read
 * instead of ending as EXTRACTION_TIMEOUT with nothing.
 */
export async function ocrPages(
  doc: PDFDocumentProxy,
  pageNumbers: number[],
  opts: { tessdataDir?: string; maxPages: number; deadline: number },
): Promise<OcrOutcome> {
  if (Date.now() >= opts.deadline) {
    const skipped = pageNumbers.length;
    return { pages: [], done: 0, skipped, failed: 0, languages: [], stats: emptyStats() };
  }
  const engine = await createOcrEngine(opts.tessdataDir);
  const outcome: OcrOutcome = {
    pages: [],
    done: 0,
    skipped: 0,
    failed: 0,
    languages: engine.languages,
    stats: emptyStats(),
  };
  try {
    let slowest = 0;
    for (const n of pageNumbers) {
      if (outcome.done >= opts.maxPages || Date.now() + slowest > opts.deadline) {
        outcome.skipped++;
        continue;
      }
      const started = Date.now();
      try {
        const page = await doc.getPage(n);
        try {
          const { image, dpi } = await renderForOcr(page);
          const blocks = await engine.recognize(normalizeBackground(image), dpi);
          outcome.pages.push({ page: n, paragraphs: ocrParagraphs(blocks, outcome.stats) });
          outcome.done++;
        } finally {
          page.cleanup();
        }
      } catch {
        // One bad page (a broken image stream) does not cost the others.
        outcome.failed++;
      }
      slowest = Math.max(slowest, Date.now() - started);
    }
  } finally {
    await engine.terminate();
  }
  return outcome;
}
