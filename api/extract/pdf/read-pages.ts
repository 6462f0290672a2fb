import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pageText, type PageText } from './page-text.js';
import { hasImages } from './render-page.js';
import { countLetters } from './text-layer.js';

/** Fewer letters than this on a page with a picture: treat the page as a scan. */
const MIN_TEXT_LAYER_LETTERS = 20;

/**
 * Pages being read at once. pdf.js reads a page in steps that wait (streams are inflated on
 * Node's thread pool, fonts are loaded on first use); with the next page already started, its
 * parsing fills those waits. Two pages in flight took most of the gain; memory stays at two
 * pages' text, whatever the length of the document.
 */
export const PAGES_IN_FLIGHT = 2;

export interface TextLayer {
  /** Pages whose text layer is used. */
  pages: PageText[];
  /** Pages with pictures and (nearly) no text: candidates for OCR. */
  scanned: number[];
  /** Pages pdf.js could not parse at all. */
  unreadable: number;
}

type PageOutcome = { text: PageText } | { scanned: number } | { unreadable: true };

/**
 * Reads the text layer of every page, in page order, with at most PAGES_IN_FLIGHT pages open,
 * freeing each page's resources as it goes. A page that fails to parse is counted and
 * skipped, not fatal.
 */
export async function readPages(doc: PDFDocumentProxy): Promise<TextLayer> {
  const result: TextLayer = { pages: [], scanned: [], unreadable: 0 };
  const inFlight: Array<Promise<PageOutcome>> = [];
  let next = 1;
  const fill = () => {
    while (next <= doc.numPages && inFlight.length < PAGES_IN_FLIGHT) {
      inFlight.push(readPage(doc, next++));
    }
  };
  fill();
  while (inFlight.length > 0) {
    const outcome = await inFlight.shift()!;
    fill();
    if ('text' in outcome) result.pages.push(outcome.text);
    else if ('scanned' in outcome) result.scanned.push(outcome.scanned);
    else result.unreadable++;
  }
  return result;
}

/** One page's text, or why it has none; never rejects, so pages in flight cannot go unheard. */
async function readPage(doc: PDFDocumentProxy, n: number): Promise<PageOutcome> {
  try {
    const page = await doc.getPage(n);
    try {
      const text = pageText(n, await page.getTextContent(), page.getViewport({ scale: 1 }));
      // Invisible OCR layers count as text: such pages are not scanned again.
      if (countLetters(text) < MIN_TEXT_LAYER_LETTERS && (await hasImages(page))) {
        return { scanned: n };
      }
      return { text };
    } finally {
      page.cleanup();
    }
  } catch {
    return { unreadable: true };
  }
}
