import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { expect } from 'vitest';
import { AppError } from '../../api/lib/errors.js';
import type { SourceFile } from '../../api/extract/index.js';
import {
  defaultLimits,
  type ExtractJob,
  type FileExtraction,
  type FileKind,
} from '../../api/extract/types.js';

/** The shared corpus (CI clones the repo with shared/ beside it). */
export const corpusDir = path.resolve(import.meta.dirname, '../../../shared/corpus');
export const corpus = (rel: string) => path.join(corpusDir, rel);

/** LibreOffice, where CI and Debian install it; conversion tests are skipped without it. */
export const sofficePath = ['/usr/bin/soffice', '/usr/lib/libreoffice/program/soffice'].find((p) =>
  existsSync(p),
);

export function job(kind: FileKind, filePath: string, limits = defaultLimits): ExtractJob {
  return { kind, path: filePath, fileName: path.basename(filePath), limits };
}

export function source(
  kind: FileKind,
  filePath: string,
  fileName = path.basename(filePath),
): SourceFile {
  return { fileId: fileName, path: filePath, fileName, kind };
}

/** A scratch directory removed after the suite. */
export async function scratch(): Promise<{
  dir: string;
  write: (name: string, data: Buffer | string) => Promise<string>;
  done: () => Promise<void>;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mnemo-extract-test-'));
  return {
    dir,
    write: async (name, data) => {
      const file = path.join(dir, name);
      await writeFile(file, data);
      return file;
    },
    done: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Resolves to the AppError a promise rejects with (fails the test if it resolves). */
export async function appError(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'expected an AppError').toBeInstanceOf(AppError);
  return err as AppError;
}

export const texts = (result: Pick<FileExtraction, 'blocks'>) => result.blocks.map((b) => b.text);

/** The block whose text contains `passage` (fails the test when there is none). */
export function blockWith(result: Pick<FileExtraction, 'blocks'>, passage: string) {
  const block = result.blocks.find((b) => b.text.includes(passage));
  expect(block, `no block contains: ${passage}`).toBeDefined();
  return block!;
}

/** Every entry of a zip file, inflated. */
export async function readZip(file: string): Promise<Map<string, Buffer>> {
  const zip = await yauzl.openPromise(file);
  const parts = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.endsWith('/')) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    parts.set(entry.fileName, Buffer.concat(chunks));
  }
  return parts;
}

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Uncompressed size written to the headers; set it to lie about what the entry inflates to. */
  declaredSize?: number;
}

/** A minimal zip writer (deflate, no data descriptors): enough for docx/pptx/xlsx containers. */
export function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = zlib.deflateRawSync(entry.data);
    const crc = zlib.crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, compressed);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(compressed.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += local.length + name.length + compressed.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

/** Deterministic bytes that are no known format (an LCG, so a failure reproduces). */
export function noise(length: number, seed = 7): Buffer {
  const out = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

const legacyTables = new Map<string, Map<string, number[]>>();

/**
 * Text encoded in a legacy double-byte encoding (big5, shift_jis...), which TextEncoder cannot
 * do: every lead/trail byte pair is decoded once with the platform's own TextDecoder, and the
 * table is read backwards. ASCII passes through; a character with no code throws.
 */
export function encodeLegacy(text: string, encoding: 'big5' | 'shift_jis'): Buffer {
  let table = legacyTables.get(encoding);
  if (!table) {
    table = new Map();
    const decoder = new TextDecoder(encoding, { fatal: true });
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        let ch: string;
        try {
          ch = decoder.decode(Uint8Array.of(lead, trail));
        } catch {
          continue;
        }
        if ([...ch].length === 1 && !table.has(ch)) table.set(ch, [lead, trail]);
      }
    }
    legacyTables.set(encoding, table);
  }
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else {
      const pair = table.get(ch);
      if (!pair) throw new Error(`${encoding} has no code for ${ch}`);
      bytes.push(...pair);
    }
  }
  return Buffer.from(bytes);
}
