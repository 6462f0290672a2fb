/**
 * Exam papers (考選部 national exams among them) print the letters of their options, (A) to
 * (D), as glyphs of a symbol font that map to private-use code points: no text, but the one
 * sign of where an option starts. Such a glyph is kept as a mark while the page is laid out,
 * and the paragraph's text then says where the options are (see markOptions); any other
 * private-use glyph (a symbol bullet) is dropped as before.
 */

const PRIVATE_USE = /[\ue000-\uf8ff]/u;
const PRIVATE_USE_ALL = /[\ue000-\uf8ff]/gu;

/**
 * The private-use glyphs of a page that are option letters: printed alone, with the next or
 * previous code point also printed alone on the page (option letters are consecutive glyphs
 * of one font; a bullet repeats one glyph).
 */
export function optionMarks(items: ReadonlyArray<object>): Set<string> {
  const lone = new Set<number>();
  for (const item of items) {
    if (!('str' in item) || typeof item.str !== 'string') continue;
    const s = item.str.trim();
    if (s.length === 1 && PRIVATE_USE.test(s)) lone.add(s.charCodeAt(0));
  }
  const marks = new Set<string>();
  for (const c of lone) {
    if (lone.has(c - 1) || lone.has(c + 1)) marks.add(String.fromCharCode(c));
  }
  return marks;
}

/** True when a line starts with an option mark. */
export function startsWithMark(text: string): boolean {
  return PRIVATE_USE.test(text.charAt(0));
}

export function hasMark(text: string): boolean {
  return PRIVATE_USE.test(text);
}

/**
 * Writes a paragraph holding option marks as "stem\nopt1 opt2 opt3 opt4": a line break where
 * the options begin, one space between options, and non-breaking spaces inside an option, so
 * the options can be told apart ("1 MW 1 kW" is two options, not four) while the text still
 * reads as before. Only marks in one run of consecutive letters count as options; anything
 * else (two questions in one paragraph, letters out of order) loses its marks, as before.
 */
export function markOptions(text: string): string {
  if (!PRIVATE_USE.test(text)) return text;
  const parts = text.split(PRIVATE_USE_ALL);
  const codes = [...text.matchAll(PRIVATE_USE_ALL)].map((m) => m[0].charCodeAt(0));
  const consecutive = codes.every((c, i) => i === 0 || c === codes[i - 1]! + 1);
  const options = parts.slice(1).map((p) => p.trim().replace(/\s+/gu, '\u00a0'));
  if (!consecutive || options.some((o) => o.length === 0)) {
    return text.replace(PRIVATE_USE_ALL, ' ').replace(/\s+/gu, ' ').trim();
  }
  const stem = parts[0]!.trim();
  return stem ? `${stem}\n${options.join(' ')}` : options.join(' ');
}

/**
 * True when a candidate column gutter runs between the options of exam questions printed in
 * a grid (A and B on one row, C and D on the next): the right side then holds option marks
 * but never the first letter, which a real right-hand column of questions would.
 */
export function splitsOptionGrid(
  left: ReadonlyArray<{ text: string }>,
  right: ReadonlyArray<{ text: string }>,
): boolean {
  const codes = (side: ReadonlyArray<{ text: string }>) =>
    side.flatMap((f) => [...f.text.matchAll(PRIVATE_USE_ALL)].map((m) => m[0].charCodeAt(0)));
  const onRight = codes(right);
  if (onRight.length === 0) return false;
  const first = Math.min(...codes(left), ...onRight);
  return !onRight.includes(first);
}
