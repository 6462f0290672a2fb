import type { ExtractJob, FileExtraction, FileKind, StreamedExtraction } from './types.js';

/** One extractor per format; each lives in its own file and is loaded only when needed. */
export type Extractor = (job: ExtractJob) => Promise<FileExtraction>;

/** An extractor that reads its file as a stream and gives its blocks out as they come. */
export type StreamingExtractor = (job: ExtractJob) => StreamedExtraction;

export const extractors: Record<FileKind, () => Promise<Extractor>> = {
  pdf: async () => (await import('./formats/pdf.js')).extractPdf,
  image: async () => (await import('./formats/image.js')).extractImage,
  docx: async () => (await import('./formats/docx.js')).extractDocx,
  pptx: async () => (await import('./formats/pptx.js')).extractPptx,
  xlsx: async () => (await import('./formats/xlsx.js')).extractXlsx,
  csv: async () => (await import('./formats/csv.js')).extractCsv,
  text: async () => (await import('./formats/text.js')).extractText,
  html: async () => (await import('./formats/html.js')).extractHtml,
  doc: async () => (await import('./formats/legacy.js')).extractLegacy,
  ppt: async () => (await import('./formats/legacy.js')).extractLegacy,
  xls: async () => (await import('./formats/legacy.js')).extractLegacy,
};

/**
 * The formats whose files can be far larger than their useful text and are read as streams:
 * plain text (20 MB of lecture notes) and CSV (only the first rows are read).
 */
export const streamingExtractors: Partial<Record<FileKind, () => Promise<StreamingExtractor>>> = {
  csv: async () => (await import('./formats/csv.js')).streamCsv,
  text: async () => (await import('./formats/text.js')).streamText,
};

/** Runs the extractor for a job in the current thread (the worker calls this). */
export async function extractInThisThread(job: ExtractJob): Promise<FileExtraction> {
  const extractor = await extractors[job.kind]();
  return extractor(job);
}

/**
 * Runs the extractor for a job in the current thread with its blocks given out one at a time:
 * as they are read for the streaming formats, from the finished list for the others.
 */
export async function streamInThisThread(job: ExtractJob): Promise<StreamedExtraction> {
  const streaming = streamingExtractors[job.kind];
  if (streaming) return (await streaming())(job);
  return extractInThisThread(job);
}
