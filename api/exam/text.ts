/**
 * Small text rules shared by the exam reader: width folding for finding labels, and gluing
 * pieces of a question that the extraction left in separate blocks.
 */

/** Full-width ASCII (Ａ, （, ．) as half-width, one UTF-16 unit for one, so indices stay valid. */
export function foldWidth(text: string): string {
  return text.replace(/[\uff01-\uff5e]/gu, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

const CJK = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;

/** Joins two pieces of one question: nothing between Chinese characters, a space otherwise. */
export function joinPieces(left: string, right: string): string {
  if (!left) return right;
  if (!right) return left;
  const a = left.trimEnd();
  const b = right.trimStart();
  const glue = CJK.test(a.slice(-1)) && CJK.test(b.slice(0, 1)) ? '' : ' ';
  return a + glue + b;
}

/** Option and stem text as a learner reads it: non-breaking spaces as spaces, trimmed. */
export function clean(text: string): string {
  return text
    .replace(/\u00a0/gu, ' ')
    .replace(/[ \t]+/gu, ' ')
    .trim();
}

const ZH_DIGITS: Record<string, number> = {
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** 一 → 1, 十二 → 12, 二十 → 20, 三十五 → 35 (up to 99); undefined when not a numeral. */
export function zhNumber(text: string): number | undefined {
  if (!/^[一二三四五六七八九十]{1,3}$/u.test(text)) return undefined;
  const ten = text.indexOf('十');
  if (ten < 0) return text.length === 1 ? ZH_DIGITS[text] : undefined;
  const tens = ten === 0 ? 1 : ZH_DIGITS[text.slice(0, ten)];
  const rest = text.slice(ten + 1);
  const ones = rest ? ZH_DIGITS[rest] : 0;
  if (tens === undefined || ones === undefined || ten > 1) return undefined;
  return tens * 10 + ones;
}

/** A–E from an option or key letter as printed (Ａ, a, ①, 甲); undefined otherwise. */
export function letterOf(label: string): string | undefined {
  const folded = foldWidth(label).trim();
  if (/^[A-Ea-e]$/u.test(folded)) return folded.toUpperCase();
  const circled = '①②③④⑤'.indexOf(folded);
  if (circled >= 0) return 'ABCDE'[circled];
  const stems = '甲乙丙丁戊'.indexOf(folded);
  if (stems >= 0) return 'ABCDE'[stems];
  return undefined;
}
