import { createCanvas, type Image } from '@napi-rs/canvas';

/** An 8-bit grayscale image, the form OCR works on. */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Largest image handed to OCR, in pixels (an A4 page at about 300 dpi). Bigger scans are
 * scaled down: past this, recognition gets slower without getting better, and the RGBA
 * canvas alone would take 4 bytes per pixel.
 */
export const MAX_OCR_PIXELS = 9_000_000;
/** Small pictures of text are enlarged up to this long side, at most 2x: tesseract prefers
 * letters 20-30 px high. */
const SMALL_IMAGE_TARGET = 1600;

/** Scale that keeps a width x height image within the OCR pixel budget. */
export function capScale(width: number, height: number, wanted: number): number {
  const pixels = width * height * wanted * wanted;
  return pixels > MAX_OCR_PIXELS ? wanted * Math.sqrt(MAX_OCR_PIXELS / pixels) : wanted;
}

/** Draws a decoded picture on white (transparent PNGs), resized for OCR, as grayscale. */
export function imageToGray(image: Image): GrayImage {
  const long = Math.max(image.width, image.height);
  const enlarge = long < SMALL_IMAGE_TARGET ? Math.min(2, SMALL_IMAGE_TARGET / long) : 1;
  const scale = capScale(image.width, image.height, enlarge);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(image, 0, 0, width, height);
  return rgbaToGray(ctx.getImageData(0, 0, width, height).data, width, height);
}

export function rgbaToGray(rgba: Uint8ClampedArray, width: number, height: number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) {
    data[i] = (rgba[j]! * 77 + rgba[j + 1]! * 150 + rgba[j + 2]! * 29) >> 8;
  }
  return { width, height, data };
}

/**
 * Divides each pixel by the local paper brightness (the brightest value in its neighbourhood),
 * so text on tinted table headers, shadows of a phone photo or yellowed paper becomes dark on
 * white. Without it tesseract's global threshold drops whole coloured table rows.
 */
export function normalizeBackground(image: GrayImage): GrayImage {
  const { width, height, data } = image;
  // About a character or two wide at the usual scan resolutions: always some paper in it.
  const block = Math.max(32, Math.round(Math.max(width, height) / 40));
  const bw = Math.ceil(width / block);
  const bh = Math.ceil(height / block);
  const paper = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let max = 0;
      for (let y = by * block; y < Math.min(height, (by + 1) * block); y++) {
        const row = y * width;
        for (let x = bx * block; x < Math.min(width, (bx + 1) * block); x++) {
          if (data[row + x]! > max) max = data[row + x]!;
        }
      }
      // A block with no paper in it (a photo, a black bar) must not be stretched to white.
      paper[by * bw + bx] = Math.max(max, 96);
    }
  }
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(Math.max((y + 0.5) / block - 0.5, 0), bh - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, bh - 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(Math.max((x + 0.5) / block - 0.5, 0), bw - 1);
      const x0 = Math.floor(fx);
      const x1 = Math.min(x0 + 1, bw - 1);
      const tx = fx - x0;
      const p =
        (paper[y0 * bw + x0]! * (1 - tx) + paper[y0 * bw + x1]! * tx) * (1 - ty) +
        (paper[y1 * bw + x0]! * (1 - tx) + paper[y1 * bw + x1]! * tx) * ty;
      const v = (data[y * width + x]! * 255) / p;
      out[y * width + x] = v > 255 ? 255 : v;
    }
  }
  return { width, height, data: out };
}

/** Binary PGM (P5): tesseract's image reader takes it as is, with no PNG encode and decode. */
export function toPgm(image: GrayImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1');
  return Buffer.concat([header, image.data]);
}
