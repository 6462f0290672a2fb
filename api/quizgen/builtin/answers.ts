import { EN_STOPWORDS } from '../text/stopwords.js';
import { definedAbbreviations, zhDefinedLongForms } from './defined-forms.js';
import { materialWordings } from './en-typed-keys.js';
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

/** Substring answers about the last few materials (and their lower-cased forms), remembered. */
const foundIn = new Map<string, Map<string, boolean>>();

/**
 * Whether the material contains a piece of text. Selection asks the same few pieces again for
 * every slot it tries a candidate in; on a book-sized material each scan costs a millisecond.
 */
export function materialIncludes(fullText: string, piece: string): boolean {
  let found = foundIn.get(fullText);
  if (!found) {
    if (foundIn.size >= 4) foundIn.delete(foundIn.keys().next().value!);
    foundIn.set(fullText, (found = new Map()));
  }
  let hit = found.get(piece);
  if (hit === undefined) {
    hit = fullText.includes(piece);
    if (found.size > 50_000) found.clear();
    found.set(piece, hit);
  }
  return hit;
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
  if (left.trim().length >= minimum && materialIncludes(a.fullText, left + substitute)) return true;
  if (right.trim().length >= minimum && materialIncludes(a.fullText, substitute + right))
    return true;
  const whole = sentence.text.slice(0, answer.start) + substitute + sentence.text.slice(answer.end);
  return materialIncludes(a.fullText, whole);
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

const ALL_HAN = /^\p{Script=Han}+$/u;

/** Two Chinese words of which neither shares a character with the other. */
function unrelatedHanAside(key: string, aside: string): boolean {
  const a = aside.trim();
  if (!ALL_HAN.test(key) || !ALL_HAN.test(a)) return false;
  return ![...a].some((ch) => key.includes(ch));
}

/** Transcript stage directions in parentheses: laughter, applause, noise, pauses. */
const STAGE_DIRECTION =
  /^(?:笑|笑容|微笑|大笑|眾笑|笑聲|掌聲|鼓掌|拍手|聽不清楚|音樂|停頓|沉默|laugh(?:s|ter|ing)?|applause|inaudible|crosstalk|music|pause|silence|cheers|cheering|unintelligible)$/iu;

export function materialAliases(fullText: string, key: string): string[] {
  const k = key.trim();
  if ([...k].length < 2) return [];
  // The long or short form the material defines beside the key ("mean square between groups
  // (MSG)", 「立法委員（立委）」): first, so the cap below never drops them.
  const out = new Set<string>([
    ...definedAbbreviations(fullText, k),
    ...zhDefinedLongForms(fullText, k),
  ]);
  const add = (alias: string | undefined) => {
    const a = alias?.trim().replace(/^[「『"“]|[」』"”]$/gu, '');
    if (!a || a === k || [...a].length > 40 || !/\p{L}/u.test(a) || ALIAS_END.test(a)) return;
    // An aside is not a name: "(see Figure 3)", "(2019)", "(p < 0.05)", "(e.g. …)".
    if (/\d|^(?:see|e\.g|i\.e|cf|for example|例如|見|參見)/iu.test(a) || a.split(/\s+/).length > 5)
      return;
    // A stage direction is not a name: 「面子問題（笑）」, "the freeze (laughter)".
    if (STAGE_DIRECTION.test(a)) return;
    // A Chinese aside is a clause, not a name, when it is long or has a particle or a
    // condition in it (「州行政長官（在州立法會不能召集時）」).
    if (/\p{Script=Han}/u.test(a) && ([...a].length > 10 || /[的時在若如不能之於與及或]/u.test(a)))
      return;
    out.add(a);
  };
  const defined = out.size;
  for (
    let at = fullText.indexOf(k);
    at >= 0 && out.size < defined + 3;
    at = fullText.indexOf(k, at + 1)
  ) {
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
    // An unmarked Chinese aside after a Chinese key is another name only when it shares a
    // character with it (數位發展部（數發部）); otherwise it is a gloss or a stage direction
    // (新政府（笑容）, 中興大學（農業）) and a learner writing it would be marked right wrongly.
    if (paren && !paren[1] && unrelatedHanAside(k, paren[2]!)) continue;
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
  // The material's own other wordings of an English key ("freezing problem" / "freezing
  // issue", "chi-square" / "chi-squared statistic"): each refused the other before.
  for (const wording of materialWordings(fullText, k)) out.add(wording);
  // Round 5: the material's own shorter or longer wording, its acronym where it uses both, the
  // person's other name it writes, and a count in words as in digits.
  if (/^[\p{Script=Latin}\d][\p{Script=Latin}\d\s'’.,-]*$/u.test(k))
    for (const wording of [
      ...headOptionalWordings(fullText, k),
      ...coUsedAcronyms(fullText, k),
      ...personNameForms(fullText, k),
      ...numberWordForms(k),
    ])
      if (wording.toLowerCase() !== k.toLowerCase()) out.add(wording);
  return [...out].slice(0, 6);
}

/** Heads a phrase may drop or take without naming another thing ("bootstrap (method)"). */
const GENERIC_HEADS = new Set(
  `method methods parameter parameters model models approach approaches technique techniques
procedure procedures process test statistic coefficient estimate function system framework
strategy theory concept principle idea movement project policy program programme technology
technologies tool tools platform`.split(/\s+/),
);

const escapeRe = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Words that may follow a noun phrase that ends where it stands (not a modifier of a noun). */
const PHRASE_END =
  '(?=\\s*[.,;:)!?]|\\s+(?:is|are|was|were|can|could|will|would|may|might|does|did|has|had|and|or|to|for|in|of|on|with|that|which|as|by|from|at)\\b)';

/** Words a noun phrase may follow: an article, a possessive, a preposition, a copula. */
const OPENS_PHRASE =
  /^(?:the|a|an|this|that|these|those|its|their|our|his|her|my|your|of|in|on|for|to|with|by|from|at|into|about|and|or|as|is|are|was|were|be)$/i;

/**
 * The key with or without a generic head, where the material itself writes that form as a noun
 * phrase: "bootstrap method" ↔ "the bootstrap", "slope parameter" ↔ "the slope". And a
 * multi-word key with one modifier more, where the material writes that longer name at least
 * twice ("pumping capacity" → "heart pumping capacity").
 */
export function headOptionalWordings(fullText: string, key: string): string[] {
  const words = key.trim().split(/\s+/);
  if (words.some((w) => !/^[\p{L}\d'’-]+$/u.test(w)) || words.length > 4) return [];
  const out: string[] = [];
  const asNoun = (phrase: string) =>
    new RegExp(
      `(?<![\\p{L}\\d-])(?:the|a|an|this|that|its|our|their|his|her)\\s+${phrase.split(/\s+/).map(escapeRe).join('\\s+')}${PHRASE_END}`,
      'iu',
    ).test(fullText);
  const head = words[words.length - 1]!.toLowerCase();
  if (words.length >= 2 && GENERIC_HEADS.has(head)) {
    const shorter = words.slice(0, -1).join(' ');
    if (!EN_STOPWORDS.has(shorter.toLowerCase()) && shorter.length >= 3 && asNoun(shorter))
      out.push(shorter);
  }
  if (words.length <= 3)
    for (const h of GENERIC_HEADS) {
      if (out.length >= 2) break;
      const longer = `${key.trim()} ${h}`;
      if (asNoun(longer)) out.push(longer);
    }
  if (words.length >= 2 && /^\p{Ll}/u.test(key)) {
    const re = new RegExp(
      `(?:([\\p{L}\\d'’-]+)\\s+)?(?<![\\p{L}\\d-])(\\p{Ll}{3,})\\s+${words.map(escapeRe).join('\\s+')}(?![\\p{L}\\d-])`,
      'gu',
    );
    const counts = new Map<string, number>();
    const before = new Map<string, number>();
    for (const m of fullText.matchAll(re)) {
      const w = m[2]!;
      if (EN_STOPWORDS.has(w) || /(?:ly|ing|ed)$/.test(w)) continue;
      counts.set(w, (counts.get(w) ?? 0) + 1);
      if (m[1] && !OPENS_PHRASE.test(m[1])) {
        const k = `${m[1].toLowerCase()} ${w}`;
        before.set(k, (before.get(k) ?? 0) + 1);
      }
    }
    const best = [...counts].sort((x, y) => y[1] - x[1])[0];
    // "squares regression line" is a piece of "least squares regression line": a modifier the
    // same word mostly precedes is the middle of a longer name.
    const inside =
      best && [...before].some(([k, n]) => k.endsWith(` ${best[0]}`) && n >= 2 && n * 2 >= best[1]);
    if (best && !inside && best[1] >= 2 && counts.size === 1) out.push(`${best[0]} ${key.trim()}`);
  }
  return out;
}

/** Function words an acronym writes as a small letter ("IoT", "CoE"). */
const MIXED_FUNCTION_WORDS = ['of', 'on', 'or', 'and', 'for', 'to', 'in', 'the', 'a'];

/**
 * An acronym and its full name that the material both uses, even apart ("virtual reality" in
 * one paragraph, "VR" in others): the acronym written standalone at least twice, the full name
 * at least once, and no other phrase of the material spelling the same acronym.
 */
export function coUsedAcronyms(fullText: string, key: string): string[] {
  const k = key.trim();
  const count = (re: RegExp) => [...fullText.matchAll(re)].length;
  // "VR", and a mixed-case acronym whose small letter is a function word ("IoT": Internet of
  // Things).
  const acronym = /^(\p{Lu}{2,5}|\p{Lu}(?:\p{Ll}?\p{Lu}){1,4})s?$/u.exec(k)?.[1];
  if (acronym) {
    const letters = [...acronym];
    const re = new RegExp(
      letters
        .map((l) =>
          /\p{Ll}/u.test(l)
            ? `(?<![\\p{L}\\d-])(?:${MIXED_FUNCTION_WORDS.filter((w) => w[0] === l).join('|') || '(?!)'})`
            : `(?<![\\p{L}\\d-])${l.toLowerCase()}[\\p{L}]+`,
        )
        .join('[\\s-]+') + '(?![\\p{L}\\d-])',
      'giu',
    );
    const found = new Map<string, string>();
    for (const m of fullText.matchAll(re)) {
      const phrase = m[0].replace(/\s+/g, ' ');
      const ws = phrase.split(/[\s-]+/);
      // A mixed-case acronym names a proper name: its capitals stand for capitalised words
      // ("Internet of Things", where "things" alone would be a stopword).
      const wordOk = (w: string, i: number) =>
        !/\p{Lu}/u.test(letters[i]!) ||
        (/\p{Ll}/u.test(acronym)
          ? /^\p{Lu}\p{L}{2,}/u.test(w) && !MIXED_FUNCTION_WORDS.includes(w.toLowerCase())
          : !EN_STOPWORDS.has(w.toLowerCase()));
      if (!ws.every(wordOk)) continue;
      found.set(phrase.toLowerCase(), phrase);
    }
    return found.size === 1 ? [...found.values()] : [];
  }
  const words = k.split(/\s+/);
  if (words.length < 2 || words.length > 5 || !words.every((w) => /^\p{L}+$/u.test(w))) return [];
  // "Internet of Things": capitalised words around a function word spell "IoT".
  const inner = words.slice(1, -1);
  const mixed =
    inner.some((w) => MIXED_FUNCTION_WORDS.includes(w)) &&
    words.every(
      (w, i) =>
        (i > 0 && i < words.length - 1 && MIXED_FUNCTION_WORDS.includes(w)) ||
        (/^\p{Lu}\p{L}{2,}/u.test(w) && !MIXED_FUNCTION_WORDS.includes(w.toLowerCase())),
    );
  if (!mixed && words.some((w) => EN_STOPWORDS.has(w.toLowerCase()))) return [];
  const initials = words
    .map((w) => (mixed && MIXED_FUNCTION_WORDS.includes(w) ? w[0]! : w[0]!.toUpperCase()))
    .join('');
  const standalone = new RegExp(`(?<![\\p{L}\\d-])${initials}s?(?![\\p{L}\\d-])`, 'gu');
  if (count(standalone) < 2) return [];
  // No other phrase of the material spells the same letters.
  return coUsedAcronyms(fullText, initials).some((p) => p.toLowerCase() === k.toLowerCase())
    ? [initials]
    : [];
}

const TITLE_WORDS =
  '(?:President|Vice President|Minister|Premier|Mayor|Senator|Governor|Chairman|Chairwoman|Chancellor|Secretary|Professor|Prof\\.?|Dr\\.?|Mr\\.?|Mrs\\.?|Ms\\.?|Sir|Dame|Judge|Justice|General|Ambassador)';
const TITLES = new RegExp(`^${TITLE_WORDS}\\s+`, 'u');

/**
 * A person's other name the material writes: "President Tsai" ↔ "Tsai Ing-wen", "Tsai", when
 * exactly one full name of the material carries that surname.
 */
export function personNameForms(fullText: string, key: string): string[] {
  const k = key.trim();
  const title = TITLES.exec(k);
  const bare = title ? k.slice(title[0].length) : k;
  if (!/^\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){0,2}$/u.test(bare)) return [];
  const out: string[] = [];
  if (title) {
    if (bare.split(/\s+/).length !== 1) return [bare];
    // The full names written with this surname first or last.
    const re = new RegExp(
      `(?<![\\p{L}])(?:${escapeRe(bare)}\\s+\\p{Lu}[\\p{L}'’]+(?:-\\p{Ll}+)?|\\p{Lu}[\\p{L}'’]+(?:-\\p{Ll}+)?\\s+${escapeRe(bare)})(?![\\p{L}-])`,
      'gu',
    );
    const names = new Set<string>();
    for (const m of fullText.matchAll(re)) {
      const name = m[0].replace(/\s+/g, ' ');
      if (TITLES.test(name + ' ') || /^(?:The|A|An|In|On|At|Of|And|But|So)\s/u.test(name)) continue;
      names.add(name);
    }
    if (names.size === 1) out.push(...names);
    if (names.size <= 1) out.push(bare);
    return out;
  }
  // A full name ("Tsai Ing-wen"): the titled surname the material writes ("President Tsai").
  const parts = bare.split(/\s+/);
  if (parts.length < 2) return [];
  for (const surname of [parts[0]!, parts[parts.length - 1]!]) {
    const re = new RegExp(`(?<![\\p{L}])${TITLE_WORDS}\\s+${escapeRe(surname)}(?![\\p{L}-])`, 'u');
    const m = re.exec(fullText);
    if (m) out.push(m[0].replace(/\s+/g, ' '));
  }
  return out.slice(0, 1);
}

const SMALL_NUMBERS =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'.split(
    ' ',
  );
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** "12 years" ↔ "twelve years": a small count in words as in digits (up to 99). */
export function numberWordForms(key: string): string[] {
  const k = key.trim();
  const digits = /^(\d{1,2})(\s+\p{L}[\p{L}\s-]*)$/u.exec(k);
  if (digits) {
    const n = Number(digits[1]);
    const word =
      n <= 20
        ? SMALL_NUMBERS[n]
        : n % 10 === 0
          ? TENS[n / 10]
          : `${TENS[Math.floor(n / 10)]}-${SMALL_NUMBERS[n % 10]}`;
    return word ? [`${word}${digits[2]}`] : [];
  }
  const words = /^([a-z]+(?:-[a-z]+)?)(\s+\p{L}[\p{L}\s-]*)$/iu.exec(k);
  if (!words) return [];
  const w = words[1]!.toLowerCase();
  let n = SMALL_NUMBERS.indexOf(w);
  if (n < 0) {
    const [t, u] = w.split('-');
    const tens = TENS.indexOf(t ?? '');
    const unit = u === undefined ? 0 : SMALL_NUMBERS.indexOf(u);
    if (tens >= 2 && unit >= 0 && unit < 10) n = tens * 10 + unit;
  }
  return n >= 0 ? [`${n}${words[2]}`] : [];
}

const FUNCTION_WORDS = /^(?:of|and|the|for|in|on|to|a|an)$/i;

/** The acronyms a Latin phrase's initials spell: of every word, and of its content words. */
function initialsOf(phrase: string): string[] {
  const words = phrase
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean);
  if (words.length < 2 || words.length > 6 || !words.every((w) => /^\p{L}+$/u.test(w))) return [];
  const all = words.map((w) => w[0]!).join('');
  const content = words
    .filter((w) => !FUNCTION_WORDS.test(w))
    .map((w) => w[0]!)
    .join('');
  return [...new Set([all, content].filter((x) => x.length >= 2).map((x) => x.toUpperCase()))];
}

/**
 * What may stand between a full name and its acronym when the material pairs them: punctuation,
 * math marks and a joining word ("standard error (SE)", "standard error, $SE$", "virtual
 * reality, or VR", "SE (standard error)", "denoted by SE").
 */
const PAIR_JOINT =
  /^[\s,;:(（$\\{}]*(?:(?:or|aka|also called|also known as|abbreviated(?:\s+as)?|denoted(?:\s+by)?|written(?:\s+as)?|i\.e\.)[\s,:(（$]*)?$/iu;

/**
 * An acronym and its full name, when the material pairs them: the acronym stands right beside
 * the full name somewhere, with only punctuation or a joining word between. A key that is the
 * full name gets the acronym; a key that is the acronym gets the full name.
 */
export function pairedAcronyms(fullText: string, key: string): string[] {
  const k = key.trim();
  const out = new Set<string>();
  const lower = fullText.toLowerCase();
  /** Whether `name` is written right before or right after the acronym somewhere. */
  const paired = (name: string, acronym: string) => {
    const n = name.toLowerCase();
    for (let at = lower.indexOf(n); at >= 0; at = lower.indexOf(n, at + 1)) {
      if (
        /[\p{L}\d]/u.test(fullText[at - 1] ?? '') ||
        /[\p{L}\d]/u.test(fullText[at + n.length] ?? '')
      )
        continue;
      const after =
        /^([^\p{L}\d]{0,6}|[^\p{L}\d]{0,6}\p{L}[\p{L}\s.]{0,20}?)(\p{Lu}{2,6})s?(?![\p{L}\d])/u.exec(
          fullText.slice(at + n.length, at + n.length + 40),
        );
      if (after && after[2] === acronym && PAIR_JOINT.test(after[1]!)) return true;
      const before =
        /(?<![\p{L}\d])(\p{Lu}{2,6})s?([^\p{L}\d]{0,6}|[^\p{L}\d]{0,6}\p{L}[\p{L}\s.]{0,20}?)$/u.exec(
          fullText.slice(Math.max(0, at - 40), at),
        );
      if (before && before[1] === acronym && PAIR_JOINT.test(before[2]!)) return true;
    }
    return false;
  };
  for (const acronym of initialsOf(k)) if (paired(k, acronym)) out.add(acronym);
  const acronym = /^(\p{Lu}{2,6})s?$/u.exec(k)?.[1];
  if (acronym) {
    const letters = acronym.toLowerCase();
    const re = new RegExp(`(?<![\\p{L}\\d])${acronym}s?(?![\\p{L}\\d])`, 'gu');
    for (const m of fullText.matchAll(re)) {
      const words = (t: string) => t.match(/\p{L}+/gu) ?? [];
      const b = words(fullText.slice(Math.max(0, m.index - 60), m.index));
      const a = words(fullText.slice(m.index + m[0].length, m.index + m[0].length + 60));
      const runs: string[][] = [];
      for (const n of [letters.length, letters.length + 1, letters.length + 2])
        for (const lead of [0, 1, 2]) {
          runs.push(b.slice(Math.max(0, b.length - n - lead), b.length - lead));
          runs.push(a.slice(lead, lead + n));
        }
      for (const run of runs) {
        const phrase = run.join(' ');
        if (
          run.length >= 2 &&
          run.every((w) => /^\p{Ll}/u.test(w)) &&
          !EN_STOPWORDS.has(run[0]!) &&
          !EN_STOPWORDS.has(run[run.length - 1]!) &&
          initialsOf(phrase).includes(acronym) &&
          paired(phrase, acronym)
        )
          out.add(phrase);
      }
      if (out.size) break;
    }
  }
  out.delete(k);
  return [...out].slice(0, 2);
}

/**
 * A proportion in the other form the material itself writes it in: a key of 10% accepts 0.10
 * when the material writes 0.10 (or .10, 0.1) somewhere, and a key of 0.10 accepts 10% when the
 * material writes 10%; not in a sentence about a change ("rose by 10%"), where a relative and
 * an absolute change differ.
 */
export function materialNumberForms(fullText: string, sentence: string, key: string): string[] {
  if (
    /\b(?:increase|decrease|rise|rose|fall|fell|grow|grew|drop|dropp?ed|by|points?)\b|增|減|升|降/iu.test(
      sentence,
    )
  )
    return [];
  const written = (form: string) =>
    new RegExp(`(?<![\\d.])${form.replace('.', '\\.')}(?![\\d.]?\\d)`, 'u').test(fullText);
  const percent = /^(\d{1,2}(?:\.\d+)?)\s?(?:%|％|percent)$/iu.exec(key.trim());
  if (percent) {
    // The exact decimal (0.6% = 0.006, never rounded to 0.01), and for a whole percent its
    // two-place form (10% = 0.10).
    const d = Number((Number(percent[1]) / 100).toPrecision(12));
    const exact = String(d);
    const twoPlace = Number.isInteger(Number(percent[1])) ? d.toFixed(2) : exact;
    const forms = [exact, twoPlace, exact.replace(/^0/, ''), twoPlace.replace(/^0/, '')];
    return forms.some(written) ? [twoPlace] : [];
  }
  const decimal = /^0?\.(\d{1,3})$/u.exec(key.trim());
  if (decimal) {
    const p = Number(`0.${decimal[1]}`) * 100;
    const value = Math.round(p * 1000) / 1000;
    return new RegExp(`(?<![\\d.])${value}\\s?(?:%|％|percent)`, 'u').test(fullText)
      ? [`${value}%`]
      : [];
  }
  return [];
}
