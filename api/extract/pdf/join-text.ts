/**
 * Rules for gluing pieces of text back together, shared by the PDF text layer and OCR:
 * Chinese and Japanese are written without spaces, Latin text with them, and a word broken
 * by a hyphen at the end of a line is one word again.
 */

// Han, kana, Bopomofo and CJK or full-width punctuation. Hangul is left out on purpose:
// Korean separates words with spaces. U+3000 (ideographic space) is a space, not a character.
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u2e80-\u2fff\u3001-\u303f\u31c0-\u31ef\ufe30-\ufe4f\uff00-\uffef]/u;
const CJK_SPACE_CJK = new RegExp(`(${CJK.source})[\\s\\u3000]+(?=${CJK.source})`, 'gu');

export function isCjk(char: string | undefined): boolean {
  return char !== undefined && char !== '' && CJK.test(char);
}

/** Removes spaces that sit between two CJK characters (letter-spaced titles, OCR output). */
export function removeCjkSpaces(text: string): string {
  return text.replace(CJK_SPACE_CJK, '$1');
}

/** One space between words, none at the ends. */
export function collapseWhitespace(text: string): string {
  return text.replace(/[\s\u3000]+/gu, ' ').trim();
}

/** The last character (a whole code point) before trailing spaces. */
export function lastChar(text: string): string | undefined {
  const chars = Array.from(text.trimEnd().slice(-2));
  return chars[chars.length - 1];
}

export function firstChar(text: string): string | undefined {
  return Array.from(text.trimStart().slice(0, 2))[0];
}

/** Joins two pieces on one line: no space between CJK characters, one space otherwise. */
export function joinInline(left: string, right: string): string {
  if (!left) return right;
  if (!right) return left;
  const glue = isCjk(lastChar(left)) && isCjk(firstChar(right)) ? '' : ' ';
  return left.trimEnd() + glue + right.trimStart();
}

// TeX places accents as separate spacing glyphs before the letter: "na¨ıve", "´etude".
const SPACING_ACCENTS: Record<string, string> = {
  '\u00a8': '\u0308',
  '\u00b4': '\u0301',
  '\u02c6': '\u0302',
  '\u02dc': '\u0303',
  '\u00b8': '\u0327',
  '\u02c7': '\u030c',
  '\u02d8': '\u0306',
  '\u02d9': '\u0307',
  '\u02da': '\u030a',
  '\u02dd': '\u030b',
};
const ACCENT_THEN_LETTER = /([\u00a8\u00b4\u02c6\u02dc\u00b8\u02c7\u02d8-\u02dd])\s?(\p{L})/gu;

/** Composes accents that a PDF drew as separate glyphs with the letter they sit on. */
export function composeAccents(text: string): string {
  if (!/[\u00a8\u00b4\u02c6\u02dc\u00b8\u02c7\u02d8-\u02dd]/u.test(text)) return text;
  return text
    .replace(ACCENT_THEN_LETTER, (m, accent: string, letter: string) => {
      const mark = SPACING_ACCENTS[accent];
      if (!mark) return m;
      // A dotless i carries the accent in TeX fonts; the composed letter has its own dot rule.
      return (letter === '\u0131' ? 'i' : letter) + mark;
    })
    .normalize('NFC');
}

const WORD = /\p{L}+(?:[-\u2010]\p{L}+)*/gu;

/**
 * Words seen inside lines of a document, so that a hyphen at a line end can be judged:
 * "speci-/alization" becomes "specialization", but "type-/specialized" stays hyphenated
 * when the document writes "type-specialized" elsewhere and never "typespecialized".
 */
export class Vocabulary {
  private readonly plain = new Set<string>();
  private readonly hyphenated = new Set<string>();

  addLine(text: string): void {
    // The last word of a line may be a broken half; it says nothing about the vocabulary.
    const words = text.match(WORD) ?? [];
    const inner = /[-\u2010\u00ad]\s*$/u.test(text) ? words.slice(0, -1) : words;
    for (const word of inner) {
      const lower = word.toLowerCase();
      if (/[-\u2010]/u.test(lower)) this.hyphenated.add(lower.replace(/\u2010/gu, '-'));
      else this.plain.add(lower);
    }
  }

  /** What the document itself says about head + tail: one word, hyphenated, or no opinion. */
  spelling(head: string, tail: string): 'joined' | 'hyphenated' | undefined {
    const joined = this.plain.has(`${head}${tail}`.toLowerCase());
    const hyphenated = this.hyphenated.has(`${head}-${tail}`.toLowerCase());
    if (joined === hyphenated) return undefined;
    return joined ? 'joined' : 'hyphenated';
  }
}

const LINE_END_HYPHEN = /(\p{L}+)[-\u2010]$/u;
const SOFT_HYPHEN_END = /\u00ad$/u;
const DASH_END = /[\u2013\u2014]$/u;

/** Joins the next line of the same paragraph onto the text so far. */
export function joinLine(text: string, next: string, vocabulary?: Vocabulary): string {
  const left = text.trimEnd();
  const right = next.trimStart();
  if (!left) return right;
  if (!right) return left;
  // Only the end of the paragraph so far matters; matching on all of it would make joining a
  // long paragraph quadratic.
  const tail = left.slice(-64);
  if (SOFT_HYPHEN_END.test(tail)) return left.slice(0, -1) + right;
  const hyphen = LINE_END_HYPHEN.exec(tail);
  if (hyphen) {
    const head = hyphen[1]!;
    const rest = /^\p{L}+/u.exec(right)?.[0];
    const spelling = rest ? vocabulary?.spelling(head, rest) : undefined;
    // Without a clue from the document, a lowercase continuation means a word was broken;
    // "non-" + "American" or "Win-" + "32" keep their hyphen, with no space after it.
    const broken = spelling ? spelling === 'joined' : rest !== undefined && /^\p{Ll}/u.test(rest);
    return broken ? left.slice(0, -1) + right : left + right;
  }
  if (DASH_END.test(tail)) return left + right;
  return joinInline(left, right);
}
