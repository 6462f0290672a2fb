import path from 'node:path';
import { createRequire } from 'node:module';
import {
  getDocument,
  PasswordException,
  type PDFDocumentProxy,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import { AppError } from '../../lib/errors.js';

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

const MAX_IMAGE_PIXELS = 50_000_000;

export interface OpenPdf {
  doc: PDFDocumentProxy;
  close: () => Promise<void>;
}

/**
 * Opens a PDF with pdf.js for text extraction in Node: no font loading or eval, local CMaps
 * (CJK fonts need them to map glyphs to text), standard fonts and image decoders.
 * A user password ends as PDF_PASSWORD_PROTECTED; a file pdf.js cannot recover as FILE_DAMAGED.
 */
export async function openPdf(data: Uint8Array): Promise<OpenPdf> {
  if (data.length === 0) throw new AppError('FILE_DAMAGED', { cause: 'empty file' });
  const task = getDocument({
    data,
    useSystemFonts: false,
    disableFontFace: true,
    // (pdf.js 6 no longer has isEvalSupported: it never compiles fonts with eval.)
    verbosity: 0,
    // A picture bigger than this is not decoded (decompression bombs); text is unaffected.
    maxImageSize: MAX_IMAGE_PIXELS,
    standardFontDataUrl: path.join(pdfjsRoot, 'standard_fonts') + path.sep,
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
