import { withoutAsides } from './build-statement.js';
import { toChineseNumeral } from './numbers.js';

/**
 * Meaning-preserving restatement of a true/false statement. The same rewrites are applied to
 * a true statement and to a false one (after its swap), so that neither is recognisable by
 * its surface: "verbatim = true, one word changed = false" is no longer a rule a test-wise
 * learner can apply. Every rewrite keeps what the sentence asserts:
 * - asides in parentheses, spoken filler and a leading connective go (withoutAsides);
 * - leading discourse markers go ("In fact,", "Therefore,", 「首先，」, 「換句話說，」);
 * - a trailing restatement or example goes (", i.e., …", ", e.g., …");
 * - of two clauses joined by a semicolon, the one holding the tested point stays (a
 *   conjunction asserts each part);
 * - English contractions are written out (it's → it is, don't → do not);
 * - a number is written in its other form (45% ↔ 45 percent; 10 樓 → 十樓, 10% → 百分之十).
 * The tested point (`keep`) is never touched except for the number form, and a rewrite that
 * leaves too little or touches a negation is not made.
 */
export function restate(
  text: string,
  keep: { start: number; end: number },
  language: 'zh' | 'en',
): string {
  // Mark the tested point so that it can be found again after the rewrites.
  const OPEN = '\uE000';
  const CLOSE = '\uE001';
  const marked =
    text.slice(0, keep.start) +
    OPEN +
    text.slice(keep.start, keep.end) +
    CLOSE +
    text.slice(keep.end);
  let out = withoutInnerAsides(withoutAsidesMarked(marked, OPEN, CLOSE));
  out = language === 'zh' ? restateZh(out) : restateEn(out);
  out = out
    .replace(/[\uE000\uE001]/gu, '')
    .replace(/\s{2,}/g, ' ')
    // A space left before a period or comma ("5 percent .") goes.
    .replace(/(?<=[\p{L}\d%)])\s+(?=[.,;:](?:\s|$))/gu, '')
    .trim();
  if (language === 'en' && /^\p{Ll}/u.test(out) && /^\p{Lu}/u.test(text.trim()))
    out = out[0]!.toUpperCase() + out.slice(1);
  const min = Math.min(12, text.length);
  return out.length >= min ? out : withoutAsides(text, keep);
}

/** withoutAsides on a text whose tested point is marked by two control characters. */
function withoutAsidesMarked(marked: string, open: string, close: string): string {
  const start = marked.indexOf(open);
  const end = marked.indexOf(close);
  const plain = marked.replace(open, '').replace(close, '');
  const keep = { start, end: end - 1 };
  const out = withoutAsides(plain, keep);
  const point = plain.slice(keep.start, keep.end);
  // The point is untouched by withoutAsides: find it again (its first occurrence after the
  // same left neighbour, else its only occurrence).
  const left = plain.slice(Math.max(0, keep.start - 8), keep.start);
  let at = left ? out.indexOf(left + point) : -1;
  if (at >= 0) at += left.length;
  else if (out.indexOf(point) === out.lastIndexOf(point)) at = out.indexOf(point);
  if (at < 0 || !point) return out;
  return out.slice(0, at) + open + point + close + out.slice(at + point.length);
}

/** An aside whose removal could change what a sentence states: a negation, a bound, a number. */
const KEEP_ASIDE =
  /\b(?:not|no|never|only|except|unless|excluding|without|at least|at most|if|when)\b|n['’]t\b|[不非無沒未僅只除]|\d|[零一二兩三四五六七八九十百千萬]/iu;

/**
 * Asides set off inside the sentence: a pair of dashes (— … —, —— … ——, -- … --), a
 * non-restrictive relative clause (", which …,", ", who …,") and a Chinese appositive
 * restatement (「，也就是X，」). Each adds a remark; the sentence asserts the same without it.
 */
function withoutInnerAsides(input: string): string {
  let out = input;
  const drop = (pattern: RegExp, joint = '') => {
    out = out.replace(pattern, (m: string, inner: string, offset: number) =>
      !outsidePoint(out, offset, m.length) || KEEP_ASIDE.test(inner)
        ? m
        : /\p{Script=Han}/u.test(inner)
          ? ''
          : joint,
    );
  };
  drop(/\s?(?:——|—|\s--\s)([^—\uE000\uE001]{3,80}?)(?:——|—|\s--\s)\s?(?=\S)/gu, ' ');
  drop(/,\s(?:which|who)\s([^,;:\uE000\uE001]{3,60}),(?=\s)/gu);
  drop(/[，,]也就是([^，,。；\uE000\uE001]{2,15})(?=，)/gu);
  return out;
}

/** A rewrite applies only outside the tested point. */
function outsidePoint(text: string, index: number, length: number): boolean {
  const open = text.indexOf('\uE000');
  const close = text.indexOf('\uE001');
  if (open < 0) return true;
  return index + length <= open || index >= close;
}

const EN_LEAD = new RegExp(
  '^(?:(?:In fact|Indeed|Of course|Therefore|Thus|Hence|However|Moreover|Furthermore|In addition|' +
    'Additionally|In other words|That is|Yes|Yeah|Right|Okay|OK|Well|So|And|But|Now|Also|Basically|' +
    'Actually|Again|First|Firstly|Second|Secondly|Finally|Importantly|Interestingly|Essentially|' +
    'In short|In sum|In summary|To summarize|For example|For instance|As a result|Because of this|' +
    'For this reason|As mentioned|As we saw)(?:,\\s*|\\s*—\\s*)|(?:Note|Recall|Remember) that\\s+)',
  'u',
);

/** Contractions and their written-out forms ('s only where it is "is"). */
const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\b(can)['’]t\b/giu, '$1not'],
  [/\bwon['’]t\b/gu, 'will not'],
  [/\bWon['’]t\b/gu, 'Will not'],
  [
    /\b(do|does|did|is|are|was|were|has|have|had|could|would|should|must|need)n['’]t\b/giu,
    '$1 not',
  ],
  [/\b(I)['’]m\b/gu, '$1 am'],
  [/\b(you|we|they)['’]re\b/giu, '$1 are'],
  [/\b(I|you|we|they|he|she|it|that|there)['’]ll\b/giu, '$1 will'],
  [/\b(I|you|we|they)['’]ve\b/giu, '$1 have'],
  [/\b(it|that|there|here|what|who|where)['’]s\b(?!\s+(?:been|got|gotten|had)\b)/giu, '$1 is'],
  [/\b(let)['’]s\b/giu, '$1 us'],
];

function restateEn(input: string): string {
  let out = input;
  // Leading discourse markers, repeatedly ("So, in fact, …"), never into the tested point.
  for (let i = 0; i < 3; i++) {
    const m = EN_LEAD.exec(out);
    if (!m || !outsidePoint(out, 0, m[0].length) || out.length - m[0].length < 20) break;
    out = out.slice(m[0].length);
  }
  // An example or restatement in parentheses ("(e.g., 0.01, 0.05)", "(i.e. p < 0.1)"): it
  // asserts nothing the rest needs, numbers or not.
  out = out.replace(
    /\s?\((?:e\.g\.|i\.e\.|for example|for instance)[^()\uE000\uE001]*\)/giu,
    (m, offset: number) => (outsidePoint(out, offset, m.length) ? '' : m),
  );
  // A trailing restatement or example: ", i.e., …", ", e.g., …", ", that is, …" at the end.
  const tail =
    /,\s*(?:i\.e\.|e\.g\.|that is,|for example,|for instance,)\s*[^\uE000\uE001()]*$/iu.exec(out);
  // Only when what stays is a whole claim: "…, there is, for example, …" cut after "there
  // is" leaves a fragment ("… 5,000 people, there is."), and the example was its object.
  if (
    tail &&
    tail.index >= 30 &&
    !/\b(?:is|are|was|were|be|been|has|have|had|the|a|an|of|to|for|with|and|or|but|because|than|as|like|such|include|includes|including)$/iu.test(
      out.slice(0, tail.index).replace(/[,;:\s]+$/u, ''),
    )
  )
    out = `${out.slice(0, tail.index).replace(/[,;:\s]+$/u, '')}.`;
  out = semicolonClause(
    out,
    /;\s+/u,
    5,
    /^(?:so|but|and|thus|therefore|hence|this|that|these|those|it|they|which|then|yet)\b/iu,
  );
  for (const [pattern, replacement] of CONTRACTIONS) out = out.replace(pattern, replacement);
  // Percent: "45%" ↔ "45 percent" (the same number, the other way of writing it).
  out = out.replace(
    /(\d+(?:\.\d+)?)\s?%|(\d+(?:\.\d+)?)\s+(?:percent|per cent)\b/giu,
    (_, sign: string | undefined, word: string | undefined) =>
      sign ? `${sign} percent` : `${word}%`,
  );
  return out;
}

/**
 * Of two clauses joined by a semicolon, the one holding the tested point, when both are long
 * enough to be statements and the kept one does not lean on the other (a connective or a
 * pronoun at its start).
 */
function semicolonClause(text: string, sep: RegExp, minWords: number, leans: RegExp): string {
  const parts = text.split(sep);
  if (parts.length !== 2) return text;
  const [first, second] = parts as [string, string];
  const size = (s: string) =>
    /\p{Script=Han}/u.test(s)
      ? [...s.replace(/[^\p{Script=Han}]/gu, '')].length / 2
      : s.split(/\s+/).length;
  if (size(first) < minWords || size(second) < minWords) return text;
  const inFirst = first.includes('\uE000');
  const inSecond = second.includes('\uE000');
  if (inFirst && !inSecond)
    return `${first.replace(/[,，\s]+$/u, '')}${/\p{Script=Han}/u.test(first) ? '。' : '.'}`;
  if (inSecond && !inFirst && !leans.test(second.replace(/^[\uE000\s]+/u, '')))
    return /\p{Script=Han}/u.test(second) ? second : second[0]!.toUpperCase() + second.slice(1);
  return text;
}

const ZH_LEAD =
  /^(?:是的|對|好|嗯|那|首先|其次|再來|另外|此外|同時|當然|事實上|換句話說|也就是說|總之|總而言之|但是|不過|可是|而且|所以說|所以|因此|因為這樣|其實|然後|那麼|基本上|比如說|例如|譬如說|像是說)[，,、]\s*/u;

const ZH_CLASSIFIER = /[個位名項種次件條隻家所間座張本份人倍天週歲]/u;

function restateZh(input: string): string {
  let out = input;
  for (let i = 0; i < 3; i++) {
    const m = ZH_LEAD.exec(out);
    if (!m || !outsidePoint(out, 0, m[0].length) || [...out].length - [...m[0]].length < 12) break;
    out = out.slice(m[0].length);
  }
  out = semicolonClause(out, /；/u, 6, /^(?:所以|但|而|因此|這|那|它|他|她|其)/u);
  // The tested point's number is written like the others (a lone digit would show which).
  out = out.replace(/[\uE000\uE001]/gu, '');
  // A number in digits written in Chinese numerals (10 樓 → 十樓, 10% → 百分之十); never a year,
  // a decimal, a number with a separator or a code (COVID-19, 2024年).
  out = out.replace(
    /(\s?)(?<![\p{L}\d.,\-－])(\d{1,4})(?![\d.,:：/])(\s*)([%％]|\p{Script=Han})/gu,
    (
      m,
      before: string,
      digits: string,
      _space: string,
      next: string,
      offset: number,
      all: string,
    ) => {
      const n = Number(digits);
      if (/^0\d/u.test(digits) || (n >= 1000 && n <= 2200) || next === '年') return m;
      // The spaces set around a digit in Chinese text go with it.
      const lead = before && /\p{Script=Han}|[，、：]/u.test(all[offset - 1] ?? '') ? '' : before;
      if (next === '%' || next === '％') return `${lead}百分之${toChineseNumeral(n)}`;
      // 2 before a classifier is 兩 (兩個, 兩倍), elsewhere 二 (二到三).
      return `${lead}${toChineseNumeral(n, ZH_CLASSIFIER.test(next))}${next}`;
    },
  );
  return out;
}
