import type { PageViewport, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { composeAccents, firstChar, isCjk, lastChar, removeCjkSpaces } from './join-text.js';
import { optionMarks } from './option-marks.js';
import { Util } from './pdfjs.js';

type TextContent = Awaited<ReturnType<PDFPageProxy['getTextContent']>>;
type TextItem = Extract<TextContent['items'][number], { str: string }>;

/** A box on the page in display coordinates (points, y grows downwards). */
export interface Box {
  x0: number;
  x1: number;
  top: number;
  bottom: number;
}

/** A run of text on one baseline with no wide gap inside: a line of a column, a table cell. */
export interface Fragment extends Box {
  text: string;
  /** Font size in points (the height of the text). */
  size: number;
  /** Baseline, for telling lines apart. */
  base: number;
  /** The pdf.js items it was made of, left to right, so it can be cut at a gutter later. */
  runs: Run[];
  /** Index of each run that follows a gap wide enough to cut at (a quarter of the size). */
  cuts: number[];
}

export interface PageText {
  page: number;
  width: number;
  height: number;
  /** Horizontal text, in no particular order. */
  fragments: Fragment[];
  /** Rotated or vertical text, in content-stream order; kept, but not laid out. */
  other: string[];
}

export interface Run extends Box {
  text: string;
  size: number;
  base: number;
  spaceBefore: boolean;
  spaceAfter: boolean;
}

/** Splits a row where the gap is wider than this many font sizes (column gutters, cells). */
const FRAGMENT_GAP = 1.5;
/** Inside a fragment, a gap wider than this many font sizes is a word space. */
const WORD_GAP = 0.18;
/** Two CJK pieces further apart than this many font sizes are separate cells, not letter-spacing. */
const CJK_CELL_GAP = 2.5;
/** Between CJK pieces, a gap this wide (in font sizes) separates words, as in table cells. */
const CJK_WORD_GAP = 0.8;

/** Turns pdf.js text items into positioned fragments in display space (page rotation applied). */
export function pageText(page: number, content: TextContent, viewport: PageViewport): PageText {
  const runs: Run[] = [];
  const other: string[] = [];
  const marks = optionMarks(content.items);
  for (const raw of content.items) {
    if (!('str' in raw)) continue;
    const item = raw as TextItem;
    // Private-use code points are glyphs with no meaning outside their font (symbol bullets):
    // a learner cannot read them. The glyph letters of exam options are kept as marks, for
    // the layout to show where each option starts (option-marks.ts).
    const mark = item.str.trim();
    const str = marks.has(mark) ? mark : item.str.replace(/[\u00a0\ue000-\uf8ff]/g, ' ');
    if (!str.trim()) continue;
    const m = Util.transform(viewport.transform, item.transform) as number[];
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = m;
    const size = Math.hypot(c, d);
    const horizontal = a > 0 && Math.abs(b) <= 0.05 * a && size > 0;
    if (!horizontal) {
      other.push(removeCjkSpaces(str.replace(/[\ue000-\uf8ff]/g, ' ').trim()));
      continue;
    }
    const style = content.styles[item.fontName];
    const ascent = style && style.ascent > 0 && style.ascent < 1.5 ? style.ascent : 0.8;
    const descent = style && style.descent < 0 && style.descent > -1 ? -style.descent : 0.2;
    const width = item.width * viewport.scale;
    runs.push({
      text: removeCjkSpaces(str.trim()),
      x0: e,
      x1: e + Math.max(width, 0),
      base: f,
      top: f - size * ascent,
      bottom: f + size * descent,
      size,
      spaceBefore: /^\s/.test(str),
      spaceAfter: /\s$/.test(str),
    });
  }
  return {
    page,
    width: viewport.width,
    height: viewport.height,
    fragments: rows(stackedFractions(runs)).flatMap(splitRow),
    other,
  };
}

/** A numerator or denominator: a short number or symbol. */
const FRACTION_PART = /^[\p{N}\p{L}.]{1,4}$/u;

/**
 * Fractions set as a numerator above and a denominator below the line ("9" over "2" before
 * "O2" in a chemical equation) become one run "9/2" on the line between them, instead of two
 * stray lines of digits above and below it. Both parts must be short, stacked at one x, about
 * a line apart, alone on their baselines nearby, with a run of the line between them close by.
 */
function stackedFractions(runs: Run[]): Run[] {
  const parts = runs.filter((r) => FRACTION_PART.test(r.text) && r.x1 - r.x0 < 3 * r.size);
  if (parts.length < 2) return runs;
  const used = new Set<Run>();
  const added: Run[] = [];
  for (const num of parts) {
    if (used.has(num)) continue;
    const den = parts.find(
      (d) =>
        d !== num &&
        !used.has(d) &&
        Math.abs((d.x0 + d.x1) / 2 - (num.x0 + num.x1) / 2) < 0.4 * num.size &&
        d.base - num.base > 0.9 * num.size &&
        d.base - num.base < 1.8 * num.size,
    );
    if (!den) continue;
    const alone = (part: Run) =>
      !runs.some(
        (r) =>
          r !== part &&
          r !== num &&
          r !== den &&
          Math.abs(r.base - part.base) < 0.3 * part.size &&
          r.text.trim().length > 0 &&
          Math.min(Math.abs(r.x0 - part.x1), Math.abs(part.x0 - r.x1)) < 1.5 * part.size,
      );
    const line = runs.find(
      (r) =>
        r.base > num.base + 0.3 * num.size &&
        r.base < den.base - 0.3 * num.size &&
        r.size >= 0.9 * num.size &&
        Math.min(Math.abs(r.x0 - den.x1), Math.abs(num.x0 - r.x1)) < 1.5 * num.size,
    );
    if (!line || !alone(num) || !alone(den)) continue;
    used.add(num);
    used.add(den);
    added.push({
      ...line,
      text: `${num.text}/${den.text}`,
      x0: Math.min(num.x0, den.x0),
      x1: Math.max(num.x1, den.x1),
      spaceBefore: false,
      spaceAfter: false,
    });
  }
  return used.size === 0 ? runs : [...runs.filter((r) => !used.has(r)), ...added];
}

/**
 * Groups runs whose vertical extents mostly overlap (superscripts stay with their line). A run
 * that sits on top of a run already in the row belongs to another line: a big title beside two
 * small header lines must not swallow both.
 */
function rows(runs: Run[]): Run[][] {
  const sorted = [...runs].sort((p, q) => (p.top + p.bottom) / 2 - (q.top + q.bottom) / 2);
  const out: Array<{ box: Box; runs: Run[] }> = [];
  for (const run of sorted) {
    let best: { box: Box; runs: Run[] } | undefined;
    let bestOverlap = 0.5;
    for (let i = out.length - 1; i >= Math.max(0, out.length - 8); i--) {
      const row = out[i]!;
      const overlap =
        (Math.min(row.box.bottom, run.bottom) - Math.max(row.box.top, run.top)) /
        Math.min(row.box.bottom - row.box.top, run.bottom - run.top);
      if (overlap > bestOverlap && !row.runs.some((r) => collides(r, run))) {
        bestOverlap = overlap;
        best = row;
      }
    }
    if (best) {
      best.runs.push(run);
      // The row keeps the extent of its main text, so that one superscript cannot pull in
      // the next line.
      if (run.size > best.runs[0]!.size) {
        best.box = { ...best.box, top: run.top, bottom: run.bottom };
      }
    } else {
      out.push({ box: { x0: run.x0, x1: run.x1, top: run.top, bottom: run.bottom }, runs: [run] });
    }
  }
  return out.map((row) => row.runs);
}

/** On another baseline and over a third of the narrower run (kerning overlaps stay). */
function collides(a: Run, b: Run): boolean {
  if (Math.abs(a.base - b.base) <= 0.15 * Math.min(a.size, b.size)) return false;
  const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  return overlap > Math.min(a.x1 - a.x0, b.x1 - b.x0) / 3;
}

/** Cuts a row at wide gaps into fragments and writes each fragment's text. */
function splitRow(row: Run[]): Fragment[] {
  const sorted = [...row].sort((p, q) => p.x0 - q.x0);
  const fragments: Fragment[] = [];
  let current: Run[] = [];
  const flush = () => {
    if (current.length) fragments.push(merge(current));
    current = [];
  };
  let right = -Infinity;
  for (const run of sorted) {
    const prev = current[current.length - 1];
    if (prev && isDuplicate(prev, run)) continue;
    const size = Math.min(run.size, prev?.size ?? run.size);
    if (prev && run.x0 - right > FRAGMENT_GAP * size && !cjkLetterSpacing(prev, run, right)) {
      flush();
    }
    current.push(run);
    right = current.length === 1 ? run.x1 : Math.max(right, run.x1);
  }
  flush();
  return fragments;
}

/** Some PDFs fake bold by printing the same text twice, a hair apart. */
function isDuplicate(prev: Run, run: Run): boolean {
  return (
    prev.text === run.text &&
    Math.abs(prev.x0 - run.x0) < 0.3 * run.size &&
    Math.abs(prev.base - run.base) < 0.3 * run.size
  );
}

/**
 * CJK labels are often spread out one character at a time ("等" and "別" two sizes apart): a
 * gap next to a lone character is still inside one word. Between longer pieces ("第1題" and
 * "第2題" in a table) it is not.
 */
function cjkLetterSpacing(prev: Run, run: Run, right: number): boolean {
  const lone = (r: Run) => Array.from(r.text).length === 1;
  return (
    isCjk(lastChar(prev.text)) &&
    isCjk(firstChar(run.text)) &&
    (lone(prev) || lone(run)) &&
    run.x0 - right <= CJK_CELL_GAP * Math.min(prev.size, run.size)
  );
}

/**
 * Where a fragment that runs over a column gutter at x (a long line nearly touching the next
 * column) can be cut: the index of the first item after the gap nearest to x, or -1.
 */
export function cutIndex(f: Fragment, x: number): number {
  let best = -1;
  let bestDistance = 1.5 * f.size;
  for (const i of f.cuts) {
    const gapStart = f.runs[i - 1]!.x1;
    const gapEnd = f.runs[i]!.x0;
    const distance = x < gapStart ? gapStart - x : x > gapEnd ? x - gapEnd : 0;
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  }
  return best;
}

/** The two halves of a fragment cut at the gap nearest to x; undefined if it has none. */
export function splitFragment(f: Fragment, x: number): [Fragment, Fragment] | undefined {
  const at = cutIndex(f, x);
  return at < 0 ? undefined : [merge(f.runs.slice(0, at)), merge(f.runs.slice(at))];
}

const SUBSCRIPT: Record<string, string> = {
  '0': '₀',
  '1': '₁',
  '2': '₂',
  '3': '₃',
  '4': '₄',
  '5': '₅',
  '6': '₆',
  '7': '₇',
  '8': '₈',
  '9': '₉',
  '+': '₊',
  '-': '₋',
  '−': '₋',
  '=': '₌',
  '(': '₍',
  ')': '₎',
};
const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '+': '⁺',
  '-': '⁻',
  '−': '⁻',
  '=': '⁼',
  '(': '⁽',
  ')': '⁾',
};
/** A run set smaller than its line may be a sub- or superscript: only these have a Unicode form. */
const SCRIPT_TEXT = /^[0-9+\-−=()]{1,4}$/u;
/** Smaller than this share of the line's size. */
const SCRIPT_SIZE = 0.85;
/** Its baseline this share of the line's size below (subscript) or above (superscript). */
const SUB_DROP = 0.04;
const SUP_RISE = 0.15;

/**
 * CO₂, m², (NH₄)H₂PO₄ as printed: a short run of digits or signs set smaller than the line and
 * off its baseline, right after a letter, digit or bracket with no gap, is written with the
 * Unicode sub- or superscript characters; otherwise it stays as the plain characters in order.
 */
function scriptOf(run: Run, prev: Run, main: Run): string | undefined {
  if (!SCRIPT_TEXT.test(run.text) || run.size > SCRIPT_SIZE * main.size) return undefined;
  if (!/[\p{L}\p{N})\]]$/u.test(prev.text) || prev.spaceAfter || run.spaceBefore) return undefined;
  if (run.x0 - prev.x1 > WORD_GAP * main.size) return undefined;
  const shift = (run.base - main.base) / main.size;
  const table = shift >= SUB_DROP ? SUBSCRIPT : shift <= -SUP_RISE ? SUPERSCRIPT : undefined;
  if (!table) return undefined;
  return Array.from(run.text, (c) => table[c] ?? c).join('');
}

function merge(runs: Run[]): Fragment {
  // The fragment's size and baseline are those of its main text, not of superscripts.
  const main = runs.reduce((m, r) => (r.text.length * r.size > m.text.length * m.size ? r : m));
  let text = '';
  let prev: Run | undefined;
  for (const run of runs) {
    const script = prev ? scriptOf(run, prev, main) : undefined;
    if (script) {
      text += script;
      prev = run;
      continue;
    }
    if (prev) {
      const gap = run.x0 - prev.x1;
      const size = Math.min(prev.size, run.size);
      const spaced = prev.spaceAfter || run.spaceBefore || gap > WORD_GAP * size;
      // Chinese has no spaces: only a gap of a character or more between multi-character
      // pieces (table cells, separate labels) stays a space.
      const cjk = isCjk(lastChar(text)) && isCjk(firstChar(run.text));
      const lone = Array.from(prev.text).length === 1 || Array.from(run.text).length === 1;
      text += spaced && (!cjk || (gap > CJK_WORD_GAP * size && !lone)) ? ' ' : '';
    }
    text += run.text;
    prev = run;
  }
  const cuts: number[] = [];
  for (let i = 1; i < runs.length; i++) {
    if (runs[i]!.x0 - runs[i - 1]!.x1 >= 0.25 * main.size) cuts.push(i);
  }
  return {
    text: composeAccents(text),
    x0: Math.min(...runs.map((r) => r.x0)),
    x1: Math.max(...runs.map((r) => r.x1)),
    top: Math.min(...runs.map((r) => r.top)),
    bottom: Math.max(...runs.map((r) => r.bottom)),
    size: main.size,
    base: main.base,
    runs,
    cuts,
  };
}
