/**
 * The one place that loads pdf.js. Everything else imports its values from here (types may come
 * from 'pdfjs-dist' directly), because the load order below matters and is done once.
 *
 * 1. pdf.js's legacy build carries core-js polyfills. On Node 20 (V8 11) one of them replaces
 *    `Array.prototype.push` for the whole thread with a JavaScript function, to fix how V8 up to
 *    12.1 reports a push onto a frozen-length array. pdf.js pushes millions of times while it
 *    reads a document, and so does our layout: the polyfill cost about a tenth of the CPU time
 *    (docs/decisions/0004-pdf-and-ocr.md, "Speed"). The native push is put back once both
 *    bundles have run. The other polyfills add what Node 20 lacks and stay.
 * 2. The worker bundle is loaded here too, so it has run before push is restored (it would
 *    otherwise be loaded on the first document, after this module) and so the in-thread
 *    "fake worker" pdf.js uses in Node finds it on `globalThis.pdfjsWorker` instead of importing
 *    it on the first call.
 *
 * 3. pdf.js inflates its streams through the web DecompressionStream, which on Node costs more
 *    than the inflating: this thread gets the synchronous one of inflate-stream.ts instead.
 *    Only extraction threads (and tests and benches that extract in-process) load this module.
 *
 * Top-level awaits keep the order explicit: static imports could be reordered by tooling.
 */
import { useSyncInflate } from './inflate-stream.js';

const nativePush = Object.getOwnPropertyDescriptor(Array.prototype, 'push');

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
await import('pdfjs-dist/legacy/build/pdf.worker.mjs');

// Only ever puts back what was there before pdf.js loaded: a no-op where core-js leaves push
// alone (V8 12.2 and later, so Node 22), and when pdf.js was loaded before this module.
if (nativePush && Array.prototype.push !== nativePush.value) {
  Object.defineProperty(Array.prototype, 'push', nativePush);
}

useSyncInflate();

export const { getDocument, OPS, PasswordException, Util } = pdfjs;
