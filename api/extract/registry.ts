import type { FileExtraction, FileKind, ExtractJob } from './types.js';

/** One extractor per format; each lives in its own file and is loaded only when needed. */
export type Extractor = (job: ExtractJob) => Promise<FileExtraction>;

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

/** Runs the extractor for a job in the current thread (the worker calls this). */
export async function extractInThisThread(job: ExtractJob): Promise<FileExtraction> {
  const extractor = await extractors[job.kind]();
  return extractor(job);
}
