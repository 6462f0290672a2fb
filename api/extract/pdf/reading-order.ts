import { splitsOptionGrid } from './option-marks.js';
import { cutIndex, splitFragment, type Box, type Fragment } from './page-text.js';

/** Fragments of one row inside one column, left to right. */
export interface Line extends Box {
  text: string;
  size: number;
  base: number;
  /** Fragments in the line: more than one means table cells or label and value. */
  cells: number;
}

/**
 * Puts a page's fragments in reading order and returns them as runs of lines, each top to
 * bottom. A region is searched for a column gutter: the longest vertical stretch that no line
 * crosses, with column-like text on both sides. What lies above that stretch (a title, an
 * abstract, a full-width figure) comes first, then the left column, then the right one, then
 * what lies below; each part is searched again, so a page can change layout halfway down.
 */
export function readingOrder(fragments: Fragment[]): Line[][] {
  return orderRegion(fragments, 0).filter((group) => group.length > 0);
}

/** Columns inside columns are searched this deep (three-column pages, side notes). */
const MAX_DEPTH = 2;
/** Lines each side of a gutter needs, in one uninterrupted stretch, to count as a column. */
const MIN_COLUMN_LINES = 4;
/** The stretch must cover this share of the region's height. */
const MIN_COLUMN_HEIGHT = 0.12;
/** Each column needs that many lines filling this share of its width (table cells do not). */
const MIN_FILL = 0.6;

function orderRegion(fragments: Fragment[], depth: number): Line[][] {
  if (fragments.length === 0) return [];
  const columns = depth < MAX_DEPTH ? findColumns(fragments) : undefined;
  if (!columns) return [toLines(fragments)];
  return [
    ...orderRegion(columns.above, depth),
    ...orderRegion(columns.left, depth + 1),
    ...orderRegion(columns.right, depth + 1),
    ...orderRegion(columns.below, depth),
  ];
}

interface Columns {
  above: Fragment[];
  left: Fragment[];
  right: Fragment[];
  below: Fragment[];
}

interface Stretch {
  lines: number;
  /** Index range in the top-sorted fragments. */
  from: number;
  to: number;
  top: number;
  bottom: number;
}

function findColumns(fragments: Fragment[]): Columns | undefined {
  if (fragments.length < 2 * MIN_COLUMN_LINES) return undefined;
  const sorted = byTop(fragments);
  const found = findGutter(sorted);
  if (!found) return undefined;
  const { gutter, stretch } = found;
  const left: Fragment[] = [];
  const right: Fragment[] = [];
  for (const f of sorted.slice(stretch.from, stretch.to + 1)) {
    // A line that overruns into the gutter is cut back into its two columns.
    const halves = crosses(f, gutter) ? splitFragment(f, gutter) : undefined;
    if (halves) {
      left.push(halves[0]);
      right.push(halves[1]);
    } else {
      (isLeftOf(f, gutter) ? left : right).push(f);
    }
  }
  return {
    above: sorted.slice(0, stretch.from),
    left,
    right,
    below: sorted.slice(stretch.to + 1),
  };
}

function isLeftOf(f: Fragment, x: number): boolean {
  return (f.x0 + f.x1) / 2 < x;
}

function crosses(f: Fragment, x: number): boolean {
  return f.x0 < x - 1 && f.x1 > x + 1;
}

function byTop(fragments: Fragment[]): Fragment[] {
  return [...fragments].sort((a, b) => a.top - b.top || a.x0 - b.x0);
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * A column gutter and the stretch it separates. Candidates are tried longest stretch first,
 * and must pass the fill test: a table's narrow cells or a code listing's short lines are
 * not columns of text.
 */
function findGutter(sorted: Fragment[]): { gutter: number; stretch: Stretch } | undefined {
  let minX = Infinity;
  let maxX = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  for (const f of sorted) {
    minX = Math.min(minX, f.x0);
    maxX = Math.max(maxX, f.x1);
    top = Math.min(top, f.top);
    bottom = Math.max(bottom, f.bottom);
  }
  const width = maxX - minX;
  const size = median(sorted.map((f) => f.size));
  if (width < 10 * size) return undefined;
  // Gutters are at least 1.5 sizes wide (narrower gaps do not split fragments).
  const step = Math.max(1, size * 0.75);
  // Neighbouring x positions with the same stretch form one candidate gutter.
  const candidates: Array<{ stretch: Stretch; from: number; to: number }> = [];
  for (let x = minX + 0.15 * width; x <= maxX - 0.15 * width; x += step) {
    const stretch = longestStretch(sorted, x);
    if (!stretch || stretch.bottom - stretch.top < MIN_COLUMN_HEIGHT * (bottom - top)) continue;
    const last = candidates[candidates.length - 1];
    const same = last && last.stretch.from === stretch.from && last.stretch.to === stretch.to;
    if (same && x - last.to <= step * 1.01) last.to = x;
    else candidates.push({ stretch, from: x, to: x });
  }
  candidates.sort((a, b) => b.stretch.lines - a.stretch.lines);
  const valid = candidates
    .slice(0, 8)
    .filter((c) =>
      fillsColumns(sorted.slice(c.stretch.from, c.stretch.to + 1), (c.from + c.to) / 2),
    );
  // Of the stretches nearly as long as the longest, the widest gutter wins: a narrow gap
  // between list numbers and their items must not beat the wide gap beside a sidebar.
  const longest = valid[0]?.stretch.lines ?? 0;
  const best = valid
    .filter((c) => c.stretch.lines >= 0.5 * longest)
    .reduce<(typeof valid)[number] | undefined>(
      (b, c) => (!b || c.to - c.from > b.to - b.from ? c : b),
      undefined,
    );
  if (!best) return undefined;
  return { gutter: (best.from + best.to) / 2, stretch: best.stretch };
}

/** The longest top-to-bottom run of fragments not blocking x, with lines on both sides. */
function longestStretch(sorted: Fragment[], x: number): Stretch | undefined {
  let best: Stretch | undefined;
  let from = -1;
  let left = 0;
  let right = 0;
  let top = 0;
  let bottom = 0;
  const close = (to: number) => {
    const lines = left + right;
    if (left >= MIN_COLUMN_LINES && right >= MIN_COLUMN_LINES && (!best || lines > best.lines)) {
      best = { lines, from, to, top, bottom };
    }
    from = -1;
    left = right = 0;
  };
  for (let i = 0; i < sorted.length; i++) {
    const f = sorted[i]!;
    const crossing = f.x0 < x - 1 && f.x1 > x + 1;
    if (crossing && (f.cuts.length === 0 || cutIndex(f, x) < 0)) {
      if (from >= 0) close(i - 1);
      continue;
    }
    if (from < 0) {
      from = i;
      top = f.top;
      bottom = f.bottom;
    }
    // An overrunning line that can be cut keeps the stretch going but does not count as
    // evidence of columns: table rows are cuttable everywhere.
    if (crossing) continue;
    if (f.x1 <= x) left++;
    else right++;
    if (f.bottom > bottom) bottom = f.bottom;
  }
  if (from >= 0) close(sorted.length - 1);
  return best;
}

/** Both sides hold lines that fill their column, as prose does and table cells do not. */
function fillsColumns(fragments: Fragment[], gutter: number): boolean {
  const left = fragments.filter((f) => !crosses(f, gutter) && isLeftOf(f, gutter));
  const right = fragments.filter((f) => !crosses(f, gutter) && !isLeftOf(f, gutter));
  if (left.length === 0 || right.length === 0) return false;
  if (splitsOptionGrid(left, right)) return false;
  const leftEdge = Math.min(...left.map((f) => f.x0));
  const rightEdge = Math.max(...right.map((f) => f.x1));
  const full = (side: Fragment[], sideWidth: number) =>
    side.filter((f) => Math.min(f.x1, rightEdge) - Math.max(f.x0, leftEdge) >= MIN_FILL * sideWidth)
      .length >= MIN_COLUMN_LINES;
  return full(left, gutter - leftEdge) && full(right, rightEdge - gutter);
}

/** Groups fragments into lines: vertical extents that mostly overlap form one line. */
export function toLines(fragments: Fragment[]): Line[] {
  const rows: Fragment[][] = [];
  const boxes: Box[] = [];
  for (const f of [...fragments].sort((a, b) => a.base - b.base || a.x0 - b.x0)) {
    const i = boxes.length - 1;
    const box = boxes[i];
    const overlap = box
      ? (Math.min(box.bottom, f.bottom) - Math.max(box.top, f.top)) /
        Math.min(box.bottom - box.top, f.bottom - f.top)
      : 0;
    if (box && overlap > 0.5) {
      rows[i]!.push(f);
    } else {
      rows.push([f]);
      boxes.push(f);
    }
  }
  return rows.map((row) => {
    const cells = row.sort((a, b) => a.x0 - b.x0);
    const main = cells.reduce((m, c) => (c.text.length > m.text.length ? c : m));
    return {
      text: cells.map((c) => c.text).join(' '),
      x0: Math.min(...cells.map((c) => c.x0)),
      x1: Math.max(...cells.map((c) => c.x1)),
      top: Math.min(...cells.map((c) => c.top)),
      bottom: Math.max(...cells.map((c) => c.bottom)),
      size: main.size,
      base: main.base,
      cells: cells.length,
    };
  });
}
