import zlib from 'node:zlib';
import yauzl from 'yauzl';

/** One entry of a zip built by a test. `declaredSize` lets a test lie about the inflated size. */
export interface ZipEntry {
  name: string;
  data: Buffer | { zeros: number };
  declaredSize?: number;
}

/**
 * Deflates `total` zero bytes without ever holding them: one MiB of zeros is compressed once
 * with a full flush (byte-aligned, no back-references), repeated, and closed by a final empty
 * block, which is a valid raw deflate stream.
 */
function deflateZeros(total: number): { compressed: Buffer; crc: number } {
  const MiB = 1024 * 1024;
  const chunk = Buffer.alloc(MiB);
  const piece = zlib.deflateRawSync(chunk, { finishFlush: zlib.constants.Z_FULL_FLUSH });
  const parts: Buffer[] = [];
  let crc = 0;
  let left = total;
  while (left >= MiB) {
    parts.push(piece);
    crc = zlib.crc32(chunk, crc);
    left -= MiB;
  }
  if (left > 0) {
    const tail = chunk.subarray(0, left);
    parts.push(zlib.deflateRawSync(tail, { finishFlush: zlib.constants.Z_FULL_FLUSH }));
    crc = zlib.crc32(tail, crc);
  }
  parts.push(zlib.deflateRawSync(Buffer.alloc(0)));
  return { compressed: Buffer.concat(parts), crc };
}

/** Builds a deflated zip archive (enough of the format for docx/pptx/xlsx containers). */
export function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    let compressed: Buffer;
    let crc: number;
    let size: number;
    if (Buffer.isBuffer(e.data)) {
      compressed = zlib.deflateRawSync(e.data);
      crc = zlib.crc32(e.data);
      size = e.data.length;
    } else {
      ({ compressed, crc } = deflateZeros(e.data.zeros));
      size = e.data.zeros;
    }
    const declared = e.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** Every entry of a zip, inflated (for small real documents only). */
export function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
