import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pageText, type PageText } from './page-text.js';
import { hasImages } from './render-page.js';
import { countLetters } from './text-layer.js';

/** Fewer letters than this on a page with a picture: treat the page as a scan. */
const MIN_TEXT_LAYER_LETTERS = 20;

export interface TextLayer {
  /** Pages whose text layer is used. */
  pages: PageText[];
  /** Pages with pictures and (nearly) no text: candidates for OCR. */
  scanned: number[];
  /** Pages pdf.js could not parse at all. */
  unreadable: number;
}

/**
 * Reads the text layer of every page, one page at a time, freeing each page's resources as
 * it goes. A page that fails to parse is counted and skipped, not fatal.
 */
export async function readPages(doc: PDFDocumentProxy): Promise<TextLayer> {
  const result: TextLayer = { pages: [], scanned: [], unreadable: 0 };
  for (let n = 1; n <= doc.numPages; n++) {
    try {
      const page = await doc.getPage(n);
      try {
        const text = pageText(n, await page.getTextContent(), page.getViewport({ scale: 1 }));
        // Invisible OCR layers count as text: such pages are not scanned again.
        if (countLetters(text) < MIN_TEXT_LAYER_LETTERS && (await hasImages(page))) {
          result.scanned.push(n);
        } else {
          result.pages.push(text);
        }
      } finally {
        page.cleanup();
      }
    } catch {
      result.unreadable++;
    }
  }
  return result;
}
