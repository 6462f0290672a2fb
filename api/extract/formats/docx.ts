import mammoth from 'mammoth';
import { AppError } from '../../lib/errors.js';
import { parseHtml } from '../office/html-dom.js';
import { htmlToItems } from '../office/html-items.js';
import { itemsToBlocks } from '../office/item-blocks.js';
import type { ExtractJob, FileExtraction } from '../types.js';
import { guardZip } from '../zip-guard.js';

const STYLE_MAP = [
  // Tables of contents repeat the headings with page numbers: noise for a quiz.
  "p[style-name^='toc'] => !",
  "p[style-name^='TOC'] => !",
  "p[style-name='Title'] => h1:fresh",
  "p[style-name='Subtitle'] => p:fresh",
];

/**
 * Word (DOCX) through mammoth's HTML, so headings keep their structure: paragraphs and list items
 * as blocks with headingPath, table rows as "header: value" blocks, footnotes and endnotes last.
 */
export async function extractDocx(job: ExtractJob): Promise<FileExtraction> {
  await guardZip(job.path, job.limits);
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { path: job.path },
      {
        styleMap: STYLE_MAP,
        // Pictures carry no text; skipping them keeps megabytes of base64 out of the worker.
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
        externalFileAccess: false,
      },
    );
    html = result.value;
  } catch (err) {
    throw new AppError('FILE_DAMAGED', { cause: err });
  }
  // Documents formatted by hand (bold lines, capitals) instead of Heading styles still have
  // sections; read those lines as headings only when no real heading exists.
  const pseudoHeadings = !/<h[1-6][\s>]/.test(html);
  const items = htmlToItems(parseHtml(html), { pseudoHeadings, dropNoteLinks: true });
  return { blocks: itemsToBlocks(items), warnings: [] };
}
