import { OfficeParser, type OfficeContentNode } from 'officeparser';
import { AppError } from '../../lib/errors.js';
import { tableRowTexts } from '../office/item-blocks.js';
import { deckStructure, STRUCTURE_PARTS } from '../office/pptx-structure.js';
import type { ExtractJob, FileExtraction } from '../types.js';
import { guardZip } from '../zip-guard.js';

/** Whitespace collapsed, line breaks inside a paragraph kept. */
const clean = (s: string | undefined) =>
  (s ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');

function nodeText(node: OfficeContentNode): string {
  return clean(node.text) || clean((node.children ?? []).map(nodeText).join('\n'));
}

/** The lines of a slide or notes page: paragraphs, indented bullets, table rows. */
function lines(nodes: OfficeContentNode[], skip: (text: string) => boolean): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (node.type === 'image') continue;
    if (node.type === 'table') {
      const rows = (node.children ?? []).map((row) => (row.children ?? []).map(nodeText));
      out.push(...tableRowTexts(rows));
      continue;
    }
    const text = nodeText(node);
    if (!text || skip(text)) continue;
    if (node.type === 'list') {
      const depth = Math.max(0, node.metadata?.indentation ?? 0);
      out.push(`${'  '.repeat(depth)}- ${text}`);
    } else out.push(text);
  }
  return out;
}

/**
 * PowerPoint (PPTX): one block per slide (title + body + tables) and one per speaker-notes page,
 * numbered by the deck's real order. Content comes from officeparser's AST; order and notes
 * ownership from the deck's own relationships (officeparser goes by file names).
 */
export async function extractPptx(job: ExtractJob): Promise<FileExtraction> {
  const { parts } = await guardZip(job.path, job.limits, (name) => STRUCTURE_PARTS.test(name));
  const deck = deckStructure(parts);
  let content: OfficeContentNode[];
  try {
    const ast = await OfficeParser.parseOffice(job.path, {
      fileType: 'pptx',
      ignoreComments: true,
      ignoreSlideMasters: true,
      extractAttachments: false,
      ocr: false,
      outputErrorToConsole: false,
      onWarning: () => {},
      decompressionLimits: {
        maxUncompressedBytes: job.limits.maxUnzippedBytes,
        maxZipEntries: job.limits.maxZipEntries,
      },
    });
    content = ast.content;
  } catch (err) {
    throw new AppError('FILE_DAMAGED', { cause: err });
  }

  const slides: Array<{ at: number; blocks: FileExtraction['blocks'] }> = [];
  for (const slide of content) {
    if (slide.type !== 'slide') continue;
    const file = slide.metadata?.slideNumber ?? 0;
    const at = deck.position.get(file) ?? (deck.position.size ? undefined : file);
    if (at === undefined) continue; // a slide part the deck does not list
    const isNumber = (t: string) =>
      deck.showsNumber.has(file) && (t === String(at) || t === String(file));
    const children = slide.children ?? [];
    const titleNode = children.find((n) => n.type === 'heading');
    const title = titleNode ? nodeText(titleNode) : '';
    const body = lines(
      children.filter((n) => n !== titleNode),
      isNumber,
    );
    const blocks: FileExtraction['blocks'] = [];
    const text = [title, ...body].filter(Boolean).join('\n');
    if (text)
      blocks.push({
        text,
        location: title ? { kind: 'slide', slide: at, title } : { kind: 'slide', slide: at },
      });
    slides.push({ at, blocks });
  }
  // Notes are attached by officeparser to the slide with the notes file's number; re-home them.
  for (const slide of content) {
    for (const note of slide.notes ?? []) {
      const notesFile =
        note.metadata && 'noteId' in note.metadata
          ? Number(String(note.metadata.noteId).replace(/\D/g, ''))
          : NaN;
      const ownerFile = deck.notesOwner.get(notesFile) ?? notesFile;
      const at = deck.position.get(ownerFile) ?? (deck.position.size ? undefined : ownerFile);
      if (at === undefined) continue;
      const text = lines(note.children ?? [], () => false).join('\n');
      if (!text) continue;
      let entry = slides.find((s) => s.at === at);
      if (!entry) slides.push((entry = { at, blocks: [] }));
      entry.blocks.push({ text, location: { kind: 'notes', slide: at } });
    }
  }
  slides.sort((a, b) => a.at - b.at);
  return { blocks: slides.flatMap((s) => s.blocks), warnings: [] };
}
