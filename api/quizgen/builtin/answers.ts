import type { AnalysedSentence, DocAnalysis } from './analysis.js';
import type { Term } from './keyphrases.js';
import type { NumberMention } from './numbers.js';
import type { Field, Table } from './records.js';
import type { TermMention } from './terms.js';

/** What a question tests: a keyphrase, a number or a table cell, at its place in the sentence. */
export type Answer =
  | { kind: 'term'; text: string; start: number; end: number; mention: TermMention; term: Term }
  | { kind: 'number'; text: string; start: number; end: number; number: NumberMention }
  | { kind: 'field'; text: string; start: number; end: number; field: Field; table: Table };

/** The few characters (zh) or words (en) around an answer, to test a substitute in context. */
export function contextOf(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  answer: { start: number; end: number },
): { left: string; right: string } {
  const text = sentence.text;
  if (a.language === 'zh') {
    return {
      left: text.slice(Math.max(0, answer.start - 4), answer.start),
      right: text.slice(answer.end, answer.end + 4),
    };
  }
  const left = /(?:\S+\s+){0,2}$/.exec(text.slice(0, answer.start))?.[0] ?? '';
  const right = /^(?:\s*\S+){0,2}/.exec(text.slice(answer.end))?.[0] ?? '';
  return { left, right };
}

/**
 * True when the document states the substitute in the answer's place: the sentence with the
 * substitute, or the substitute with the same words right before or after it, is in the text.
 * Such a substitute would also be a correct answer, so it can be neither a distractor nor the
 * change that makes a statement false.
 */
export function statedInContext(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  answer: { start: number; end: number },
  substitute: string,
): boolean {
  const { left, right } = contextOf(a, sentence, answer);
  const minimum = a.language === 'zh' ? 2 : 3;
  if (left.trim().length >= minimum && a.fullText.includes(left + substitute)) return true;
  if (right.trim().length >= minimum && a.fullText.includes(substitute + right)) return true;
  const whole = sentence.text.slice(0, answer.start) + substitute + sentence.text.slice(answer.end);
  return a.fullText.includes(whole);
}

const ALIAS_END = /[，,。；;：:、）)」』\n]/u;

/**
 * Other names the material itself gives a key: 「X（簡稱Y）」, 「X，又稱Y」, "X (Y)", "Y (X)",
 * "X, also known as Y". A learner who writes the abbreviation or alias the material taught is
 * right. At most three, each short and with a letter in it.
 */
/** Both Latin-script words, and the aside is not an acronym of the key (nor the key of it). */
function latinGloss(key: string, aside: string): boolean {
  const latin = (x: string) => /^[\p{Script=Latin}\d\s'’.-]+$/u.test(x.trim());
  if (!latin(key) || !latin(aside)) return false;
  const initials = (x: string) =>
    x
      .trim()
      .split(/[\s-]+/)
      .map((w) => w[0] ?? '')
      .join('')
      .toLowerCase();
  const acronym = (x: string) => /^\p{Lu}{2,6}s?$/u.test(x.trim());
  if (acronym(aside) && initials(key) === aside.trim().replace(/s$/, '').toLowerCase())
    return false;
  if (acronym(key) && initials(aside) === key.trim().replace(/s$/, '').toLowerCase()) return false;
  return true;
}

export function materialAliases(fullText: string, key: string): string[] {
  const k = key.trim();
  if ([...k].length < 2) return [];
  const out = new Set<string>();
  const add = (alias: string | undefined) => {
    const a = alias?.trim().replace(/^[「『"“]|[」』"”]$/gu, '');
    if (!a || a === k || [...a].length > 40 || !/\p{L}/u.test(a) || ALIAS_END.test(a)) return;
    // An aside is not a name: "(see Figure 3)", "(2019)", "(p < 0.05)", "(e.g. …)".
    if (/\d|^(?:see|e\.g|i\.e|cf|for example|例如|見|參見)/iu.test(a) || a.split(/\s+/).length > 5)
      return;
    // A Chinese aside is a clause, not a name, when it is long or has a particle or a
    // condition in it (「州行政長官（在州立法會不能召集時）」).
    if (/\p{Script=Han}/u.test(a) && ([...a].length > 10 || /[的時在若如不能之於與及或]/u.test(a)))
      return;
    out.add(a);
  };
  for (let at = fullText.indexOf(k); at >= 0 && out.size < 3; at = fullText.indexOf(k, at + 1)) {
    const after = fullText.slice(at + k.length, at + k.length + 60);
    const before = fullText.slice(Math.max(0, at - 60), at);
    // A Latin key inside a longer word ("AI" in "FAIR") is not the key.
    if (/^[\p{Script=Latin}\d]/u.test(k) && /[\p{L}\d]$/u.test(before)) continue;
    if (/[\p{Script=Latin}\d]$/u.test(k) && /^[\p{L}\d]/u.test(after)) continue;
    const paren =
      /^[」』”"]?\s*[（(](?:以下)?(簡稱|简称|又稱|或稱|abbreviated|hereafter|or|aka|also called)?\s*([^（）()]{1,40})[）)]/u.exec(
        after,
      );
    // An English aside after an English term is most often a gloss or a role ("blood thinner
    // (treatment group)"), not another name: only a marked one, or an acronym of the term, is.
    if (paren && (paren[1] || !latinGloss(k, paren[2]!))) add(paren[2]);
    add(/^[，,]?\s*(?:簡稱|又稱|或稱|亦稱)「?([^，,。；;」]{1,20})/u.exec(after)?.[1]);
    add(/^,?\s+also (?:known as|called) ([^,.;()]{1,40})/u.exec(after)?.[1]);
    // "Y (X)": the key is the abbreviation or translation in parentheses. Y is a quoted term
    // (「模型規格」（model spec）), or the words whose initials spell an acronym key.
    if (/^\s*[）)]/u.test(after)) {
      add(/[「『“"]([^」』”"]{1,30})[」』”"]\s*[（(]\s*$/u.exec(before)?.[1]);
      if (/^\p{Lu}{2,6}s?$/u.test(k)) {
        const letters = k.replace(/s$/, '').toLowerCase();
        const words = before.replace(/\s*[（(]\s*$/u, '').split(/\s+/);
        const named = words.slice(-letters.length);
        if (named.map((w) => w[0]?.toLowerCase()).join('') === letters) add(named.join(' '));
      }
    }
  }
  return [...out];
}
