import type { DocAnalysis } from './analysis.js';

/*
 * Whether the material itself treats a distractor as the key: it writes one as the other's
 * alias ("response variable (outcome)", "X, also called Y", 「X（Y）」, 「X又稱Y」, 「X也就是Y」)
 * or says one is the other ("the F statistic is the test statistic", "a multiple regression
 * model is a linear model"): then the option is a second right answer, or names the key's
 * kind, and the stem is true of it too.
 */

const ESC = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** English words between a term and its alias. */
const EN_ALIAS =
  /(?:also called|also known as|otherwise known as|sometimes called|often called|a\.k\.a\.|aka|i\.e\.,?|that is,|also referred to as|referred to as|or simply)/
    .source;

/** Chinese words between a term and its alias. */
const ZH_ALIAS =
  /(?:又稱為|又稱|也稱為|也稱|亦稱|或稱為|或稱|簡稱為|簡稱|也叫做|也叫|又叫做|又叫|俗稱|也就是|就是|即是|即|等於)/
    .source;

const lowered = new WeakMap<object, string>();

function englishText(a: Pick<DocAnalysis, 'fullText'>): string {
  let t = lowered.get(a);
  if (t === undefined) {
    t = a.fullText.toLowerCase().replace(/[`*_]/g, '').replace(/\s+/g, ' ');
    lowered.set(a, t);
  }
  return t;
}

const memo = new WeakMap<object, Map<string, boolean>>();

/** Whether the material writes `x` and `y` as one thing (alias, apposition) or one as a kind of the other. */
export function namedAsSameThing(
  a: Pick<DocAnalysis, 'fullText' | 'language'>,
  x: string,
  y: string,
): boolean {
  let cache = memo.get(a);
  if (!cache) memo.set(a, (cache = new Map()));
  const id = `${x}\u0000${y}`;
  let known = cache.get(id);
  if (known === undefined) {
    known =
      a.language === 'zh'
        ? zhLinked(a.fullText, x, y) || zhLinked(a.fullText, y, x)
        : enLinked(englishText(a), x.toLowerCase(), y.toLowerCase()) ||
          enLinked(englishText(a), y.toLowerCase(), x.toLowerCase());
    cache.set(id, known);
  }
  return known;
}

/** `first` written with `second` as its alias right after it, or `first` said to be a `second`. */
function enLinked(text: string, first: string, second: string): boolean {
  if (!first.trim() || !second.trim()) return false;
  const a = ESC(first.replace(/\s+/g, ' '));
  const b = ESC(second.replace(/\s+/g, ' '));
  const plural = '(?:e?s)?';
  const art = '(?:(?:the|an?)\\s+)?';
  const patterns = [
    // "response variable (or outcome variable)", "F statistic (the test statistic)"
    `\\b${a}${plural}\\s*\\(\\s*(?:or\\s+|${EN_ALIAS}\\s*)?${art}${b}${plural}\\s*[),;]`,
    // "X, also called Y", "X, i.e. the Y"
    `\\b${a}${plural}\\s*,?\\s*${EN_ALIAS}\\s+${art}${b}${plural}\\b`,
    // "the F statistic is the test statistic", "a multiple regression model is a linear model"
    `\\b${a}${plural}\\s+(?:is|are)\\s+(?:also\\s+)?(?:(?:called|known as|referred to as)\\s+)?${art}${b}${plural}\\b`,
  ];
  return patterns.some((p) => new RegExp(p).test(text));
}

function zhLinked(text: string, first: string, second: string): boolean {
  if (!first || !second) return false;
  const a = ESC(first);
  const b = ESC(second);
  return (
    new RegExp(`${a}\\s*[（(]\\s*(?:或|${ZH_ALIAS})?\\s*${b}\\s*[)）]`, 'u').test(text) ||
    new RegExp(`${a}\\s*[，,、]?\\s*${ZH_ALIAS}\\s*${b}`, 'u').test(text)
  );
}

/**
 * Modifiers that name one role in a textbook's vocabulary (a lexical resource, not a document's
 * words): "response variable" and "outcome variable" (and "dependent variable") are one thing;
 * so are the explanatory, predictor and independent variable.
 */
const SAME_ROLE_MODIFIERS = [
  'response outcome dependent',
  'explanatory predictor independent',
  'remote distance',
  'mean average',
].map((g) => new Set(g.split(' ')));

/**
 * Whether two English terms share their head and differ only by modifiers of one role
 * ("response variable" / "outcome variable"): the same thing under two names.
 */
export function sameRoleCompound(x: string, y: string): boolean {
  const wx = x.toLowerCase().split(/\s+/);
  const wy = y.toLowerCase().split(/\s+/);
  if (wx.length !== wy.length || wx.length < 2) return false;
  const sing = (w: string) => w.replace(/(?:ies)$/, 'y').replace(/([^s])s$/, '$1');
  if (sing(wx[wx.length - 1]!) !== sing(wy[wy.length - 1]!)) return false;
  for (let i = 0; i < wx.length - 1; i++) {
    const p = wx[i]!;
    const q = wy[i]!;
    if (p === q) continue;
    if (!SAME_ROLE_MODIFIERS.some((g) => g.has(p) && g.has(q))) return false;
  }
  return true;
}
