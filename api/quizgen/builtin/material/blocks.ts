import type { Block } from '../../../extract/types.js';

/**
 * What a block of the material is, so that the generator asks only about study text: prose,
 * lists and table rows are asked about; the rest is context (headings), apparatus (captions,
 * references, tables of contents), not text at all (code, math) or not study material
 * (licences and credits, exercise instructions).
 */
export type BlockKind =
  | 'prose'
  | 'heading'
  | 'list'
  | 'table-row'
  | 'caption'
  | 'reference'
  | 'toc'
  | 'code'
  | 'math'
  | 'boilerplate'
  | 'exercise';

/** Kinds whose sentences may become questions. */
export const ASKABLE_BLOCKS: ReadonlySet<BlockKind> = new Set(['prose', 'list', 'table-row']);

/** Kinds that lend no terms and no distractors (identifiers, citation titles, licence words). */
export const MUTE_BLOCKS: ReadonlySet<BlockKind> = new Set([
  'code',
  'math',
  'reference',
  'toc',
  'boilerplate',
  'caption',
]);

const CAPTION =
  /^(?:Figure|Fig\.|Table|Chart|Graph|Image|Photo|Exhibit|Plate|Map|Source|圖|表|附圖|附表|資料來源)\s*[\dA-Z一二三四五六七八九十.\-–]*\s*[:：.．]\s*\S/u;

const REFERENCE_HEADING =
  /^(?:references?|bibliography|works cited|literature cited|sources|further reading|citations?|notes|endnotes|參考(?:文獻|資料|書目)|引用(?:文獻|資料)|延伸閱讀|註釋|附註|資料來源)\s*$/iu;
const TOC_HEADING = /^(?:(?:table of )?contents|目\s*錄|目\s*次|內容大綱)\s*$/iu;
const EXERCISE_HEADING =
  /^(?:exercises?|problems?|review questions?|practice(?: problems| questions)?|questions for (?:review|discussion)|self[- ]check|quiz|homework|assignments?|習題|練習(?:題)?|作業|問題與討論|課後(?:練習|問題)|自我評量|思考題|討論題)\s*\d*\s*$/iu;

/** A bibliography entry: authors, a year, a title, a venue, pages or a DOI. */
const REFERENCE_ENTRY =
  /^(?:\[\d+\]\s*|\d+\.\s+)?\p{Lu}[\p{L}'’-]+,\s+(?:\p{Lu}\.|\p{Lu}[\p{L}'’-]+)[^]*?(?:\(\d{4}[a-z]?\)|,\s*\d{4}[a-z]?\.|\b(?:19|20)\d{2}\b)[^]*?(?:\.|doi|https?:)/u;
const REFERENCE_HINT =
  /\bdoi:|\bdoi\.org\/|\bet al\.|\bpp?\.\s*\d|\bvol\.\s*\d|\bIn Proceedings\b|\bRetrieved (?:from|on)\b|\bISBN\b|\bJournal of\b|\barXiv:/i;

/** A table-of-contents line: a title, dot leaders or spaces, a page number. */
const TOC_LINE = /^.{2,80}?(?:\.{3,}|…{2,}|·{3,}|\s{3,}|\t)\s*\d{1,4}\s*$/u;

const LICENCE =
  /\b(?:CC[- ]BY(?:-[A-Z]{2})*|CC0|Creative Commons|SPDX|licen[cs]ed under|license:|all rights reserved|copyright\b)|©|版權所有|著作權所有|授權條款|創用\s*CC|姓名標示/iu;
const CREDIT =
  /^[(（][^]*(?:Interview|Compil|Transcri|Translat|Edit|Photo|採訪|整理|翻譯|編輯|攝影|口述)[^]*[)）]$/iu;

/** Signs of source code on a line. */
const CODE_SIGNS =
  /(?:<-|\|>|=>|->|::|==|!=|&&|\|\||\+\+|;\s*$|\{\s*$|^\s*\}|^\s*(?:import|from|def|class|function|const|let|var|return|if|for|while|library|require|print|echo|sudo|npm|pip|git|cd|ls|export)\b[^.。]*$|^\s*[$>#]\s+\S|^\s*#!|\w+\([^()]*\)\s*$|^\s{2,}\S.*[(){}[\];=]\s*$)/;

function codeShare(lines: string[]): number {
  let code = 0;
  let counted = 0;
  for (const line of lines) {
    if (!line.trim()) continue;
    counted++;
    const symbols = line.match(/[{}()[\];=<>|$#_\\/*+&^%~`]/g)?.length ?? 0;
    const letters = line.match(/[\p{L}\p{N}\s]/gu)?.length ?? 0;
    if (CODE_SIGNS.test(line) || symbols > Math.max(3, letters * 0.12)) code++;
  }
  return counted ? code / counted : 0;
}

const MATH_DISPLAY = /^\s*\$\$[^]*\$\$\s*$|^\s*\\\[[^]*\\\]\s*$|^\s*\\begin\{(?:equation|align)/;

const LIST_LINE =
  /^\s*(?:[-*+•·‧▪■□●○◆◇]|\(?\d{1,3}[.)、]|\(?[a-z][.)]|[(（]?[一二三四五六七八九十]+[)）、])\s+/u;

function isHeading(block: Pick<Block, 'text' | 'location'>): boolean {
  const text = block.text.trim();
  if (block.location.kind === 'paragraph') {
    const last = block.location.headingPath?.at(-1);
    return !!last && last.trim() === text;
  }
  if (block.location.kind === 'slide')
    return !!block.location.title && block.location.title.trim() === text;
  return false;
}

/** The heading a block sits under, nearest first: "References", 「習題」. */
function sectionHeadings(block: Pick<Block, 'location'>): string[] {
  return block.location.kind === 'paragraph'
    ? [...(block.location.headingPath ?? [])].reverse()
    : [];
}

/** The kind of one block, from its text, its place (sheet, slide, heading) and its section. */
export function classifyBlock(block: Pick<Block, 'text' | 'location'>): BlockKind {
  const text = block.text.trim();
  if (block.location.kind === 'sheet') return 'table-row';
  if (isHeading(block)) {
    return 'heading';
  }
  const lines = text.split('\n');
  const sections = sectionHeadings(block);
  // The nearest heading decides: a "References" section, a table of contents, exercises.
  const under = sections[0] ?? '';
  if (TOC_HEADING.test(under)) return 'toc';
  if (REFERENCE_HEADING.test(under)) return 'reference';
  if (EXERCISE_HEADING.test(under)) return 'exercise';
  if (MATH_DISPLAY.test(text)) return 'math';
  if (lines.length >= 2 && codeShare(lines) >= 0.5) return 'code';
  if (lines.length === 1 && codeShare(lines) === 1 && !/[.。!?！？]\s*$/.test(text)) return 'code';
  if (CAPTION.test(text) && text.length <= 400) return 'caption';
  if (lines.filter((l) => TOC_LINE.test(l)).length >= Math.max(2, lines.length * 0.6)) return 'toc';
  const references = lines.filter((l) => REFERENCE_ENTRY.test(l) || REFERENCE_HINT.test(l)).length;
  if (
    references &&
    references >= lines.length * 0.5 &&
    (lines.length > 1 || REFERENCE_ENTRY.test(text))
  )
    return 'reference';
  if (CREDIT.test(text) || (LICENCE.test(text) && text.length <= 300)) return 'boilerplate';
  if (lines.length >= 2 && lines.filter((l) => LIST_LINE.test(l)).length >= lines.length * 0.5)
    return 'list';
  if (lines.length === 1 && LIST_LINE.test(text)) return 'list';
  return 'prose';
}

/** Every block's kind, in order. */
export function classifyBlocks(
  blocks: ReadonlyArray<Pick<Block, 'text' | 'location'>>,
): BlockKind[] {
  return blocks.map((b) => classifyBlock(b));
}
