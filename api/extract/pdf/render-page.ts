import { createCanvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { capScale, rgbaToGray, type GrayImage } from '../ocr/image.js';
import { OPS } from './pdfjs.js';

/** Resolution for OCR: tesseract reads body text best at 200-300 dpi. */
const OCR_DPI = 300;

const IMAGE_OPS = new Set<number>(
  [
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageMaskXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintImageMaskXObjectRepeat,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageMaskXObjectGroup,
    OPS.paintSolidColorImageMask,
  ].filter((op): op is number => typeof op === 'number'),
);

/** Whether the page paints any picture: a page without one has nothing to OCR. */
export async function hasImages(page: PDFPageProxy): Promise<boolean> {
  const ops = await page.getOperatorList();
  return ops.fnArray.some((fn) => IMAGE_OPS.has(fn));
}

/** Renders a page on white as grayscale, at up to 300 dpi within the OCR pixel budget. */
export async function renderForOcr(page: PDFPageProxy): Promise<{ image: GrayImage; dpi: number }> {
  const base = page.getViewport({ scale: 1 });
  const scale = capScale(base.width, base.height, OCR_DPI / 72);
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  await page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: ctx as unknown as CanvasRenderingContext2D,
    viewport,
  }).promise;
  const image = rgbaToGray(ctx.getImageData(0, 0, width, height).data, width, height);
  return { image, dpi: scale * 72 };
}
