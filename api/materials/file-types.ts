import type { FileKind } from '../extract/index.js';
import { extensionOf } from '../extract/sniff.js';

const MAX_NAME_LENGTH = 255;

/**
 * A file name as the learner knows it: the last path segment, NFC, without control
 * characters, at most 255 characters (the extension is kept when shortening).
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const name = base
    .normalize('NFC')
    .replace(/\p{Cc}/gu, '')
    .trim();
  const chars = [...name];
  if (chars.length <= MAX_NAME_LENGTH) return name;
  const ext = extensionOf(name);
  const keep = ext && ext.length < 20 ? `.${ext}` : '';
  return chars.slice(0, MAX_NAME_LENGTH - keep.length).join('') + keep;
}

/**
 * A material's title as stored, from an upload's field or a PUT alike (issue 19): NFC, without
 * control characters (a line break or tab becomes a space: a title is one line), trimmed.
 */
export function cleanTitle(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\p{Cc}/gu, '')
    .trim();
}

/** A description as stored: NFC, line breaks as \n, tabs kept, other control characters gone. */
export function cleanDescription(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\n\t]/gu, '');
}

const MIME_BY_KIND: Record<Exclude<FileKind, 'image' | 'text'>, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  doc: 'application/msword',
  ppt: 'application/vnd.ms-powerpoint',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv',
  // Served as a download, never rendered: HTML from a learner's file must not run as ours.
  html: 'application/octet-stream',
};

const IMAGE_MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
};

/** The Content-Type a stored original is served with, from its sniffed kind (not the browser's claim). */
export function mimeTypeFor(kind: FileKind, fileType: string): string {
  if (kind === 'image') return IMAGE_MIME[fileType] ?? 'application/octet-stream';
  if (kind === 'text') return fileType === 'md' ? 'text/markdown' : 'text/plain';
  return MIME_BY_KIND[kind];
}

/**
 * Content-Disposition for a download: an ASCII fallback `filename` for old clients and the real
 * name as RFC 5987 `filename*` (UTF-8, percent-encoded), so Chinese names survive.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Bytes as whole megabytes, for limit messages ("25 MB"). */
export function formatMb(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
