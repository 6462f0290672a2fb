/**
 * The structured document Mnemo extracts from a material: blocks of text in reading order,
 * each with where it came from, so quizzes can cite the page, slide or row.
 */

export type Location =
  | { kind: 'page'; page: number }
  | { kind: 'slide'; slide: number; title?: string }
  | { kind: 'notes'; slide: number }
  | { kind: 'sheet'; sheet: string; rowStart: number; rowEnd: number }
  | { kind: 'paragraph'; index: number; headingPath?: string[] };

export interface Block {
  fileId: string;
  text: string;
  location: Location;
}

export type DocumentLanguage = 'zh-TW' | 'en' | 'other';

/** Something the learner should know about an extraction that still succeeded. */
export interface ExtractionWarning {
  /** Stable code the client translates, e.g. OCR_USED, PAGES_WITHOUT_TEXT, TRUNCATED. */
  code: string;
  fileId?: string;
  params?: Record<string, string | number>;
}

export interface ExtractedDocument {
  blocks: Block[];
  language: DocumentLanguage;
  warnings: ExtractionWarning[];
  /** A stored material's original file names by fileId (names an exam paper without 科目). */
  fileNames?: Record<string, string>;
}

/** What one extractor returns for one file (fileId is added by the caller). */
export interface FileExtraction {
  blocks: Array<{ text: string; location: Location }>;
  warnings: Array<Omit<ExtractionWarning, 'fileId'>>;
}

/**
 * An extraction whose blocks come one at a time (text and CSV read their file as a stream), so
 * the worker can write each block out as it comes instead of holding the file's text whole.
 * `warnings` is complete once `blocks` is exhausted.
 */
export interface StreamedExtraction {
  blocks:
    AsyncIterable<FileExtraction['blocks'][number]> | Iterable<FileExtraction['blocks'][number]>;
  warnings: FileExtraction['warnings'];
}

/**
 * What a worker answers when it wrote a file's blocks to an NDJSON file instead of posting them:
 * one `{text, location}` per line, trimmed, empty ones left out (see extractToFiles).
 */
export interface FileSummary {
  blockCount: number;
  /** The start of the file's text, as languageSample takes it, for language detection. */
  sample: string[];
  warnings: FileExtraction['warnings'];
}

/** Characters of a document's text that language detection reads. */
export const LANGUAGE_SAMPLE_CHARS = 200_000;

/**
 * The first `limit` characters of a run of block texts, cut the way detectLanguage reads them:
 * a file's sample taken alone and the samples of all files put together give the same result
 * as the whole document's blocks would.
 */
export function languageSample(texts: Iterable<string>, limit = LANGUAGE_SAMPLE_CHARS): string[] {
  const parts: string[] = [];
  let length = 0;
  for (const text of texts) {
    if (length >= limit) break;
    const part = text.slice(0, limit - length);
    parts.push(part);
    length += part.length + 1;
  }
  return parts;
}

/** The formats Mnemo reads, decided from the file's content (see sniff.ts). */
export type FileKind =
  'pdf' | 'docx' | 'pptx' | 'xlsx' | 'doc' | 'ppt' | 'xls' | 'csv' | 'text' | 'html' | 'image';

export interface ExtractLimits {
  /** Wall-clock time per file before the worker is stopped. */
  timeoutMs: number;
  /** Old-generation heap per extraction worker, in MB. */
  maxMemoryMb: number;
  /** Total decompressed bytes allowed inside a zip-based file (docx/pptx/xlsx). */
  maxUnzippedBytes: number;
  /** Entries allowed inside a zip-based file. */
  maxZipEntries: number;
  /** Directory holding chi_tra.traineddata (Debian: /usr/share/tesseract-ocr/5/tessdata). */
  tessdataDir?: string;
  /** LibreOffice binary for DOC/PPT/XLS, when installed. */
  sofficePath?: string;
}

export const defaultLimits: ExtractLimits = {
  timeoutMs: 120_000,
  maxMemoryMb: 512,
  maxUnzippedBytes: 300 * 1024 * 1024,
  maxZipEntries: 10_000,
};

/** Input of one extraction job run inside a worker thread. */
export interface ExtractJob {
  kind: FileKind;
  path: string;
  fileName: string;
  limits: ExtractLimits;
}

/** A streamed extraction read to its end: every block in a list, and the final warnings. */
export async function collectExtraction(streamed: StreamedExtraction): Promise<FileExtraction> {
  const blocks: FileExtraction['blocks'] = [];
  for await (const block of streamed.blocks) blocks.push(block);
  return { blocks, warnings: streamed.warnings };
}
