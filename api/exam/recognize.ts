import type { Block, ExtractedDocument } from '../extract/types.js';
import { readPaper, type PaperItem, type PaperReading, type ReadWork } from './items.js';
import { parseAnswerList, parseGrid, type KeyEntry, type ParsedKey } from './keys.js';
import type { ExamItem, ExamRecognition } from './types.js';

export interface RecognizeOptions {
  /** Original file names by fileId, to name a paper whose header gives no subject. */
  fileNames?: Record<string, string>;
  /** Counts the characters the reader looked at (tests and benches: the work is linear). */
  work?: ReadWork;
}

interface QuestionFile {
  fileId: string;
  paper: string;
  subject?: string;
  reading: PaperReading;
  /** Keys printed in the file itself: an answer section, then 「答案：C」 after items. */
  ownKeys: ParsedKey[];
}

/**
 * Recognises the exam papers of a material (issue 17): its question files' numbered choice
 * items with their options, verbatim; essays apart; and the key from a 標準答案 grid, a 更正
 * grid (corrections win), an answer list or answers printed in the paper. An item about which
 * anything is unsure is left out and listed in `skipped`, never given a guessed key.
 */
export function recognizeExam(
  document: Pick<ExtractedDocument, 'blocks'>,
  options: RecognizeOptions = {},
): ExamRecognition {
  const files = groupByFile(document.blocks);
  const papers: QuestionFile[] = [];
  const keyFiles: Array<ParsedKey & { fileId: string }> = [];
  for (const [fileId, blocks] of files) {
    const text = blocks.map((b) => b.text).join('\n');
    const grid = parseGrid(text);
    if (grid) {
      keyFiles.push({ ...grid, fileId });
      continue;
    }
    const reading = readPaper(blocks, options.work);
    if (!reading.notPaper && reading.items.length + reading.skipped.length >= 2) {
      papers.push({
        fileId,
        ...paperName(blocks, fileId, options),
        reading,
        ownKeys: ownKeys(reading),
      });
      continue;
    }
    const list = parseAnswerList(text);
    if (list) keyFiles.push({ ...list, fileId });
  }
  const result: ExamRecognition = {
    items: [],
    essays: [],
    keyFound: false,
    corrections: 0,
    skipped: [],
    keyFileIds: [],
  };
  // A 標準答案 or 更正 grid is a key file whatever it keys; an answer list only when it keyed an
  // item (a list is also found in prose: "Table 2 a").
  const keyFileIds = new Set(keyFiles.filter((k) => k.kind !== 'list').map((k) => k.fileId));
  for (const paper of papers) {
    const external = keyFiles.filter(
      (k) => papers.length === 1 || (k.subject !== undefined && k.subject === paper.subject),
    );
    const keyed = applyKeys(paper, [...paper.ownKeys, ...external]);
    for (const key of external)
      if (keyed.items.some((i) => key.entries.has(i.number))) keyFileIds.add(key.fileId);
    if (paper.ownKeys.length > 0 && keyed.items.some((i) => i.key.length > 0 || i.anyAnswer))
      keyFileIds.add(paper.fileId);
    result.items.push(...keyed.items);
    result.skipped.push(...keyed.skipped);
    result.corrections += keyed.corrections;
    result.keyFound ||= keyed.keyFound;
    for (const essay of paper.reading.essays) {
      result.essays.push({
        paper: paper.paper,
        number: essay.number,
        text: essay.text,
        citation: {
          fileId: essay.fileId,
          location: essay.location,
          quote: essay.text.slice(0, 200),
        },
      });
    }
  }
  result.keyFileIds = [...keyFileIds].filter((id) => files.has(id));
  return result;
}

function groupByFile(blocks: Block[]): Map<string, Block[]> {
  const files = new Map<string, Block[]>();
  for (const block of blocks) {
    const list = files.get(block.fileId);
    if (list) list.push(block);
    else files.set(block.fileId, [block]);
  }
  return files;
}

/** "114年 火災學概要" from the paper's header (year and 科目), else the file's name. */
function paperName(
  blocks: Block[],
  fileId: string,
  options: RecognizeOptions,
): { paper: string; subject?: string } {
  const head = blocks
    .slice(0, 12)
    .map((b) => b.text)
    .join(' ');
  const subject = /科\s*目\s*(?:名\s*稱)?\s*[:：]\s*([^\s(（]+)/u.exec(head)?.[1];
  const year = /(\d{2,3})\s*年/u.exec(head)?.[1];
  if (subject) return { paper: year ? `${year}年 ${subject}` : subject, subject };
  const name = options.fileNames?.[fileId] ?? fileId;
  return { paper: name.replace(/\.[a-z0-9]{1,5}$/iu, '') };
}

function ownKeys(reading: PaperReading): ParsedKey[] {
  const keys: ParsedKey[] = [];
  const inline = new Map<number, KeyEntry>();
  for (const item of reading.items) {
    if (item.inlineKey) inline.set(item.number, { letters: item.inlineKey, anyAnswer: false });
  }
  if (inline.size > 0) {
    keys.push({ kind: 'list', entries: inline, problems: new Map(), corrected: new Set() });
  }
  const section = reading.answerText ? parseAnswerList(reading.answerText) : undefined;
  if (section) keys.push(section);
  return keys;
}

const PRIORITY: Record<ParsedKey['kind'], number> = { list: 0, grid: 1, correction: 2 };

/**
 * The key of each item: a correction wins; otherwise every key that names the item must agree.
 * Items whose key is missing, contradictory or names a letter the item does not print are
 * left out.
 */
function applyKeys(
  paper: QuestionFile,
  keys: ParsedKey[],
): Pick<ExamRecognition, 'items' | 'skipped' | 'corrections' | 'keyFound'> {
  const sorted = [...keys].sort((a, b) => PRIORITY[b.kind] - PRIORITY[a.kind]);
  const keyFound = sorted.some((k) => paper.reading.items.some((i) => k.entries.has(i.number)));
  const items: ExamItem[] = [];
  const skipped = paper.reading.skipped.map((s) => ({ paper: paper.paper, ...s }));
  let corrections = 0;
  for (const item of paper.reading.items) {
    const skip = (reason: string) =>
      skipped.push({ paper: paper.paper, number: item.number, reason });
    const decided = keyFound ? decide(item.number, sorted) : { entry: undefined, corrected: false };
    if ('reason' in decided) {
      skip(decided.reason);
      continue;
    }
    const { entry, corrected } = decided;
    if (keyFound && !entry) {
      skip('no answer for this item in the key');
      continue;
    }
    const printed = item.options.map((o) => o.letter);
    const outside = entry?.letters.find((l) => !printed.includes(l));
    if (outside) {
      skip(`key letter ${outside} is not one of the item's options`);
      continue;
    }
    if (corrected) corrections++;
    items.push(toExamItem(paper, item, entry, corrected));
  }
  items.sort((a, b) => a.number - b.number);
  return { items, skipped, corrections, keyFound };
}

function decide(
  n: number,
  keys: ParsedKey[],
): { entry: KeyEntry | undefined; corrected: boolean } | { reason: string } {
  let entry: KeyEntry | undefined;
  let corrected = false;
  for (const key of keys) {
    const problem = key.problems.get(n);
    if (problem && !entry) return { reason: problem };
    const found = key.entries.get(n);
    if (!found) continue;
    if (!entry) {
      entry = found;
      corrected = key.kind === 'correction' && key.corrected.has(n);
      if (key.kind === 'correction') break;
      continue;
    }
    const same =
      entry.letters.join('') === found.letters.join('') && entry.anyAnswer === found.anyAnswer;
    if (!same) return { reason: 'the answer keys disagree' };
  }
  return { entry, corrected };
}

function toExamItem(
  paper: QuestionFile,
  item: PaperItem,
  entry: KeyEntry | undefined,
  corrected: boolean,
): ExamItem {
  const anyAnswer = entry?.anyAnswer ?? false;
  const letters = [...new Set(entry?.letters ?? [])].sort();
  // A 複選題 section or a key of several letters (「答案：ABD」): a multiple-select item. A
  // correction never makes a single-choice item multiple-select: 「第21題答C或D或CD者均給分」
  // on a single-choice paper accepts C and D (a set of its letters, for 複選題 only).
  const multi = item.kind === 'multi' || (!corrected && letters.length > 1);
  const sets = multi && !anyAnswer ? entry?.sets : undefined;
  return {
    paper: paper.paper,
    number: item.number,
    kind: multi ? 'multi' : 'single',
    stem: item.stem,
    options: item.options,
    key: anyAnswer ? item.options.map((o) => o.letter) : sets ? sets[0]! : letters,
    ...(sets && sets.length > 1 && { keySets: sets.map((s) => [...s]) }),
    anyAnswer,
    ...(corrected && entry?.note ? { correctionNote: entry.note } : {}),
    citation: {
      fileId: item.fileId,
      location: item.location,
      quote: `${item.number} ${item.stem}`.slice(0, 300),
    },
  };
}
