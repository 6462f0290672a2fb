import yauzl from 'yauzl';
import type { Readable } from 'node:stream';
import { AppError } from '../lib/errors.js';
import { inspectCfb } from './office/cfb.js';
import type { ExtractLimits } from './types.js';

/** An entry that expands more than this many times over is a bomb, not an Office part. */
const MAX_RATIO = 250;
/** ...unless it is small: tiny parts of repeated markup legitimately compress very well. */
const RATIO_MIN_BYTES = 20 * 1024 * 1024;

const XML_PART = /\.(xml|rels|vml)$/i;
// DTDs have no place in OOXML; an internal subset is how billion-laughs and XXE payloads start.
const DTD_MARKERS = ['<!DOCTYPE', '<!ENTITY'].flatMap((m) => [
  Buffer.from(m, 'latin1'),
  Buffer.from(m, 'utf16le'),
  Buffer.from(m, 'utf16le').swap16(),
]);
const MARKER_TAIL = Math.max(...DTD_MARKERS.map((m) => m.length));

export interface GuardedZip {
  /** Every entry name, in central-directory order. */
  names: string[];
  /** The inflated content of the parts the caller asked to keep. */
  parts: Map<string, Buffer>;
}

type ZipLimits = Pick<ExtractLimits, 'maxUnzippedBytes' | 'maxZipEntries'>;

const tooLarge = (details: Record<string, unknown>) =>
  new AppError('ARCHIVE_TOO_LARGE', { details });

/**
 * Checks a DOCX/PPTX/XLSX before any library opens it: entry count, declared and actually
 * inflated sizes, per-entry compression ratio (ARCHIVE_TOO_LARGE) and DTDs in XML parts
 * (FILE_DAMAGED). Every entry is inflated once here, so a size the central directory lies about
 * is caught too. Returns the entry names and the parts `keep` selects.
 */
export async function guardZip(
  path: string,
  limits: ZipLimits,
  keep: (name: string) => boolean = () => false,
): Promise<GuardedZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { validateEntrySizes: true, strictFileNames: false });
  } catch (err) {
    // Office saves a password-protected DOCX/XLSX/PPTX as an OLE container, not a zip.
    if ((await inspectCfb(path).catch(() => null))?.encrypted)
      throw new AppError('OFFICE_PASSWORD_PROTECTED');
    throw new AppError('FILE_DAMAGED', { cause: err });
  }
  try {
    if (zip.entryCount > limits.maxZipEntries)
      throw tooLarge({ entries: zip.entryCount, max: limits.maxZipEntries });
    const names: string[] = [];
    const parts = new Map<string, Buffer>();
    let declared = 0;
    let inflated = 0;
    for await (const entry of zip.eachEntry()) {
      names.push(entry.fileName);
      if (entry.fileName.endsWith('/')) continue;
      declared += entry.uncompressedSize;
      if (declared > limits.maxUnzippedBytes)
        throw tooLarge({ declaredBytes: declared, max: limits.maxUnzippedBytes });
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > RATIO_MIN_BYTES && ratio > MAX_RATIO)
        throw tooLarge({ entry: entry.fileName, ratio: Math.round(ratio) });
      if (entry.isEncrypted() || !entry.canDecodeFileData())
        throw new AppError('FILE_DAMAGED', { details: { entry: entry.fileName } });

      const isXml = XML_PART.test(entry.fileName);
      const kept: Buffer[] | null = keep(entry.fileName) ? [] : null;
      let tail = Buffer.alloc(0);
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch (err) {
        throw new AppError('FILE_DAMAGED', { cause: err });
      }
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          inflated += chunk.length;
          if (inflated > limits.maxUnzippedBytes)
            throw tooLarge({ inflatedBytes: inflated, max: limits.maxUnzippedBytes });
          if (isXml) {
            const window = Buffer.concat([tail, chunk]);
            if (DTD_MARKERS.some((m) => window.includes(m)))
              throw new AppError('FILE_DAMAGED', {
                details: { entry: entry.fileName, reason: 'xml-dtd' },
              });
            tail = window.subarray(Math.max(0, window.length - MARKER_TAIL));
          }
          kept?.push(chunk);
        }
      } catch (err) {
        stream.destroy();
        if (err instanceof AppError) throw err;
        // yauzl reports an entry inflating past its declared size: a lying header.
        if (/too many bytes/i.test(String((err as Error)?.message)))
          throw tooLarge({ entry: entry.fileName, reason: 'size-mismatch' });
        throw new AppError('FILE_DAMAGED', { cause: err });
      }
      if (kept) parts.set(entry.fileName, Buffer.concat(kept));
    }
    return { names, parts };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('FILE_DAMAGED', { cause: err });
  } finally {
    zip.close();
  }
}

/** Entry names of a zip, read from its central directory only (for sniffing). */
export async function zipEntryNames(path: string, max = 50_000): Promise<string[] | null> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { strictFileNames: false });
  } catch {
    return null;
  }
  try {
    const names: string[] = [];
    for await (const entry of zip.eachEntry()) {
      names.push(entry.fileName);
      if (names.length >= max) break;
    }
    return names;
  } catch {
    return null;
  } finally {
    zip.close();
  }
}
