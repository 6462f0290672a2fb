import { startsWithMark } from './option-marks.js';
import type { Line } from './reading-order.js';

/** Lines of one paragraph and, for each, how it attaches to the line before it. */
export interface Paragraph {
  lines: Line[];
  /**
   * True where the break was meant (a short line, table cells) and the lines are joined with
   * a plain space; false where prose wrapped (hyphenation and CJK rules apply).
   */
  spaced: boolean[];
}

/**
 * Splits the lines of one column stretch into paragraphs: on a vertical gap wider than the
 * usual line pitch, a change of font size (headings), a bullet, a numbered item after a
 * finished sentence, a first-line indent after a finished sentence, a short finished line
 * followed by a line at the margin, or a line that steps back to the margin after indented
 * ones (the next exam question after its options).
 */
export function paragraphs(lines: Line[]): Paragraph[] {
  if (lines.length === 0) return [];
  const margin = commonLeft(lines);
  const right = Math.max(...lines.map((l) => l.x1));
  const widest = Math.max(...lines.map((l) => l.x1 - l.x0));
  const pitch = linePitches(lines);
  const out: Paragraph[] = [{ lines: [lines[0]!], spaced: [false] }];
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1]!;
    const line = lines[i]!;
    const current = out[out.length - 1]!;
    const firstOfParagraph = current.lines.length === 1;
    if (startsParagraph(prev, line, { margin, right, pitch, firstOfParagraph })) {
      out.push({ lines: [line], spaced: [false] });
    } else {
      current.lines.push(line);
      // A line much shorter than the column was broken on purpose (form labels, list rows).
      const short = prev.x1 - prev.x0 < 0.6 * widest;
      current.spaced.push(prev.cells > 1 || line.cells > 1 || short);
    }
  }
  return out;
}

interface Context {
  margin: number;
  right: number;
  pitch: Map<number, number>;
  firstOfParagraph: boolean;
}

const BULLET = /^[•◦▪‣●○■□◆◇➢➤►▸✓✔\u2022\u2023\u2043\u25e6]\s*/u;
const SENTENCE_END = /[.!。！」』”"]$/u;
/** "1 ", "2. ", "(3)", "（4）", "五、": the start of a numbered item or question. */
const NUMBERED = /^(?:\(?\d{1,3}[.)]?\s|[（(]\d{1,3}[）)]|[一二三四五六七八九十]{1,3}、)/u;

function startsParagraph(prev: Line, line: Line, ctx: Context): boolean {
  const size = Math.max(prev.size, line.size);
  const advance = line.base - prev.base;
  // An exam option stays with its question; the line after the options, further left than
  // they are, is the next question (option-marks.ts).
  // A picture may stand between a question and its options (「如下圖所示」).
  if (startsWithMark(line.text) && advance > 0) return false;
  if (startsWithMark(prev.text) && !startsWithMark(line.text) && line.x0 < prev.x0 - 0.5 * size) {
    return true;
  }
  if (Math.abs(prev.size - line.size) > 0.15 * size) return true;
  const usual = ctx.pitch.get(sizeKey(line.size)) ?? 1.25 * size;
  if (advance > 1.45 * usual || advance < -0.5 * size) return true;
  if (BULLET.test(line.text)) return true;
  if (NUMBERED.test(line.text) && /[.!?。！？:：]$/u.test(prev.text.trimEnd())) return true;
  const indented = line.x0 - ctx.margin > 0.8 * size;
  const prevAtMargin = Math.abs(prev.x0 - ctx.margin) <= 0.5 * size;
  const ended = SENTENCE_END.test(prev.text.trimEnd());
  if (indented && prevAtMargin && ended) return true;
  if (!indented && ended && prev.x1 < ctx.right - 3 * size) return true;
  if (line.x0 < prev.x0 - 0.8 * size && !ctx.firstOfParagraph) return true;
  return false;
}

/** The left edge most lines start at. */
function commonLeft(lines: Line[]): number {
  const counts = new Map<number, number>();
  for (const l of lines) {
    const key = Math.round(l.x0 / 2) * 2;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best = lines[0]!.x0;
  let bestCount = 0;
  for (const [x, n] of counts) {
    if (n > bestCount || (n === bestCount && x < best)) {
      best = x;
      bestCount = n;
    }
  }
  return best;
}

function sizeKey(size: number): number {
  return Math.round(size * 2) / 2;
}

/** Median baseline advance between consecutive lines, for each font size. */
function linePitches(lines: Line[]): Map<number, number> {
  const steps = new Map<number, number[]>();
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1]!;
    const b = lines[i]!;
    const d = b.base - a.base;
    if (Math.abs(a.size - b.size) < 0.1 * a.size && d > 0.5 * a.size && d < 3 * a.size) {
      const key = sizeKey(b.size);
      const values = steps.get(key);
      if (values) values.push(d);
      else steps.set(key, [d]);
    }
  }
  const pitches = new Map<number, number>();
  for (const [key, values] of steps) {
    if (values.length < 2) continue;
    values.sort((x, y) => x - y);
    pitches.set(key, values[Math.floor(values.length / 2)]!);
  }
  return pitches;
}
