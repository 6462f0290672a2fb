import { foldWidth } from './text.js';

/** What a key says about one question. */
export interface KeyEntry {
  /** Accepted letters ('A'…'E'); for a multiple-select item, the letters of the one answer. */
  letters: string[];
  /** Every answer scores (「一律給分」). */
  anyAnswer: boolean;
  /**
   * Each accepted answer as printed, when a correction accepts several (「答ABD或AB者均給分」
   * gives [A,B,D] and [A,B]): a multiple-select item is right with any one of these sets.
   * `letters` is then their union (what a single-choice item accepts). Absent: `letters` is
   * the one answer.
   */
  sets?: string[][];
  /** The correction note as printed, when a correction changed this entry. */
  note?: string;
}

export interface ParsedKey {
  kind: 'grid' | 'correction' | 'list';
  entries: Map<number, KeyEntry>;
  /** Questions the key names but could not be read with certainty. */
  problems: Map<number, string>;
  /** Numbers a correction changed. */
  corrected: Set<number>;
  /** The subject the key is for (科目名稱), to match it to its paper. */
  subject?: string;
  /** Single-choice items the key declares (單選題數：40題). */
  declared?: number;
}

/** A row of the 標準答案 grid: 題號 第1題 … 第10題 答案 D A … */
const GRID_ROW = /題\s*號\s*((?:第\s*\d{1,3}\s*題\s*)+)答\s*案/gu;
const ANSWER_TOKEN = /^(?:[A-E]{1,5}|#|\*)$/u;

/**
 * Reads a 標準答案 grid or a 更正 grid (「#」 marks and a 備註 note) from the text of a key
 * file; undefined when the text holds no grid row.
 */
export function parseGrid(raw: string): ParsedKey | undefined {
  const text = foldWidth(raw).replace(/＃/gu, '#');
  const rows = [...text.matchAll(GRID_ROW)];
  if (rows.length === 0) return undefined;
  const correction = /更正/u.test(text) || /備\s*註\s*[:：]\s*\S/u.test(text);
  const key: ParsedKey = {
    kind: correction ? 'correction' : 'grid',
    entries: new Map(),
    problems: new Map(),
    corrected: new Set(),
    subject: /科\s*目\s*名\s*稱\s*[:：]\s*([^\s(（]+)/u.exec(text)?.[1],
    declared: Number(/單選題數\s*[:：]\s*(\d+)/u.exec(text)?.[1]) || undefined,
  };
  const marked: number[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const numbers = [...row[1]!.matchAll(/\d+/gu)].map((m) => Number(m[0]));
    const after = text.slice(row.index + row[0].length, rows[r + 1]?.index ?? text.length);
    const tokens: string[] = [];
    for (const token of after.trim().split(/\s+/u)) {
      if (!ANSWER_TOKEN.test(token)) break;
      tokens.push(token);
    }
    if (tokens.length > numbers.length) {
      for (const n of numbers) key.problems.set(n, 'key row has more answers than numbers');
      continue;
    }
    // Blanks stand for unused numbers at the end of the last row; a shorter row anywhere else
    // cannot be placed with certainty.
    numbers.forEach((n, i) => {
      const token = tokens[i];
      if (token === undefined) {
        if (tokens.length > 0 && (key.declared === undefined || n <= key.declared)) {
          key.problems.set(n, 'key row has blanks');
        }
        return;
      }
      if (token === '#' || token === '*') marked.push(n);
      else key.entries.set(n, { letters: [...token], anyAnswer: false });
    });
  }
  const noteAt = /備\s*註\s*[:：]\s*/u.exec(text);
  // Width folding keeps indices: the note is read folded and quoted as printed.
  const notes = readNotes(noteAt ? raw.slice(noteAt.index + noteAt[0].length).trim() : '');
  for (const [n, entry] of notes.entries) {
    key.entries.set(n, entry);
    key.corrected.add(n);
    key.problems.delete(n);
  }
  for (const [n, reason] of notes.problems) key.problems.set(n, reason);
  for (const n of marked) {
    if (!notes.entries.has(n) && !key.problems.has(n)) {
      key.problems.set(n, 'corrected (#) without a note that can be read');
    }
  }
  return key;
}

const CLAUSE_NUMBERS = /第\s*([\d\s、,及和與第]+?)\s*題/gu;

/**
 * The 備註 of a correction: 「第21題答C或D者均給分」, 「第3題一律給分」, 「第37題答B給分」,
 * 「第5題更正為C」. Each clause names its questions; a clause that names questions but says
 * nothing readable marks them as problems, never as a guessed key.
 */
export function readNotes(note: string): {
  entries: Map<number, KeyEntry>;
  problems: Map<number, string>;
} {
  const entries = new Map<number, KeyEntry>();
  const problems = new Map<number, string>();
  // 「第1題至第3題」 names 1, 2 and 3; the lengths change, so the note is quoted from this text.
  note = note.replace(
    /第\s*(\d+)\s*題?\s*(?:至|到|~|～|-|－)\s*第?\s*(\d+)\s*題/gu,
    (m, a: string, b: string) => {
      const [from, to] = [Number(a), Number(b)];
      if (to <= from || to - from > 100) return m;
      return `第${Array.from({ length: to - from + 1 }, (_, i) => from + i).join('、')}題`;
    },
  );
  const text = foldWidth(note);
  // Clauses begin where a question is named.
  const starts = [...text.matchAll(CLAUSE_NUMBERS)].map((m) => m.index);
  starts.forEach((start, i) => {
    const end = starts[i + 1] ?? text.length;
    const printed = note.slice(start, end).replace(/[，,；;。\s]+$/u, '');
    const clause = text.slice(start, end);
    const head = /^第\s*([\d\s、,及和與第]+?)\s*題/u.exec(clause)!;
    const numbers = [...head[1]!.matchAll(/\d+/gu)].map((m) => Number(m[0]));
    const body = clause.slice(head[0].length);
    const entry = readClause(body);
    for (const n of numbers) {
      if (entry) entries.set(n, { ...entry, note: printed });
      else problems.set(n, `correction note not understood: ${printed}`);
    }
  });
  return { entries, problems };
}

function readClause(body: string): Omit<KeyEntry, 'note'> | undefined {
  const b = body.replace(/\s+/gu, '');
  if (/^(?:[，,]?(?:送分|一律給分|均給分|全部給分|皆給分))/u.test(b)) {
    return { letters: [], anyAnswer: true };
  }
  const accepted =
    /^(?:答案?|選)([A-E]{1,5}(?:(?:或|、|,|及)[A-E]{1,5})*)者?(?:均|皆|都)?給分/u.exec(b);
  if (accepted) {
    const letters = new Set<string>();
    const sets: string[][] = [];
    for (const alt of accepted[1]!.split(/或|、|,|及/u)) {
      for (const l of alt) letters.add(l);
      const set = [...new Set(alt)].sort();
      if (!sets.some((s) => s.join('') === set.join(''))) sets.push(set);
    }
    return { letters: [...letters].sort(), anyAnswer: false, ...(sets.length > 1 && { sets }) };
  }
  const changed = /^(?:答案)?(?:更正為|改為|應為)([A-E]{1,5})/u.exec(b);
  if (changed) return { letters: [...new Set(changed[1]!)].sort(), anyAnswer: false };
  return undefined;
}

/**
 * "1. C", "1-C", "1:(C)", "1,C", "1 C", "第1題 C" pairs of an answer list; a multiple-select
 * item's answer as "5. ABD" or "5. A,B,D" / 「5. A、B、D」 (letters joined by commas, never by
 * spaces alone: "1 A 2 B" stays two pairs).
 */
const PAIR =
  /(?<![\d.])(?:第\s*)?(\d{1,3})\s*(?:題)?\s*(?:[.．、:：\-–)=,，]\s*|\s+)[(（]?([A-EＡ-Ｅ]{2,5}(?![a-z])|[A-EＡ-Ｅ](?:\s*[,、，]\s*[A-EＡ-Ｅ](?![A-Za-z\p{Script=Han}]))+|[A-Ea-eＡ-Ｅ])[)）]?(?![A-Za-z\p{Script=Han}])/gu;

/**
 * An answer list ("Answers: 1. C 2. A", "1-C", CSV rows "1,C", an answer page 「1.C 2.A」);
 * undefined when fewer than two pairs are found. Two different answers for one number make
 * that number a problem.
 */
export function parseAnswerList(raw: string): ParsedKey | undefined {
  // Spreadsheet rows come as "Question: 1; Answer: C" (the CSV extractor names each cell).
  const text = foldWidth(raw).replace(
    /(?:question|no\.?|number|#|題號|題目|題)\s*[:：]\s*(\d{1,3})\s*[;；]\s*(?:answer|ans|key|答案|解答)\s*[:：]\s*/giu,
    '$1 ',
  );
  const key: ParsedKey = {
    kind: 'list',
    entries: new Map(),
    problems: new Map(),
    corrected: new Set(),
  };
  let pairs = 0;
  for (const m of text.matchAll(PAIR)) {
    const n = Number(m[1]);
    const letters = [...new Set(m[2]!.toUpperCase().replace(/[\s,、，]/gu, ''))].sort();
    pairs++;
    const seen = key.entries.get(n);
    if (seen && seen.letters.join('') !== letters.join('')) {
      key.entries.delete(n);
      key.problems.set(n, 'two different answers in the answer list');
    } else if (!key.problems.has(n)) {
      key.entries.set(n, { letters, anyAnswer: false });
    }
  }
  return pairs >= 2 ? key : undefined;
}
