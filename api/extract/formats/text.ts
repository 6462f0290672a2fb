import { readFile } from 'node:fs/promises';
import { decodeText, readTextChunks } from '../decode.js';
import { jsonItems } from '../office/json-lines.js';
import { markdownItems, type TextItem } from '../office/markdown.js';
import {
  paragraphs,
  streamLines,
  streamParagraphBlocks,
  streamParagraphs,
} from '../office/plain-text.js';
import { extensionOf } from '../sniff.js';
import {
  collectExtraction,
  type ExtractJob,
  type FileExtraction,
  type StreamedExtraction,
} from '../types.js';

const MARKDOWN = new Set(['md', 'markdown', 'mdown', 'mkd']);

async function* textItems(job: ExtractJob): AsyncGenerator<TextItem> {
  const ext = extensionOf(job.fileName);
  if (ext === 'json') {
    // JSON is parsed whole; text that is not JSON is read as paragraphs.
    const { text } = decodeText(await readFile(job.path));
    yield* jsonItems(text) ?? paragraphs(text).map((p) => ({ text: p }));
    return;
  }
  const chunks = readTextChunks(job.path);
  if (MARKDOWN.has(ext)) yield* markdownItems(streamLines(chunks));
  else for await (const text of streamParagraphs(chunks)) yield { text };
}

/**
 * Plain text, Markdown, JSON and source code, decoded by detected encoding: paragraphs at blank
 * lines; Markdown headings as headingPath; JSON flattened to "key: value" lines. Text and
 * Markdown are read as a stream and each block is given out as soon as it is complete, so a
 * 20 MB file is never one string in memory (JSON is parsed whole).
 */
export function streamText(job: ExtractJob): StreamedExtraction {
  return { blocks: streamParagraphBlocks(textItems(job)), warnings: [] };
}

/** streamText with every block collected (tests, and the worker's in-memory answer). */
export function extractText(job: ExtractJob): Promise<FileExtraction> {
  return collectExtraction(streamText(job));
}
