import type { ExamOption } from './types.js';
import { clean, foldWidth } from './text.js';

/**
 * Splits a question's text into its stem and options. Two ways of printing options are read:
 * - labels in the text: (A)–(D), Ａ–Ｄ, A. / a), ①–④, (甲)–(丁), found in order;
 * - the national papers' glyph letters, which extract as nothing: the PDF extraction writes a
 *   line break where the options begin, one space between options and non-breaking spaces
 *   inside an option (api/extract/pdf/option-marks.ts).
 * Undefined when neither gives at least two options.
 */
export function splitOptions(
  text: string,
  fromPdf = true,
): { stem: string; options: ExamOption[] } | undefined {
  const labelled = labelledOptions(text);
  const glyph = fromPdf ? glyphOptions(text) : undefined;
  // Statements ①–⑥ in a stem, answered by glyph-lettered options ("①② ③④ …"): the labels
  // all stand before the line break the extraction writes where the options begin.
  if (glyph && (!labelled || labelled.end <= text.lastIndexOf('\n'))) return glyph;
  return labelled;
}

const LETTERS = 'ABCDEF';

/** Label patterns for the n-th option (0-based) of each way of labelling, on width-folded text. */
const FAMILIES: Array<(i: number) => RegExp> = [
  (i) => new RegExp(`[(]${LETTERS[i]}[)]`, 'g'),
  (i) => new RegExp(`[(]${LETTERS[i]!.toLowerCase()}[)]`, 'g'),
  (i) => new RegExp(`(?<![\\p{L}\\p{N}.])${LETTERS[i]}[.)](?=\\s|\\p{Script=Han})`, 'gu'),
  (i) => new RegExp(`(?<![\\p{L}\\p{N}.])${LETTERS[i]!.toLowerCase()}[.)](?=\\s)`, 'gu'),
  (i) => new RegExp('①②③④⑤⑥'[i]!, 'g'),
  (i) => new RegExp(`[(]${'甲乙丙丁戊己'[i]}[)]`, 'g'),
];

/** Options written with their labels: each label found after the one before it. */
function labelledOptions(
  text: string,
): { stem: string; options: ExamOption[]; end: number } | undefined {
  const folded = foldWidth(text);
  let best: Array<{ start: number; end: number }> = [];
  for (const family of FAMILIES) {
    const found: Array<{ start: number; end: number }> = [];
    let from = 0;
    for (let i = 0; i < 6; i++) {
      const re = family(i);
      re.lastIndex = from;
      const m = re.exec(folded);
      if (!m) break;
      found.push({ start: m.index, end: m.index + m[0].length });
      from = m.index + m[0].length;
    }
    if (found.length > best.length) best = found;
  }
  if (best.length < 2) return undefined;
  const options = best.map((label, i) => ({
    letter: LETTERS[i]!,
    text: clean(text.slice(label.end, best[i + 1]?.start ?? text.length)),
  }));
  if (options.some((o) => o.text.length === 0)) return undefined;
  return { stem: clean(text.slice(0, best[0]!.start)), options, end: best[best.length - 1]!.end };
}

/** The glyph-letter layout: "stem\nopt1 opt2 opt3 opt4", spaces inside an option non-breaking. */
function glyphOptions(text: string): { stem: string; options: ExamOption[] } | undefined {
  const at = text.lastIndexOf('\n');
  if (at < 0) return undefined;
  const parts = text
    .slice(at + 1)
    .split(/[ \t]+/u)
    .filter((p) => p.length > 0);
  if (parts.length < 2 || parts.length > 6) return undefined;
  return {
    stem: clean(text.slice(0, at).replace(/\n/gu, ' ')),
    options: parts.map((p, i) => ({ letter: LETTERS[i]!, text: clean(p) })),
  };
}
