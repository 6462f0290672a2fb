import type { ExtractedDocument, Location } from '../../extract/types.js';
import { rankTerms, type Term } from './keyphrases.js';
import { findNumbers, type NumberMention } from './numbers.js';
import { segmentEnglish } from './segment-en.js';
import { segmentChinese } from './segment-zh.js';
import { buildTables, parseRecord, type Field, type Table } from './records.js';
import { splitDocument } from './sentences.js';
import { countZhNouns, enMentions, zhMentions, type TermMention } from './terms.js';
import type { Token } from './tokens.js';
import { ASKABLE_BLOCKS, classifyBlocks, MUTE_BLOCKS, type BlockKind } from './material/blocks.js';
import { sentenceKind, type SentenceKind } from './material/sentence-kinds.js';
import {
  isQuestionSentence,
  looksLikeHeading,
  pointsAway,
  startsMidClause,
} from './material/statement-shape.js';

export interface AnalysedSentence {
  id: number;
  blockIndex: number;
  fileId: string;
  location: Location;
  /** Offset in the block's text; text is block.text.slice(start, start + text.length). */
  start: number;
  text: string;
  tokens: Token[];
  mentions: TermMention[];
  numbers: NumberMention[];
  /** 0 at the document's start, 1 at its end (by characters). */
  position: number;
  /** Importance of the sentence: the summed scores of its best keyphrases. */
  centrality: number;
  /** Fit to become a question: a whole statement of reasonable length, not a heading. */
  usable: boolean;
  /** The cells of a table row ("Header: value; Header: value"). */
  record?: Field[];
  /** What the sentence's block is (prose, list, table row, caption, code, reference…). */
  blockKind?: BlockKind;
  /** Study text, or an exercise instruction, a note to the reader, a host's chatter. */
  kind?: SentenceKind;
}

export interface DocAnalysis {
  language: 'zh' | 'en';
  sentences: AnalysedSentence[];
  terms: Map<string, Term>;
  /** Terms listed together ("A、B與C", "A, B and C"): the best distractors for each other. */
  siblings: Map<string, Set<string>>;
  /** All block texts joined, to test whether a changed statement is stated somewhere else. */
  fullText: string;
  /** Table rows grouped by sheet and columns. */
  tables: Map<string, Table>;
  /** The best keyphrase score, to scale the others. */
  maxTermScore: number;
  /** Each block's kind, by block index. */
  blockKinds: BlockKind[];
}

/** Sentences, tokens, keyphrases, numbers and lists of a document, sentence by sentence. */
export function analyseDocument(doc: ExtractedDocument, checkAbort: () => void): DocAnalysis {
  const language = doc.language === 'zh-TW' ? 'zh' : 'en';
  const spans = splitDocument(doc);
  const blockKinds = classifyBlocks(doc.blocks);
  const blockOffsets: number[] = [];
  let total = 0;
  for (const block of doc.blocks) {
    blockOffsets.push(total);
    total += block.text.length + 1;
  }
  const tokenLists: Token[][] = [];
  const records = spans.map((span) => parseRecord(span.text));
  spans.forEach((span, i) => {
    if (i % 500 === 0) checkAbort();
    // Table rows are asked cell by cell; their words need no segmenting.
    if (records[i]) tokenLists.push([]);
    else tokenLists.push(language === 'zh' ? segmentChinese(span.text) : segmentEnglish(span.text));
  });
  const nounCounts = language === 'zh' ? countZhNouns(tokenLists) : new Map<string, number>();
  const sentences: AnalysedSentence[] = spans.map((span, id) => {
    const block = doc.blocks[span.blockIndex]!;
    const tokens = tokenLists[id]!;
    const blockKind = blockKinds[span.blockIndex]!;
    const kind = records[id] ? 'study' : sentenceKind(span.text, language);
    // Links and markup (licence lines, footers), code, references, captions and chatter lend
    // no keyphrases and no distractors.
    const mute =
      MUTE_BLOCKS.has(blockKind) ||
      kind === 'chatter' ||
      kind === 'note' ||
      MARKUP.test(span.text) ||
      ASIDE.test(block.text);
    return {
      id,
      blockIndex: span.blockIndex,
      fileId: block.fileId,
      location: block.location,
      start: span.start,
      text: span.text,
      tokens,
      mentions: mute
        ? []
        : language === 'zh'
          ? zhMentions(tokens, nounCounts)
          : enMentions(span.text, tokens),
      numbers: findNumbers(span.text),
      position: total ? (blockOffsets[span.blockIndex]! + span.start) / total : 0,
      centrality: 0,
      usable:
        ASKABLE_BLOCKS.has(blockKind) &&
        kind === 'study' &&
        !ASIDE.test(block.text) &&
        !hasSourceSyntax(span.text) &&
        isStatementShaped(block.text, span.start, span.text, language, !!records[id]) &&
        isUsable(
          span.text,
          language,
          block.location.kind !== 'page' && block.location.kind !== 'paragraph',
        ),
      record: records[id],
      blockKind,
      kind,
    };
  });
  checkAbort();
  const terms = rankTerms(sentences);
  for (const s of sentences) {
    const scores = [...new Set(s.mentions.map((m) => m.key))]
      .map((k) => terms.get(k)!.score)
      .sort((a, b) => b - a);
    s.centrality = scores.slice(0, 3).reduce((a, b) => a + b, 0);
  }
  return {
    language,
    sentences,
    terms,
    siblings: findSiblings(sentences, language),
    fullText: doc.blocks.map((b) => b.text).join('\n'),
    tables: buildTables(sentences),
    maxTermScore: Math.max(1, ...[...terms.values()].map((t) => t.score)),
    blockKinds,
  };
}

/**
 * A sentence that can stand alone as a claim: not a heading set as a paragraph, a question, a
 * pointer to a figure, a section or the book, nor a piece cut from a longer sentence. Table
 * rows are records, asked cell by cell.
 */
function isStatementShaped(
  blockText: string,
  start: number,
  text: string,
  language: 'zh' | 'en',
  record: boolean,
): boolean {
  if (record) return true;
  if (isQuestionSentence(text, language) || pointsAway(text, language)) return false;
  if (startsMidClause(blockText, start, text, language)) return false;
  return language === 'zh' || !looksLikeHeading(text, blockText);
}

/**
 * Source syntax that extraction left in (formats other than Markdown, or math it could not
 * read as text): LaTeX commands, $math$, cross-reference labels, citation keys, identifiers in
 * code style, an omitted computed value. A stem quoting it reads as markup, not a sentence.
 */
const SOURCE_SYNTAX =
  /\\[A-Za-z]{2,}|\$[^$\s][^$]*\$|(?<![\w@.])@(?:fig|tbl|sec|eq)[-:]|(?<![\w@.])@[A-Za-z][\w-]*\d{4}|\{#[\w-]+\}|\[…\]|^:::|\b[a-z]+_[a-z_\d]+\b|\b[a-z]+\d+[a-z]*\(|<-|\|>/;

export function hasSourceSyntax(text: string): boolean {
  return SOURCE_SYNTAX.test(text) || APPARATUS.test(text);
}

/**
 * A sentence that points at the document's apparatus ("given in the table", "see Figure 3",
 * 「如圖 2 所示」): its fact is in something the quiz cannot show, or it only says where to look.
 */
const APPARATUS =
  /\b(?:in|from|see|shown in|given in|described in|displayed in|summarized in|according to) (?:the|this|that|these) (?:figure|table|plot|graph|chart|section|appendix|chapter|footnote)s?\b|^(?:the|this) (?:figure|table|plot|graph|chart) (?:shows|displays|summarizes|summarises|presents|gives|lists)\b|\b(?:Figure|Fig\.|Table|Section|Chapter|Appendix|Exhibit)\s+\d|(?:如|見|參見|參考)(?:下|上)?(?:圖|表)|(?:圖|表)\s*[\d一二三四五六七八九十]+(?:[-.．]\d+)?\s*(?:所示|中|顯示)/i;

const MARKUP = /https?:|www\.|<\/?[a-z][^>]*>/i;
/** A block that is one parenthetical aside: credits, licences, captions. */
const ASIDE = /^[(（][^]*[)）]$/;

/** Footnotes, contact lines, references: text of no use to a learner. */
const BOILERPLATE =
  /\(\d{3}\)\s*\d{3}-\d{4}|\S@\S|\bcontact:|^\d+\s?\p{Lu}{2,}|\b\p{Lu}{2,}-\d{2}-\d+|\b(?:pp?|vol|no)\.\s*\d|\(\w+, D\.C\.|©|copyright|all rights reserved/iu;
/** Exam-paper instructions: how to answer, not what to learn. */
const ZH_EXAM_BOILERPLATE = /作答|不予計分|座號|考試時間|試卷|試卡|抄題|劃記|配分/;
/** An unpunctuated English line is a statement only with a verb in it (not a title). */
const EN_VERB_HINT =
  /\b(?:is|are|was|were|be|been|has|have|had|can|could|will|would|shall|should|must|may|might|does|do|did)\b/i;

/** "About GAO The Government …", or two columns read across ("runs at To our knowledge"). */
const EN_HEADING_JOIN =
  /[\p{L}\d]\s+(?:The|This|These|We|Our)\s|\p{Ll}\s+(?:To|In|For|It|As)\s+\p{Ll}/u;

/** `bullets`: slides and sheets, where a statement may stand without a full stop. */
function isUsable(text: string, language: 'zh' | 'en', bullets: boolean): boolean {
  if (/https?:|www\.|<\/?[a-z]|\[|\]|[:：?？]$|\|/i.test(text) || BOILERPLATE.test(text))
    return false;
  const letters = text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  if (letters < text.replace(/\s/g, '').length * 0.7) return false;
  if (language === 'zh') {
    // Han phrases separated by spaces are option lists or table cells, not a sentence.
    if ((text.match(/\p{Script=Han}\s+(?=\p{Script=Han})/gu)?.length ?? 0) >= 2) return false;
    if (ZH_EXAM_BOILERPLATE.test(text)) return false;
    const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
    return han >= 12 && text.length <= 150 && han >= letters * 0.5 && /[。！？!?；」]$/.test(text);
  }
  const words = text.split(/\s+/).length;
  if (!/^["“‘(]?[\p{Lu}\d]/u.test(text) || text === text.toUpperCase()) return false;
  if (words < 7 || words > 55) return false;
  // A heading run into the next sentence ("About GAO The Government …") or two joined lines.
  if (EN_HEADING_JOIN.test(text) || /\.\/\s/.test(text)) return false;
  // Two columns read across: "a dynamic language (Python). compile a bytecode".
  if (/(?:\p{Ll}{4,}|\))\.\s+\p{Ll}/u.test(text)) return false;
  // A title with a parenthetical ("Current State of Affairs (65 years old now)") is no statement.
  if (/\)$/.test(text) && !/[.!?]\)$/.test(text) && !EN_VERB_HINT.test(text)) return false;
  return /[.!"”)]$/.test(text) || (bullets && words >= 8 && EN_VERB_HINT.test(text));
}

export const ZH_LIST_GAP = /^(?:、|，|,|與|和|及|或|以及|、以及|、和|、與|、及|、或)$/;
export const EN_LIST_GAP = /^\s*(?:,|,?\s+(?:and|or)|,\s*(?:and|or))\s+$|^,\s*$|^\s*\/\s*$/;

function findSiblings(
  sentences: AnalysedSentence[],
  language: 'zh' | 'en',
): Map<string, Set<string>> {
  const siblings = new Map<string, Set<string>>();
  const gap = language === 'zh' ? ZH_LIST_GAP : EN_LIST_GAP;
  for (const s of sentences) {
    let chain: TermMention[] = [];
    const close = () => {
      if (chain.length >= 2)
        for (const a of chain)
          for (const b of chain)
            if (a.key !== b.key) {
              const set = siblings.get(a.key) ?? new Set<string>();
              set.add(b.key);
              siblings.set(a.key, set);
            }
      chain = [];
    };
    s.mentions.forEach((m, i) => {
      const prev = s.mentions[i - 1];
      if (prev && gap.test(s.text.slice(prev.end, m.start))) {
        if (!chain.length) chain.push(prev);
        chain.push(m);
      } else close();
    });
    close();
  }
  return siblings;
}
