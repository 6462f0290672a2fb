import type { Block, Location } from '../extract/types.js';
import { splitOptions } from './options.js';
import type { ExamOption } from './types.js';
import { clean, foldWidth, joinPieces, letterOf, zhNumber } from './text.js';

/** One numbered choice question as read from a question file, before any key is applied. */
export interface PaperItem {
  number: number;
  kind: 'single' | 'multi';
  stem: string;
  options: ExamOption[];
  /** A key printed with the item itself (「答案：C」, "Answer: C"). */
  inlineKey?: string[];
  fileId: string;
  location: Location;
}

export interface PaperEssay {
  number: number;
  text: string;
  fileId: string;
  location: Location;
}

export interface PaperReading {
  items: PaperItem[];
  essays: PaperEssay[];
  skipped: Array<{ number: number; reason: string }>;
  /** Text of an answer section at the end of the file (「答案」, "Answers"), to be read as a key. */
  answerText: string;
  /**
   * Numbered passages that ran past MAX_ITEM_CHARS without options: prose ("1. Introduction"),
   * not items. Not counted as skipped items: they say nothing about a paper.
   */
  abandoned: number;
  /** The reader stopped early: the file reads as prose, not as a question paper. */
  notPaper: boolean;
}

/** Optional counters for tests and benches: the characters the reader looked at. */
export interface ReadWork {
  /** Characters of block text read, plus characters handed to the option splitter. */
  chars: number;
}

/**
 * A numbered passage this long without its options is no exam item: printed items are a few
 * hundred characters (the longest of the development papers about 200). Keeps the work per
 * item bounded, so reading is linear in the file's length.
 */
export const MAX_ITEM_CHARS = 3000;
/** An essay question's text is kept up to this length (essays are only counted and cited). */
const MAX_ESSAY_CHARS = 6000;
/** This many numbered passages abandoned before any item or essay: the file is prose. */
const GIVE_UP_AFTER = 3;

/**
 * A fourth option's label ((D), Ｄ．, d), ④, (丁)) or the line break the PDF extraction writes
 * where glyph-lettered options begin: without one of them an item's options cannot be complete,
 * so the splitter is not run.
 */
const MAY_COMPLETE = /[(（][DdＤｄ丁][)）]|(?<![\p{L}\p{N}.．])[DdＤｄ][.．)）]|④|\n/u;

type Section = 'none' | 'essay' | 'single' | 'multi' | 'answers';

interface Open {
  kind: 'item' | 'essay';
  number: number;
  section: Section;
  text: string;
  fileId: string;
  location: Location;
  /** The text holds a fourth label or an option line break (see MAY_COMPLETE). */
  mayComplete: boolean;
  /** The options are complete: later blocks do not join (but a fifth option's label). */
  complete: boolean;
  /** Ran past MAX_ITEM_CHARS without options: the following blocks are passed over. */
  abandoned: boolean;
}

/** "1 ", "1.", "1、", "(1)", "第1題", "Q1." at the start of a block: a question's number. */
const ITEM_START =
  /^(?:第\s*(\d{1,3})\s*題[.:：、]?\s*|[(（](\d{1,3})[)）]\s*|(?:Q(?:uestion)?\s*)?(\d{1,3})(?:\s*[.．、:：)]\s*|\s+)(?=\S))/iu;
/** 一、 二、: essay questions in national papers, or items in some school papers. */
const ZH_START = /^([一二三四五六七八九十]{1,3})\s*[、.．]\s*/u;
/** A section heading: 甲、申論題部分 / 乙、測驗題部分 / Part II / 第二部分. */
const SECTION_HEAD =
  /^(?:[甲乙丙丁戊]\s*[、.．]|第[一二三四五]部分|(?:part|section)\s+[ivx\d]+\b|[一二三四五]\s*[、.．]\s*(?:單選|複選|多選|選擇|申論|非選|問答))/iu;
const ANSWER_HEAD = /^(?:參考答案|標準答案|答案|解答|answers?(?:\s+key)?|key)\s*[:：]?(?:\s|$)/iu;
const INLINE_KEY =
  /\s*(?:【\s*)?(?:答案|正解|answer|ans\.?)\s*[:：]?\s*[(（]?\s*([A-Ea-eＡ-Ｅ①-⑤](?:\s*[,、，]?\s*[A-Ea-eＡ-Ｅ①-⑤])*)\s*[)）]?\s*(?:】)?\s*$/iu;

/**
 * Page furniture left in the text (a header or footer the extraction kept: printed on too few
 * pages to repeat, or from a DOCX/TXT copy of a paper): 「代號：50150 頁次：4－2」, 「第 2 頁，共 4
 * 頁」, "Page 2 of 4", "- 2 -". Never part of an item, even between a stem and its options.
 */
const FURNITURE =
  /^(?:(?:(?:代\s*號|頁\s*次|座\s*號)\s*[:：]?\s*[\d\s\-－–—/／]*)+|第\s*\d+\s*頁\s*(?:[,，、/／]?\s*共\s*\d+\s*頁)?|共\s*\d+\s*頁\s*[,，、]?\s*第\s*\d+\s*頁|page\s+\d+(?:\s*(?:of|\/)\s*\d+)?|[-–—]\s*\d+\s*[-–—])$/iu;

/** A line holding only an item's key: 「答案：ABD」, "Answer: A, C", 【答案】(B). */
const KEY_LINE =
  /^(?:【\s*)?(?:答案|正解|answer|ans\.?)\s*(?:】\s*)?[:：]?\s*[(（]?\s*[A-Ea-e①-⑤](?:\s*[,、，]?\s*[A-Ea-e①-⑤])*\s*[)）]?\s*(?:】)?$/iu;

/**
 * What follows a section heading in the same block, when it starts a numbered question: the
 * lines after the heading's line, or the text after 「二、複選題（每題4分）」 on one line.
 */
function afterHeading(text: string): string | undefined {
  const nl = text.indexOf('\n');
  const rest = nl >= 0 ? text.slice(nl + 1).trim() : text.replace(HEADING_LINE, '').trim();
  if (rest === text || !rest) return undefined;
  return ITEM_START.test(rest) || ZH_START.test(rest) ? rest : undefined;
}

const HEADING_LINE =
  /^.{0,12}?(?:單選題|複選題|多選題|選擇題)(?:部分)?\s*(?:[(（][^)）]{0,40}[)）])?\s*[:：]?\s+/u;

function sectionOf(text: string): Section | undefined {
  const head = text.slice(0, 40);
  if (!SECTION_HEAD.test(head) && !/^(?:單選題|複選題|多選題|選擇題|申論題|非選擇題)/u.test(head)) {
    return undefined;
  }
  if (/申論|非選擇|問答|作文|essay/iu.test(head)) return 'essay';
  if (/複選|多選|multiple[- ]select/iu.test(head)) return 'multi';
  return 'single';
}

/**
 * Reads the numbered questions of one file in order. A block that starts with the next
 * expected number opens a question; anything else continues the open one until its options
 * are complete. Essay sections (申論題) give essays, never items.
 */
export function readPaper(blocks: Block[], work?: ReadWork): PaperReading {
  const out: PaperReading = {
    items: [],
    essays: [],
    skipped: [],
    answerText: '',
    abandoned: 0,
    notPaper: false,
  };
  let section: Section = 'none';
  let open: Open | undefined;
  let nextItem = 1;
  let nextEssay = 1;
  const close = () => {
    if (open && !open.abandoned) finish(open, out, work);
    open = undefined;
  };
  const opened = (kind: Open['kind'], number: number, text: string, block: Block): Open => {
    const o: Open = {
      kind,
      number,
      section: kind === 'essay' ? 'essay' : section === 'multi' ? 'multi' : 'single',
      text,
      ...at(block),
      mayComplete: MAY_COMPLETE.test(text),
      complete: false,
      abandoned: false,
    };
    if (kind === 'item') settle(o);
    return o;
  };
  /** After the item's text changed: are its options complete, or is it too long to be one? */
  const settle = (o: Open) => {
    if (o.mayComplete) {
      if (work) work.chars += o.text.length;
      o.complete = complete(o.text, o.location.kind === 'page');
    }
    if (!o.complete && o.text.length > MAX_ITEM_CHARS) {
      o.abandoned = true;
      out.abandoned++;
    }
  };
  for (const block of blocks) {
    let text = block.text.trim();
    if (work) work.chars += text.length;
    if (!text || FURNITURE.test(text)) continue;
    if (section === 'answers') {
      out.answerText += `\n${text}`;
      continue;
    }
    // 「答案：ABD」 / "Answer: A, C" on a line of its own (a DOCX paragraph, a PDF line): the
    // open item's key, not the start of an answer section.
    if (open?.kind === 'item' && !open.abandoned && KEY_LINE.test(foldWidth(text))) {
      open.text = `${open.text} ${text}`;
      continue;
    }
    if (
      ANSWER_HEAD.test(foldWidth(text.slice(0, 40))) &&
      out.items.length + out.skipped.length > 0
    ) {
      close();
      section = 'answers';
      out.answerText += `\n${text}`;
      continue;
    }
    const heading = sectionOf(text);
    if (heading) {
      close();
      section = heading;
      // 「二、複選題」 and the first item in one paragraph (a TXT or DOCX without a blank line
      // between them): the item is read from the rest.
      const rest = afterHeading(text);
      if (!rest) continue;
      text = rest;
    }
    // National papers state the single-choice rules in a line of their own.
    if (/^本(?:測驗)?試題為單一選擇題/u.test(text)) {
      close();
      section = 'single';
      continue;
    }
    const zh = ZH_START.exec(text);
    if (section === 'essay') {
      const n = zh ? zhNumber(zh[1]!) : undefined;
      if (n === nextEssay) {
        close();
        open = opened('essay', n, text.slice(zh![0].length), block);
        nextEssay++;
      } else if (open && open.text.length < MAX_ESSAY_CHARS) {
        open.text = joinPieces(open.text, text);
      }
      continue;
    }
    const m = ITEM_START.exec(text);
    const n = m ? Number(m[1] ?? m[2] ?? m[3]) : zh ? zhNumber(zh[1]!) : undefined;
    if (n !== undefined && n === nextItem) {
      close();
      open = opened('item', n, text.slice((m ?? zh)![0].length), block);
      nextItem++;
      continue;
    }
    if (!open || open.abandoned) {
      // Numbered passages that were never items, and nothing read yet: prose, not a paper.
      if (out.abandoned >= GIVE_UP_AFTER && out.items.length + out.essays.length === 0) {
        out.notPaper = true;
        return out;
      }
      continue;
    }
    if (open.kind === 'item') {
      const nextLabel = /^[(（]?[EeＥ][)）.]|^⑤|^[(（]戊[)）]/u.test(text);
      if (open.complete && !nextLabel) continue;
      open.text = open.text.includes('\n') ? `${open.text} ${text}` : joinPieces(open.text, text);
      open.mayComplete ||= MAY_COMPLETE.test(text);
      settle(open);
    } else if (open.text.length < MAX_ESSAY_CHARS) {
      open.text = joinPieces(open.text, text);
    }
  }
  close();
  if (out.abandoned >= GIVE_UP_AFTER && out.items.length + out.essays.length === 0)
    out.notPaper = true;
  return out;
}

function at(block: Block): { fileId: string; location: Location } {
  return { fileId: block.fileId, location: block.location };
}

/** An item whose text already holds its options does not take the next blocks. */
function complete(text: string, fromPdf: boolean): boolean {
  const split = splitOptions(stripInlineKey(text).text, fromPdf);
  return split !== undefined && split.options.length >= 4;
}

function stripInlineKey(text: string): { text: string; key?: string[] } {
  const m = INLINE_KEY.exec(text);
  if (!m) return { text };
  const letters = [...m[1]!.replace(/[\s,、，]/gu, '')].map(letterOf);
  if (letters.some((l) => l === undefined)) return { text };
  return { text: text.slice(0, m.index), key: letters as string[] };
}

function finish(open: Open, out: PaperReading, work?: ReadWork): void {
  if (open.kind === 'essay') {
    out.essays.push({
      number: open.number,
      text: clean(open.text.replace(/\n/gu, ' ')),
      fileId: open.fileId,
      location: open.location,
    });
    return;
  }
  const { text, key } = stripInlineKey(open.text);
  if (work) work.chars += text.length;
  const split = splitOptions(text, open.location.kind === 'page');
  if (!split) {
    out.skipped.push({ number: open.number, reason: 'options not found' });
    return;
  }
  if (split.options.length < 3) {
    out.skipped.push({ number: open.number, reason: `only ${split.options.length} options found` });
    return;
  }
  if (!split.stem) {
    out.skipped.push({ number: open.number, reason: 'stem not found' });
    return;
  }
  out.items.push({
    number: open.number,
    kind: open.section === 'multi' ? 'multi' : 'single',
    stem: split.stem,
    options: split.options,
    ...(key ? { inlineKey: key } : {}),
    fileId: open.fileId,
    location: open.location,
  });
}
