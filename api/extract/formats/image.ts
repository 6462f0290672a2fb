import { readFile } from 'node:fs/promises';
import { loadImage, type Image } from '@napi-rs/canvas';
import { AppError } from '../../lib/errors.js';
import { createOcrEngine } from '../ocr/engine.js';
import { imageSize } from '../ocr/image-size.js';
import { imageToGray, normalizeBackground } from '../ocr/image.js';
import { CHINESE_LABEL } from '../ocr/languages.js';
import { emptyStats, looksLikeUnreadScript, ocrParagraphs } from '../ocr/text.js';
import type { ExtractJob, FileExtraction } from '../types.js';

/** Largest picture decoded (a 48 MP phone photo fits): decoding takes 4 bytes per pixel. */
const MAX_DECODED_PIXELS = 50_000_000;

/**
 * Pictures (PNG, JPEG, GIF, WebP): OCR in English and, when its data is installed,
 * Traditional Chinese. One block per recognized paragraph, location paragraph 1, 2, ...
 */
export async function extractImage(job: ExtractJob): Promise<FileExtraction> {
  const bytes = await readFile(job.path);
  const image = await decode(bytes);
  const engine = await createOcrEngine(job.limits.tessdataDir);
  try {
    const stats = emptyStats();
    const paragraphs = ocrParagraphs(
      await engine.recognize(normalizeBackground(imageToGray(image))),
      stats,
    );
    const warnings: FileExtraction['warnings'] = [];
    if (!engine.languages.includes('chi_tra')) {
      if (looksLikeUnreadScript(stats)) {
        throw new AppError('OCR_LANGUAGE_MISSING', { params: { language: CHINESE_LABEL } });
      }
      warnings.push({ code: 'OCR_LANGUAGE_LIMITED', params: { language: CHINESE_LABEL } });
    }
    return {
      blocks: paragraphs.map((text, i) => ({
        text,
        location: { kind: 'paragraph' as const, index: i + 1 },
      })),
      warnings,
    };
  } finally {
    await engine.terminate();
  }
}

async function decode(bytes: Buffer): Promise<Image> {
  if (bytes.length === 0) throw new AppError('FILE_DAMAGED', { cause: 'empty file' });
  const size = imageSize(bytes);
  if (size && size.width * size.height > MAX_DECODED_PIXELS) {
    throw new AppError('EXTRACTION_MEMORY', { cause: `${size.width}x${size.height} pixels` });
  }
  try {
    const image = await loadImage(bytes);
    if (!image.width || !image.height) throw new Error('no pixels');
    return image;
  } catch (err) {
    throw new AppError('FILE_DAMAGED', { cause: err });
  }
}
