import { closeSync, openSync, readSync } from 'node:fs';
import jschardet from 'jschardet';

export interface DecodedText {
  text: string;
  /** WHATWG label of the encoding used, e.g. utf-8, big5, shift_jis, utf-16be. */
  encoding: string;
}

/** How much of a file the encoding guess looks at; the whole file is then decoded with it. */
const SAMPLE_BYTES = 256 * 1024;

/**
 * Legacy encodings tried in order when the bytes are not UTF-8 and jschardet is unsure, which it
 * always is on short files. Big5 first: this is a Taiwanese app.
 */
const LEGACY_ORDER = ['big5', 'shift_jis', 'gb18030', 'euc-kr', 'euc-jp'] as const;

const CHARDET_LABELS: Record<string, string> = {
  big5: 'big5',
  shift_jis: 'shift_jis',
  gb2312: 'gb18030',
  gb18030: 'gb18030',
  'euc-kr': 'euc-kr',
  'euc-jp': 'euc-jp',
  'iso-2022-jp': 'iso-2022-jp',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
  ascii: 'utf-8',
  'utf-8': 'utf-8',
};

/** The byte-order mark's encoding, if the bytes start with one. */
export function bomEncoding(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe && !(bytes[2] === 0 && bytes[3] === 0))
    return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * UTF-16 without a byte-order mark, recognised by its NUL bytes: text in Latin script has a NUL
 * in every other byte (even positions for big-endian, odd for little-endian).
 */
export function bomlessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (evenNul > pairs * 0.3 && oddNul < pairs * 0.02) return 'utf-16be';
  if (oddNul > pairs * 0.3 && evenNul < pairs * 0.02) return 'utf-16le';
  return null;
}

/**
 * Whether the first bytes of a file look like text in some encoding: no NUL bytes (unless
 * UTF-16) and almost no control characters. Bytes above 0x7F are allowed: they may be Big5 etc.
 */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  if (bomEncoding(head) || bomlessUtf16(head)) return true;
  let control = 0;
  for (const b of head) {
    if (b === 0) return false;
    if (
      (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) ||
      b === 0x7f
    )
      control++;
  }
  return control <= head.length * 0.01;
}

function tryDecode(bytes: Uint8Array, encoding: string): string | null {
  try {
    // stream: true tolerates a character cut in half at the end of the sample.
    return new TextDecoder(encoding, { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return null;
  }
}

/**
 * Share of characters that real text in this encoding would hardly contain: replacement and
 * private-use characters, half-width katakana (Big5 read as Shift-JIS), rare ideograph
 * extensions and compatibility forms (Shift-JIS read as Big5/HKSCS), C1 controls.
 */
export function implausibility(text: string): number {
  let unusual = 0;
  let nonAscii = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) continue;
    nonAscii++;
    if (
      cp === 0xfffd ||
      (cp >= 0x80 && cp <= 0x9f) ||
      (cp >= 0xe000 && cp <= 0xf8ff) ||
      (cp >= 0xff61 && cp <= 0xff9f) ||
      (cp >= 0x3400 && cp <= 0x4dbf) ||
      (cp >= 0xf900 && cp <= 0xfaff) ||
      cp >= 0x20000
    )
      unusual++;
  }
  return nonAscii === 0 ? 0 : unusual / nonAscii;
}

const MULTI_BYTE = new Set([
  'big5',
  'shift_jis',
  'gb18030',
  'gbk',
  'euc-kr',
  'euc-jp',
  'iso-2022-jp',
  'utf-16le',
  'utf-16be',
]);

/** Share of non-ASCII characters that are not letters. */
function nonLetterShare(text: string): number {
  const wide = text.match(/[\u0080-\u{10ffff}]/gu) ?? [];
  if (wide.length === 0) return 0;
  return wide.filter((c) => !/\p{L}/u.test(c)).length / wide.length;
}

const kanaShare = (text: string) => {
  const kana = text.match(/[\u3040-\u30ff]/g)?.length ?? 0;
  const wide = text.match(/[\u0080-\u{10ffff}]/gu)?.length ?? 0;
  return wide === 0 ? 0 : kana / wide;
};

function chardetGuess(sample: Uint8Array): { encoding: string; confidence: number } | null {
  const guess = jschardet.detect(Buffer.from(sample.buffer, sample.byteOffset, sample.byteLength));
  if (!guess?.encoding) return null;
  const key = guess.encoding.toLowerCase();
  const label = CHARDET_LABELS[key] ?? key;
  try {
    new TextDecoder(label);
  } catch {
    return null;
  }
  return { encoding: label, confidence: guess.confidence };
}

/** Chooses the encoding of a text file from its bytes (see docs/decisions/0005). */
export function detectEncoding(bytes: Uint8Array, declared?: string): string {
  const bom = bomEncoding(bytes);
  if (bom) return bom;
  const utf16 = bomlessUtf16(bytes);
  if (utf16) return utf16;
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  // Valid UTF-8 beats a declared charset: pages re-saved as UTF-8 keep their old <meta>.
  if (tryDecode(sample, 'utf-8') !== null) return 'utf-8';
  if (declared) {
    const label = declared.trim().toLowerCase();
    if (tryDecode(sample, label) !== null) return new TextDecoder(label).encoding;
  }

  const guess = chardetGuess(sample);
  const guessIsMultiByte = guess && MULTI_BYTE.has(guess.encoding);
  if (guess && guessIsMultiByte && guess.confidence >= 0.8) {
    const text = tryDecode(sample, guess.encoding);
    if (text !== null && implausibility(text) <= 0.02) return guess.encoding;
  }
  // jschardet calls most short Big5 texts windows-1252 (confidence 0.95). Read as Latin-1, Big5's
  // common lead bytes are symbols (¤ ¥ © ° ± ¾...), while real Western text has mostly letters.
  const latin = new TextDecoder('windows-1252').decode(sample);
  const latinLooksWrong = nonLetterShare(latin) >= 0.3;
  if (!guess || guessIsMultiByte || latinLooksWrong || guess.confidence < 0.5) {
    const plausible: Array<{ encoding: string; text: string }> = [];
    for (const encoding of LEGACY_ORDER) {
      const text = tryDecode(sample, encoding);
      if (text !== null && implausibility(text) <= 0.02) plausible.push({ encoding, text });
    }
    const [first] = plausible;
    if (first) {
      // Japanese names are all kanji and may decode as Big5 too; kana tip the balance.
      const sjis = plausible.find((p) => p.encoding === 'shift_jis');
      if (
        first.encoding === 'big5' &&
        sjis &&
        kanaShare(sjis.text) > 0.1 &&
        kanaShare(first.text) === 0
      )
        return 'shift_jis';
      return first.encoding;
    }
  }
  if (guess && tryDecode(sample, guess.encoding) !== null) return guess.encoding;
  return 'windows-1252';
}

/** Decodes a text file's bytes with its detected encoding; the BOM is dropped. */
export function decodeText(bytes: Uint8Array, declared?: string): DecodedText {
  const encoding = detectEncoding(bytes, declared);
  const text = new TextDecoder(encoding).decode(bytes);
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, encoding };
}

/** Bytes read from a file per step when it is decoded as a stream. */
export const READ_CHUNK_BYTES = 256 * 1024;

export interface ReadTextOptions {
  /** Bytes per read (tests make it tiny so characters straddle reads). */
  chunkBytes?: number;
  /** Called once with the detected encoding, before the first text is yielded. */
  onEncoding?: (encoding: string) => void;
}

/**
 * A text file decoded a chunk at a time, for files too big to hold as one string: the encoding
 * is detected from the first SAMPLE_BYTES exactly as decodeText detects it, then every read is
 * decoded in streaming mode, so a character cut between two reads (UTF-8, UTF-16, Big5...) comes
 * out whole. The BOM is dropped. Joined, the chunks equal decodeText(whole file).text. The file
 * is closed when the chunks are exhausted or the caller stops early.
 */
export async function* readTextChunks(
  file: string,
  { chunkBytes = READ_CHUNK_BYTES, onEncoding }: ReadTextOptions = {},
): AsyncGenerator<string> {
  // Synchronous reads: extraction runs on a worker thread of its own, where an asynchronous
  // read would only add a round trip through the thread pool per chunk.
  const fd = openSync(file, 'r');
  try {
    const read = (): Uint8Array | null => {
      const buffer = new Uint8Array(chunkBytes);
      const bytesRead = readSync(fd, buffer, 0, chunkBytes, null);
      return bytesRead === 0 ? null : buffer.subarray(0, bytesRead);
    };
    // The head the encoding is guessed from, kept as read so it is decoded read by read too.
    const head: Uint8Array[] = [];
    let headBytes = 0;
    let ended = false;
    while (headBytes < SAMPLE_BYTES) {
      const chunk = read();
      if (!chunk) {
        ended = true;
        break;
      }
      head.push(chunk);
      headBytes += chunk.length;
    }
    const encoding = detectEncoding(Buffer.concat(head, headBytes).subarray(0, SAMPLE_BYTES));
    onEncoding?.(encoding);
    const decoder = new TextDecoder(encoding);
    let first = true;
    const decoded = (text: string): string => {
      if (first && text.length > 0) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) return text.slice(1);
      }
      return text;
    };
    for (const chunk of head) {
      const text = decoded(decoder.decode(chunk, { stream: true }));
      if (text) yield text;
    }
    head.length = 0;
    for (let chunk = ended ? null : read(); chunk; chunk = read()) {
      const text = decoded(decoder.decode(chunk, { stream: true }));
      if (text) yield text;
    }
    const rest = decoded(decoder.decode());
    if (rest) yield rest;
  } finally {
    closeSync(fd);
  }
}
