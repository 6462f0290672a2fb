import { readFile } from 'node:fs/promises';
import { decodeText } from '../decode.js';
import { jsonItems } from '../office/json-lines.js';
import { markdownItems } from '../office/markdown.js';
import { eachParagraph, paragraphBlocks } from '../office/plain-text.js';
import { extensionOf } from '../sniff.js';
import type { ExtractJob, FileExtraction } from '../types.js';

const MARKDOWN = new Set(['md', 'markdown', 'mdown', 'mkd']);

function* paragraphItems(text: string): Generator<{ text: string }> {
  for (const p of eachParagraph(text)) yield { text: p };
}

/**
 * Plain text, Markdown, JSON and source code, decoded by detected encoding: paragraphs at blank
 * lines; Markdown headings as headingPath; JSON flattened to "key: value" lines.
 */
export async function extractText(job: ExtractJob): Promise<FileExtraction> {
  const { text } = decodeText(await readFile(job.path));
  const ext = extensionOf(job.fileName);
  const items =
    (MARKDOWN.has(ext) ? markdownItems(text) : null) ??
    (ext === 'json' ? jsonItems(text) : null) ??
    paragraphItems(text);
  return { blocks: paragraphBlocks(items), warnings: [] };
}
