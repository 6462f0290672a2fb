import { open } from 'node:fs/promises';

/** First 8 bytes of an OLE2 / Compound File Binary container (legacy Office, encrypted OOXML). */
export const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const END_OF_CHAIN = 0xfffffffe;
const MAX_SECTORS_WALKED = 20_000;
const MINI_STREAM_CUTOFF = 4096;
const MINI_SECTOR = 64;
const HEAD_BYTES = 64;

export interface CfbSummary {
  /** Storage and stream names, e.g. WordDocument, Workbook, "PowerPoint Document". */
  names: string[];
  /**
   * Whether the file needs a password: an encrypted OOXML package (EncryptedPackage), a Word 97
   * file with fEncrypted set, a workbook whose first record after BOF is FILEPASS, or a deck
   * with an EncryptedSummary stream.
   */
  encrypted: boolean;
}

interface DirEntry {
  name: string;
  type: number;
  start: number;
  size: number;
}

/**
 * Reads a Compound File's directory and the first bytes of its main stream: a few small reads,
 * never the whole file. Returns null when the container is malformed.
 */
export async function inspectCfb(path: string): Promise<CfbSummary | null> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const read = async (position: number, length: number) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await file.read(buf, 0, length, position);
      return buf.subarray(0, bytesRead);
    };
    const header = await read(0, 512);
    if (header.length < 512 || !CFB_MAGIC.every((b, i) => header[i] === b)) return null;
    const sectorShift = header.readUInt16LE(0x1e);
    if (sectorShift !== 9 && sectorShift !== 12) return null;
    const sectorSize = 1 << sectorShift;
    const perSector = sectorSize / 4;
    const fatSectorCount = header.readUInt32LE(0x2c);
    const sectorOffset = (n: number) => (n + 1) * sectorSize;

    // The FAT's own sectors are listed in the header (first 109) and then in DIFAT sectors.
    const fatSectors: number[] = [];
    for (let i = 0; i < 109 && fatSectors.length < fatSectorCount; i++)
      fatSectors.push(header.readUInt32LE(0x4c + i * 4));
    let difat = header.readUInt32LE(0x44);
    for (let hops = 0; difat !== END_OF_CHAIN && fatSectors.length < fatSectorCount; hops++) {
      if (hops > MAX_SECTORS_WALKED || sectorOffset(difat) >= size) return null;
      const sector = await read(sectorOffset(difat), sectorSize);
      for (let i = 0; i < perSector - 1 && fatSectors.length < fatSectorCount; i++)
        fatSectors.push(sector.readUInt32LE(i * 4));
      difat = sector.readUInt32LE(sectorSize - 4);
    }

    const fatCache = new Map<number, Buffer>();
    const next = async (sector: number): Promise<number | null> => {
      const index = Math.floor(sector / perSector);
      const fatSector = fatSectors[index];
      if (fatSector === undefined || sectorOffset(fatSector) >= size) return null;
      let buf = fatCache.get(index);
      if (!buf) {
        buf = await read(sectorOffset(fatSector), sectorSize);
        fatCache.set(index, buf);
      }
      return buf.readUInt32LE((sector % perSector) * 4);
    };

    const entries: DirEntry[] = [];
    const seen = new Set<number>();
    let sector: number | null = header.readUInt32LE(0x30);
    while (sector !== null && sector !== END_OF_CHAIN) {
      if (seen.has(sector) || seen.size > MAX_SECTORS_WALKED || sectorOffset(sector) >= size) break;
      seen.add(sector);
      const dir = await read(sectorOffset(sector), sectorSize);
      for (let off = 0; off + 128 <= dir.length; off += 128) {
        const nameBytes = dir.readUInt16LE(off + 64);
        const type = dir[off + 66]!;
        if (nameBytes < 2 || nameBytes > 64 || !(type === 1 || type === 2 || type === 5)) continue;
        entries.push({
          name: dir.toString('utf16le', off, off + nameBytes - 2),
          type,
          start: dir.readUInt32LE(off + 116),
          size: dir.readUInt32LE(off + 120),
        });
      }
      sector = await next(sector);
    }
    if (entries.length === 0) return null;

    /** The first bytes of a stream, from a regular sector or from the root's mini stream. */
    const head = async (entry: DirEntry | undefined): Promise<Buffer | null> => {
      if (!entry || entry.type !== 2 || entry.size === 0) return null;
      if (entry.size >= MINI_STREAM_CUTOFF) return read(sectorOffset(entry.start), HEAD_BYTES);
      const root = entries.find((e) => e.type === 5);
      if (!root) return null;
      let at: number | null = root.start;
      const byteOffset = entry.start * MINI_SECTOR;
      for (let hop = Math.floor(byteOffset / sectorSize); hop > 0 && at !== null; hop--)
        at = await next(at);
      if (at === null || at === END_OF_CHAIN) return null;
      return read(sectorOffset(at) + (byteOffset % sectorSize), Math.min(HEAD_BYTES, entry.size));
    };
    const names = entries.map((e) => e.name);
    const find = (name: string) => entries.find((e) => e.name === name);

    let encrypted = names.includes('EncryptedPackage') || names.includes('EncryptedSummary');
    if (!encrypted) {
      // Word 97: FIB magic 0xA5EC, then fEncrypted is bit 8 of the flags at offset 0x0A.
      const word = await head(find('WordDocument'));
      if (word && word.length >= 12 && word.readUInt16LE(0) === 0xa5ec)
        encrypted = (word.readUInt16LE(0x0a) & 0x0100) !== 0;
    }
    if (!encrypted) {
      // BIFF8: a FILEPASS record (0x002F) right after the workbook's BOF (0x0809).
      const book = await head(find('Workbook') ?? find('Book'));
      if (book && book.length >= 8 && book.readUInt16LE(0) === 0x0809) {
        const second = 4 + book.readUInt16LE(2);
        encrypted = book.length >= second + 2 && book.readUInt16LE(second) === 0x002f;
      }
    }
    return { names, encrypted };
  } finally {
    await file.close();
  }
}
