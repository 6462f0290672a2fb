import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';

// Taken before this file loads pdf.js (static imports of api/extract/pdf would run before this
// line, so those modules are imported in beforeAll).
const nativePush = Array.prototype.push;

const corpus = path.resolve(import.meta.dirname, '../../../shared/corpus/pdf');
const paper = path.join(corpus, 'en_tracemonkey_pldi09_2col.pdf');
// Times-Roman and Helvetica, not embedded, under an invisible OCR layer.
const typewriter = path.join(corpus, 'en_scanned_typewriter_with_ocr_layer.pdf');

let openPdf: typeof import('../../api/extract/pdf/open-document.js').openPdf;
let readPages: typeof import('../../api/extract/pdf/read-pages.js').readPages;
let PAGES_IN_FLIGHT: number;
let pageText: typeof import('../../api/extract/pdf/page-text.js').pageText;
let layoutPages: typeof import('../../api/extract/pdf/text-layer.js').layoutPages;

beforeAll(async () => {
  ({ openPdf } = await import('../../api/extract/pdf/open-document.js'));
  ({ readPages, PAGES_IN_FLIGHT } = await import('../../api/extract/pdf/read-pages.js'));
  ({ pageText } = await import('../../api/extract/pdf/page-text.js'));
  ({ layoutPages } = await import('../../api/extract/pdf/text-layer.js'));
});

async function open(file: string, forRendering = false) {
  return openPdf(new Uint8Array(await readFile(file)), { forRendering });
}

/**
 * The document as readPages sees it, counting the pages open at once (from getPage to
 * cleanup); `failing` pages throw while their text is read.
 */
function watched(doc: PDFDocumentProxy, failing: number[] = []) {
  const stats = { open: 0, most: 0 };
  const proxy = {
    numPages: doc.numPages,
    getPage: async (n: number) => {
      const page = await doc.getPage(n);
      stats.most = Math.max(stats.most, ++stats.open);
      return {
        getTextContent: () =>
          failing.includes(n)
            ? Promise.reject(new Error('broken content stream'))
            : page.getTextContent(),
        getViewport: (params: { scale: number }) => page.getViewport(params),
        getOperatorList: () => page.getOperatorList(),
        cleanup: () => {
          stats.open--;
          return page.cleanup();
        },
      } as unknown as PDFPageProxy;
    },
  } as unknown as PDFDocumentProxy;
  return { proxy, stats };
}

describe('how the PDF extractor drives pdf.js', () => {
  it("leaves Array.prototype.push native after pdf.js's polyfills have loaded", async () => {
    // pdf.js's legacy build replaces push on Node 20 with a slow JavaScript one; pdfjs.ts puts
    // the native one back once pdf.js and its worker code have run.
    const { doc, close } = await open(typewriter);
    await readPages(doc);
    await close();
    expect(Array.prototype.push).toBe(nativePush);
  });

  it('reads the next page while one is parsed, with never more than two pages open', async () => {
    const { doc, close } = await open(paper);
    try {
      const { proxy, stats } = watched(doc);
      const layer = await readPages(proxy);
      expect(stats.most).toBe(PAGES_IN_FLIGHT);
      expect(PAGES_IN_FLIGHT).toBe(2);
      expect(stats.open).toBe(0);
      // Same pages, same order, same text as reading them one at a time.
      expect(layer.pages.map((p) => p.page)).toEqual(
        Array.from({ length: doc.numPages }, (_, i) => i + 1),
      );
      const oneByOne = [];
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        oneByOne.push(pageText(n, await page.getTextContent(), page.getViewport({ scale: 1 })));
        page.cleanup();
      }
      expect(layoutPages(layer.pages)).toEqual(layoutPages(oneByOne));
    } finally {
      await close();
    }
  });

  it('counts a page that fails and still gives the others in page order', async () => {
    const { doc, close } = await open(paper);
    try {
      const { proxy, stats } = watched(doc, [3, 4]);
      const layer = await readPages(proxy);
      expect(layer.unreadable).toBe(2);
      expect(layer.pages.map((p) => p.page)).toEqual([1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
      expect(stats.open).toBe(0);
    } finally {
      await close();
    }
  });

  it("reads text in unembedded standard fonts the same without the fonts' glyph programs", async () => {
    // Text leaves the standard fonts out (they are parsed and converted for nothing); only
    // pages drawn for OCR load them.
    const text = async (forRendering: boolean) => {
      const { doc, close } = await open(typewriter, forRendering);
      try {
        return layoutPages((await readPages(doc)).pages);
      } finally {
        await close();
      }
    };
    const withoutPrograms = await text(false);
    expect(withoutPrograms.flatMap((p) => p.paragraphs).join('\n')).toContain('Hawaiian Sugar');
    expect(withoutPrograms).toEqual(await text(true));
  });
});
