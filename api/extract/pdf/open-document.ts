import path from 'node:path';
import { createRequire } from 'node:module';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { AppError } from '../../lib/errors.js';
import { getDocument, PasswordException } from './pdfjs.js';

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

const MAX_IMAGE_PIXELS = 50_000_000;

export interface OpenPdf {
  doc: PDFDocumentProxy;
  close: () => Promise<void>;
}

export interface OpenOptions {
  /**
   * Also load the glyph programs of the standard fonts (Helvetica, Times, Courier, Symbol...)
   * for fonts a PDF does not embed: only drawing a page (OCR of scans) needs them. Text does
   * not: pdf.js takes such a font's widths from the PDF or from its built-in metrics and its
   * text from the encoding, and treats a loaded standard program as not embedded anyway.
   * Without them, a document using Helvetica or Times unembedded no longer parses and converts
   * up to three Type 1 fonts to OpenType (about 20 ms per document), for the same text.
   */
  forRendering?: boolean;
}

/**
 * Opens a PDF with pdf.js in Node: no font loading or eval, local CMaps (CJK fonts need them
 * to map glyphs to text) and image decoders, and the standard fonts only for rendering.
 * A user password ends as PDF_PASSWORD_PROTECTED; a file pdf.js cannot recover as FILE_DAMAGED.
 */
export async function openPdf(
  data: Uint8Array,
  { forRendering = false }: OpenOptions = {},
): Promise<OpenPdf> {
  if (data.length === 0) throw new AppError('FILE_DAMAGED', { cause: 'empty file' });
  const task = getDocument({
    data,
    useSystemFonts: false,
    disableFontFace: true,
    // (pdf.js 6 no longer has isEvalSupported: it never compiles fonts with eval.)
    verbosity: 0,
    // A picture bigger than this is not decoded (decompression bombs); text is unaffected.
    maxImageSize: MAX_IMAGE_PIXELS,
    standardFontDataUrl: forRendering
      ? path.join(pdfjsRoot, 'standard_fonts') + path.sep
      : undefined,
    cMapUrl: path.join(pdfjsRoot, 'cmaps') + path.sep,
    cMapPacked: true,
    wasmUrl: path.join(pdfjsRoot, 'wasm') + path.sep,
  });
  try {
    const doc = await task.promise;
    return { doc, close: () => task.destroy() };
  } catch (err) {
    await task.destroy().catch(() => {});
    throw toAppError(err);
  }
}

/** Maps what pdf.js throws to the error the learner sees. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof PasswordException || (err as Error)?.name === 'PasswordException') {
    return new AppError('PDF_PASSWORD_PROTECTED', { cause: err });
  }
  // InvalidPDFException (not a PDF, no pages) and anything else pdf.js cannot get past.
  return new AppError('FILE_DAMAGED', { cause: err });
}
