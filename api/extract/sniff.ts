import { open } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../lib/errors.js';
import { FORMAT_EXTENSIONS } from '../rules/upload.js';
import { bomEncoding, bomlessUtf16, looksLikeText } from './decode.js';
import { CFB_MAGIC, inspectCfb } from './office/cfb.js';
import type { FileKind } from './types.js';
import { zipEntryNames } from './zip-guard.js';

const HEAD_BYTES = 64 * 1024;

/** Extensions each kind may carry without being a mismatch (the web's picker offers the same). */
const EXTENSIONS: Record<FileKind, readonly string[]> = FORMAT_EXTENSIONS;

/** Extensions of binary formats: text content under one of these names is a mismatch. */
const BINARY_EXTENSIONS = new Set(
  (['pdf', 'docx', 'pptx', 'xlsx', 'doc', 'ppt', 'xls', 'image'] as const).flatMap(
    (k) => EXTENSIONS[k],
  ),
);

/** The lowercase extension of a file name without the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : '';
}

const CANONICAL: Record<FileKind, string> = {
  pdf: 'pdf',
  docx: 'docx',
  pptx: 'pptx',
  xlsx: 'xlsx',
  doc: 'doc',
  ppt: 'ppt',
  xls: 'xls',
  csv: 'csv',
  text: 'txt',
  html: 'html',
  image: 'unknown',
};

/**
 * The spec's file_type for a stored file: its lowercase extension (pdf, docx, csv, txt, png,
 * js...), or the kind's usual extension when the name has none.
 */
export function fileTypeOf(kind: FileKind, fileName: string): string {
  return extensionOf(fileName) || CANONICAL[kind];
}

const startsWith = (head: Buffer, bytes: number[], at = 0) =>
  bytes.every((b, i) => head[at + i] === b);

function imageMagic(head: Buffer): string | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'PNG';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'JPEG';
  if (
    head
      .subarray(0, 6)
      .toString('latin1')
      .match(/^GIF8[79]a$/)
  )
    return 'GIF';
  if (
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'WEBP';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'TIFF';
  return null;
}

/** The start of a text file with BOM, whitespace and comments skipped, lowercased. */
function textStart(head: Buffer): string {
  let text = head.subarray(0, 4096).toString('latin1');
  text = text.replace(/^(\xef\xbb\xbf|\xff\xfe|\xfe\xff)/, '');
  if (bomEncoding(head)?.startsWith('utf-16') || bomlessUtf16(head)) text = text.replace(/\0/g, '');
  return text.replace(/^(\s|<!--[\s\S]*?-->)+/, '').toLowerCase();
}

const HTML_START = /^<(!doctype\s+html|html|head|body|meta|table|title)[\s>/]/;

/** What the bytes are, as a FileKind, or a short format name for a mismatch message. */
interface Verdict {
  kind: FileKind | null;
  /** Upper-case format name shown in FILE_TYPE_MISMATCH, e.g. PNG, PDF, ZIP, TXT. */
  actual: string;
}

async function inspect(filePath: string, head: Buffer, ext: string): Promise<Verdict> {
  const latin = head.subarray(0, 1024).toString('latin1');
  if (/%PDF-\d/.test(latin)) return { kind: 'pdf', actual: 'PDF' };
  const image = imageMagic(head);
  if (image) return { kind: 'image', actual: image };

  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) {
    const names = await zipEntryNames(filePath);
    if (!names) return { kind: null, actual: 'ZIP' };
    const has = (prefix: string) => names.some((n) => n.startsWith(prefix));
    if (names.includes('[Content_Types].xml')) {
      if (has('word/')) return { kind: 'docx', actual: 'DOCX' };
      if (has('ppt/')) return { kind: 'pptx', actual: 'PPTX' };
      if (has('xl/')) return { kind: 'xlsx', actual: 'XLSX' };
    }
    return { kind: null, actual: 'ZIP' };
  }

  if (startsWith(head, CFB_MAGIC)) {
    const cfb = await inspectCfb(filePath);
    if (cfb?.encrypted) throw new AppError('OFFICE_PASSWORD_PROTECTED');
    const names = cfb?.names ?? [];
    if (names.includes('WordDocument')) return { kind: 'doc', actual: 'DOC' };
    if (names.includes('PowerPoint Document')) return { kind: 'ppt', actual: 'PPT' };
    if (names.includes('Workbook') || names.includes('Book')) return { kind: 'xls', actual: 'XLS' };
    // An unreadable directory: trust a legacy Office extension and let LibreOffice decide.
    if (names.length === 0 && (ext === 'doc' || ext === 'ppt' || ext === 'xls'))
      return { kind: ext, actual: ext.toUpperCase() };
    return { kind: null, actual: 'OLE' };
  }

  if (latin.startsWith('{\\rtf')) return { kind: 'doc', actual: 'RTF' };
  if (!looksLikeText(head)) return { kind: null, actual: 'BIN' };

  const start = textStart(head);
  if (HTML_START.test(start)) return { kind: 'html', actual: 'HTML' };
  // Excel 2003 XML spreadsheets are often saved as .xls; LibreOffice reads them.
  if (start.startsWith('<?xml') && start.includes('urn:schemas-microsoft-com:office:spreadsheet'))
    return { kind: 'xls', actual: 'XML' };
  return { kind: 'text', actual: 'TXT' };
}

/**
 * Decides a file's format from its content (magic bytes, zip parts, OLE streams, text), checked
 * against its extension. Throws FILE_EMPTY, OFFICE_PASSWORD_PROTECTED, FILE_TYPE_MISMATCH
 * {ext, actual}, FILE_DAMAGED (a known binary extension over unrecognisable bytes) or
 * FILE_TYPE_UNSUPPORTED.
 */
export async function sniffKind(filePath: string, fileName: string): Promise<FileKind> {
  const file = await open(filePath, 'r');
  let head: Buffer;
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(buf, 0, HEAD_BYTES, 0);
    head = buf.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
  const params = { name: fileName };
  if (head.length === 0) throw new AppError('FILE_EMPTY', { params });
  const ext = extensionOf(fileName);

  let verdict: Verdict;
  try {
    verdict = await inspect(filePath, head, ext);
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, { params, cause: err.cause });
    throw new AppError('FILE_DAMAGED', { params, cause: err });
  }
  const { kind, actual } = verdict;

  if (kind === null) {
    // A name that promises a format we read, over bytes that are not it: most likely damaged.
    if (BINARY_EXTENSIONS.has(ext) && (actual === 'BIN' || actual === 'OLE' || actual === 'ZIP'))
      throw new AppError('FILE_DAMAGED', { params, details: { ext, actual } });
    throw new AppError('FILE_TYPE_UNSUPPORTED', { params, details: { ext, actual } });
  }
  if (!ext) return kind;
  if (kind === 'text' && (ext === 'csv' || ext === 'tsv')) return 'csv';
  if (kind === 'text' && (ext === 'html' || ext === 'htm' || ext === 'xhtml')) return 'html';
  if (EXTENSIONS[kind].includes(ext)) return kind;
  // HTML or XML saved as .txt, .md or source code stays the learner's text.
  const textual = kind === 'text' || kind === 'html' || actual === 'XML';
  if (textual && !BINARY_EXTENSIONS.has(ext)) return 'text';
  throw new AppError('FILE_TYPE_MISMATCH', { params: { ...params, ext, actual } });
}
