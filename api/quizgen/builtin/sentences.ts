import type { ExtractedDocument, Location } from '../../extract/types.js';

/** One sentence of the document: a verbatim slice of a block's text. */
export interface SentenceSpan {
  blockIndex: number;
  /** Offset of the sentence in its block's text. */
  start: number;
  text: string;
}

const ZH_END = /[。！？!?]+[」』”’）)]*|\n+/g;
const EN_ABBREVIATIONS = new Set(
  'mr mrs ms dr prof sr jr st vs etc al fig figs eq no nos vol pp ch sec inc ltd co corp dept approx e.g i.e u.s u.k a.m p.m jan feb mar apr jun jul aug sep sept oct nov dec'.split(
    ' ',
  ),
);
/**
 * Leading markup that is not part of a sentence: headings, quotes, bullets, list numbers; in
 * transcripts timestamps ([00:12:34], 01:23), stage directions ([laughs], （笑）) and speaker
 * labels (Q:, Interviewer:, 主持人：, **Audrey Tang:**) — a speaker label is not a topic.
 */
const LEADING_MARKUP =
  /^(?:[[(（]?\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?[\])）]?\s*(?:-->?\s*\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?\s*)?|[[(（【](?:laughs?|laughter|applause|inaudible|crosstalk|music|pause|silence|笑|笑聲|眾笑|掌聲|鼓掌|聽不清楚|音樂)[^\])）】]{0,20}[\])）】]\s*|(?:Q|A|Q\d+|A\d+|Question|Answer|Interviewer|Interviewee|Host|Moderator|Audience(?: member)?|Speaker(?: \d+)?|問|答|主持人|主持|記者|來賓|講者|觀眾|提問|與談人)\s*[:：]\s*|\p{Lu}[\p{L}.'’-]*(?:\s\p{Lu}[\p{L}.'’-]*){0,2}:\s+(?=["“]?\p{Lu})(?=[^]{40})(?![^;\n]*;[^;\n]{1,40}: )|[#>*•·‧▪■□●○◆◇-]+\s*|\(?\d{1,3}[.)、]\s+|[(（]?[一二三四五六七八九十]+[)）、]\s*|第\s*[\d一二三四五六七八九十百]+\s*[條款項章節編]\s*|\([a-z]\)\s+|\d+(?:\.\d+)+\s+|\d{1,3}\s+(?=\p{Script=Han}))+/u;

/** Splits every block into sentences, keeping offsets so a sentence can be quoted verbatim. */
export function splitDocument(doc: ExtractedDocument): SentenceSpan[] {
  const out: SentenceSpan[] = [];
  doc.blocks.forEach((block, blockIndex) => {
    const spans = doc.language === 'zh-TW' ? splitChinese(block.text) : splitLatin(block.text);
    for (const [start, end] of spans) {
      const span = trimSpan(block.text, start, end);
      if (span) out.push({ blockIndex, start: span[0], text: block.text.slice(span[0], span[1]) });
    }
  });
  return out;
}

function splitChinese(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let start = 0;
  for (const m of text.matchAll(ZH_END)) {
    const end = m.index + m[0].length;
    spans.push(...splitLongAtSemicolons(text, start, end));
    start = end;
  }
  if (start < text.length) spans.push(...splitLongAtSemicolons(text, start, text.length));
  return spans;
}

/** A long legal sentence reads better as its clauses: split after ；when over 120 characters. */
function splitLongAtSemicolons(text: string, start: number, end: number): Array<[number, number]> {
  if (end - start <= 120) return [[start, end]];
  const spans: Array<[number, number]> = [];
  let from = start;
  for (let i = start; i < end; i++) {
    if (text[i] === '；' && i + 1 - from >= 15 && end - (i + 1) >= 15) {
      spans.push([from, i + 1]);
      from = i + 1;
    }
  }
  spans.push([from, end]);
  return spans;
}

function splitLatin(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let start = 0;
  // A line break ends a sentence unless the next line goes on in lower case (a wrapped line).
  const boundary =
    /([.!?]+)(["'”’)\]]*)(\s+)(?=["'“‘([]?[\p{Lu}\p{N}])|\n\s*\n|\n(?=\s*[^\s\p{Ll}])/gu;
  for (const m of text.matchAll(boundary)) {
    if (m[1] && isAbbreviationBefore(text, m.index)) continue;
    const end = m.index + (m[1] ? m[1].length + (m[2]?.length ?? 0) : 0);
    spans.push([start, end]);
    start = m.index + m[0].length;
  }
  if (start < text.length) spans.push([start, text.length]);
  return spans;
}

function isAbbreviationBefore(text: string, dotIndex: number): boolean {
  const before = text.slice(Math.max(0, dotIndex - 8), dotIndex + 1);
  const word = /([\p{L}.]+)\.$/u.exec(before)?.[1]?.toLowerCase();
  if (!word) return false;
  return EN_ABBREVIATIONS.has(word) || /^(\p{L}\.)*\p{L}$/u.test(word);
}

function trimSpan(text: string, start: number, end: number): [number, number] | undefined {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s]!)) s++;
  while (e > s && /\s/.test(text[e - 1]!)) e--;
  const markup = LEADING_MARKUP.exec(text.slice(s, e));
  if (markup) s += markup[0].length;
  return e - s >= 2 ? [s, e] : undefined;
}

/** A short stable label for a location, used to group sentences and to test spread. */
export function locationKey(fileId: string, location: Location): string {
  switch (location.kind) {
    case 'page':
      return `${fileId}#p${location.page}`;
    case 'slide':
      return `${fileId}#s${location.slide}`;
    case 'notes':
      return `${fileId}#n${location.slide}`;
    case 'sheet':
      return `${fileId}#${location.sheet}!${location.rowStart}-${location.rowEnd}`;
    case 'paragraph':
      return `${fileId}#para${location.index}`;
  }
}
