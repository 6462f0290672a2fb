// pdfjs-dist ships no types for its worker bundle; pdfjs.ts loads it only for what it sets up
// (globalThis.pdfjsWorker, which pdf.js's in-thread worker picks up).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
