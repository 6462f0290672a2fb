/**
 * Width and height from the header of a PNG, JPEG, GIF or WebP file, read before decoding so
 * that a small file declaring a gigantic canvas (a decompression bomb) is refused instead of
 * allocating gigabytes. Undefined when the header cannot be read.
 */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number, length: number) =>
    String.fromCharCode(...bytes.subarray(at, at + length));
  try {
    if (bytes[0] === 0x89 && ascii(1, 3) === 'PNG') {
      return { width: view.getUint32(16), height: view.getUint32(20) };
    }
    if (ascii(0, 3) === 'GIF') {
      return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
    }
    if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') return webpSize(bytes, view, ascii);
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes, view);
  } catch {
    return undefined;
  }
  return undefined;
}

function webpSize(
  bytes: Uint8Array,
  view: DataView,
  ascii: (at: number, length: number) => string,
): { width: number; height: number } | undefined {
  const chunk = ascii(12, 4);
  if (chunk === 'VP8X') {
    const w = 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16));
    const h = 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16));
    return { width: w, height: h };
  }
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') {
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  return undefined;
}

function jpegSize(
  bytes: Uint8Array,
  view: DataView,
): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = view.getUint16(at + 2);
    // SOF0-SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}
