import { EN_STOPWORDS, EN_VERBS } from './stopwords.js';

/*
 * A small English lexicon in place of a part-of-speech tagger: closed-class and boilerplate
 * words, agent nouns, near-synonym groups. It decides only what an option may be, so it errs
 * on the side of leaving a phrase out.
 */

/** Citation and legal boilerplate: "et seq.", "set forth", "U.S.C.", "§". */
const BOILERPLATE_WORDS = new Set(
  'et seq al ibid id forth thereof therein thereto herein hereof hereby hereunder whereby supra infra viz'.split(
    ' ',
  ),
);

/** Nouns that name a part of a document or a bare category: no fact is tested by them. */
const VAGUE_NOUNS = new Set(
  'program section chapter title paragraph page figure table item level part step case cases type types value values thing time times set sets data copy copies place way'.split(
    ' ',
  ),
);

const DOTTED = /^(?:\p{L}\.)+\p{L}?\.?$/u;

/**
 * Whether an English phrase can stand alone as an answer option: no citation boilerplate, no
 * dotted abbreviation alone, no vague category word alone, no verb phrase ("supervises cases").
 */
export function standsAsEnglishOption(text: string): boolean {
  if (/[§¶]/.test(text)) return false;
  // "pop2017 variable": a code name from a dataset, not a term.
  if (/\p{Ll}\d|\d\p{Ll}{2,}/u.test(text)) return false;
  // "study's patients": a possessive is a piece of a sentence, not a name for a thing.
  if (/\p{L}['’]s\b/u.test(text)) return false;
  const words = text.split(/\s+/).filter(Boolean);
  if (!words.length) return false;
  const lower = words.map((w) => w.toLowerCase().replace(/[.’']+$/g, ''));
  if (lower.some((w) => BOILERPLATE_WORDS.has(w))) return false;
  if (words.every((w) => DOTTED.test(w))) return false;
  // "B. ROLE": a heading number and its title, not a thing.
  if (words.length > 1 && words.some((w) => /^\p{Lu}\.$/u.test(w))) return false;
  if (words.length === 1 && VAGUE_NOUNS.has(lower[0]!)) return false;
  // "INTRODUCTION": a heading word; acronyms are short.
  if (words.length === 1 && /^\p{Lu}{7,}$/u.test(words[0]!)) return false;
  return !looksLikeVerbPhrase(lower, words);
}

/**
 * A phrase that starts with a verb: a common verb, an -ly adverb, or a non-final word in -s
 * ("supervises cases"); English noun modifiers are singular ("trustee operation").
 */
function looksLikeVerbPhrase(lower: string[], words: string[] = lower): boolean {
  if (lower.length < 2) return false;
  // "United States Trustee": a capitalised name, not a subject and its verb.
  if (words.every((w) => /^[\p{Lu}\d]/u.test(w))) return false;
  if (EN_VERBS.has(lower[0]!) || /ly$/.test(lower[0]!)) return true;
  // "handling various attempts": an -ing word before a quantifier takes an object; it is a verb.
  if (/ing$/.test(lower[0]!) && !ING_MODIFIERS.has(lower[0]!) && QUANTIFIERS.has(lower[1]!))
    return true;
  // "Handbook refer", "acting official continues": a phrase ending in a verb.
  const last = lower[lower.length - 1]!;
  if (PHRASE_FINAL_VERBS.has(last) || PHRASE_FINAL_VERBS.has(last.replace(/e?s$/, ''))) return true;
  return lower
    .slice(0, -1)
    .some((w) => /^\p{Ll}+(?:[^su'’]s)$/u.test(w) && !PLURAL_MODIFIERS.has(w));
}

const ING_MODIFIERS = new Set(
  'reasoning training understanding building meeting learning funding hearing ruling warning setting processing computing planning spending operating engineering accounting marketing programming banking housing nursing'.split(
    ' ',
  ),
);

/** Verbs that follow their subject in a phrase the keyphrase splitter ran together. */
const PHRASE_FINAL_VERBS = new Set(
  [...EN_VERBS].concat(
    'refer conflict continue perform apply appoint supervise monitor establish clarify incorporate remain occur exist act operate'.split(
      ' ',
    ),
  ),
);

const QUANTIFIERS = new Set(
  'various many several multiple different numerous certain both all any each every'.split(' '),
);

const PLURAL_MODIFIERS = new Set(
  'news sales systems arms goods savings series means states nations affairs services relations rights sciences arts studies communications operations resources statistics economics physics politics ethics'.split(
    ' ',
  ),
);

const AGENT_WORDS = new Set(
  `trustee debtor creditor judge officer official user member employee employer administrator
director auditor author operator supervisor customer partner leader owner player teacher student
researcher developer manager provider worker reviewer people person staff citizen resident
child children minor parent agent attorney lawyer counsel clerk president secretary senator
representative regulator investor consumer patient doctor nurse scientist engineer individual
teenager adult actor`.split(/\s+/),
);

const NOT_AGENTS = new Set(
  'committee fee degree guarantee coffee jubilee tree free three see knee decree list twist mist wrist fist'.split(
    ' ',
  ),
);

/** Whether an English phrase names people (its head word): "standing trustees", "minors". */
export function isAgentPhrase(text: string): boolean {
  const head = (text.split(/\s+/).pop() ?? '').toLowerCase();
  const singular = head.replace(/(?:ies)$/, 'y').replace(/s$/, '');
  if (NOT_AGENTS.has(singular)) return false;
  return AGENT_WORDS.has(head) || AGENT_WORDS.has(singular) || /(?:ee|ist|ian)s?$/.test(head);
}

const SYNONYM_GROUPS = [
  'duty responsibility function role task obligation activity',
  'model system program tool',
  'rule regulation requirement provision',
  'goal objective aim purpose',
  'problem issue challenge',
  'method approach technique way',
  'manager supervisor director administrator boss chief head',
  'doctor physician clinician',
  'student pupil learner',
  'worker employee staff personnel',
  'teacher instructor educator tutor',
  'researcher scientist investigator scholar',
  'customer client consumer buyer',
].map((g) => new Set(g.split(' ')));

function singularOf(word: string): string {
  return word
    .toLowerCase()
    .replace(/ies$/, 'y')
    .replace(/([^s])s$/, '$1');
}

/** Whether two English phrases' head words are near-synonyms ("duties" / "functions"). */
export function nearSynonymHeads(a: string, b: string): boolean {
  const ha = singularOf(a.split(/\s+/).pop() ?? '');
  const hb = singularOf(b.split(/\s+/).pop() ?? '');
  if (ha === hb) return true;
  return SYNONYM_GROUPS.some((g) => g.has(ha) && g.has(hb));
}

/**
 * The words right beside a blank, when they are content words: a phrase found elsewhere in the
 * document in the same frame ("open model" for "open _____") would fit the blank too.
 */
export function blankFrame(
  sentence: string,
  start: number,
  end: number,
): { before?: string; after?: string } {
  const before = /([\p{L}\d][\p{L}\d'’-]*)\s+$/u.exec(sentence.slice(0, start))?.[1];
  const after = /^\s+([\p{L}\d][\p{L}\d'’-]*)/u.exec(sentence.slice(end))?.[1];
  const content = (w?: string) => (w && !EN_STOPWORDS.has(w.toLowerCase()) ? w : undefined);
  return { before: content(before), after: content(after) };
}

/** Whether `text` occurs right after `frame.before` or right before `frame.after` in `doc`. */
export function fitsFrameElsewhere(
  doc: string,
  frame: { before?: string; after?: string },
  text: string,
): boolean {
  if (!frame.before && !frame.after) return false;
  const lower = loweredText(doc);
  const phrase = text.toLowerCase().replace(/\s+/g, ' ');
  // A plain search of the lower-cased text, then word boundaries by hand: a regular expression
  // built per term and per answer cost seconds on a long book.
  const found = (needle: string, plural: boolean) => {
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) {
      if (at > 0 && WORD_CHAR.test(lower[at - 1]!)) continue;
      let end = at + needle.length;
      if (plural) end += /^es/.test(lower.slice(end, end + 2)) ? 2 : lower[end] === 's' ? 1 : 0;
      if (end < lower.length && WORD_CHAR.test(lower[end]!)) continue;
      return true;
    }
    return false;
  };
  if (frame.before && found(`${frame.before.toLowerCase()} ${phrase}`, true)) return true;
  if (!frame.after) return false;
  const after = frame.after.toLowerCase();
  return (
    found(`${phrase} ${after}`, false) ||
    found(`${phrase}s ${after}`, false) ||
    found(`${phrase}es ${after}`, false)
  );
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;
let lowered: { source: string; lower: string } | undefined;

/** The document in lower case with its white space as single spaces; the last one is kept. */
function loweredText(doc: string): string {
  if (lowered?.source !== doc)
    lowered = { source: doc, lower: doc.toLowerCase().replace(/\s+/g, ' ') };
  return lowered.lower;
}

/**
 * Adjectives that grade or judge rather than classify: two phrases that differ only by one of
 * them ("strong evidence" / "sufficient evidence", "unusual cases" / "extraordinary cases") are
 * both defensible, and a blank on one tests wording, not a fact.
 */
const EVALUATIVE = new Set(
  `strong weak sufficient insufficient significant important major minor key main good better best
bad worse worst great greater large larger largest small smaller smallest high higher highest low
lower lowest big bigger new newer newest latest recent current unusual usual extraordinary
ordinary similar different complete full whole entire certain various other same common rare
typical special general specific particular real actual possible likely clear obvious serious
severe huge tiny vast wide broad narrow deep interesting useful helpful difficult easy hard simple
little many much more most less least few several numerous additional further initial final last
first second third next previous former latter overall total whole proper right wrong true false
excellent poor positive negative essential critical crucial vital regular normal ordinary`.split(
    /\s+/,
  ),
);

export function isEvaluativeAdjective(word: string): boolean {
  return EVALUATIVE.has(word.toLowerCase());
}

/**
 * Words for people in general: each is a hypernym of any role ("individuals" for "patients"),
 * so beside a role it is also right.
 */
const ANY_PERSON = new Set(
  'individual person people human participant subject member party citizen resident adult someone anyone everyone somebody other'.split(
    ' ',
  ),
);

/** Whether a phrase's head names people in general rather than a role ("similar individuals"). */
export function namesAnyPerson(text: string): boolean {
  const head = (text.split(/\s+/).pop() ?? '').toLowerCase();
  return ANY_PERSON.has(head.replace(/ies$/, 'y').replace(/s$/, '')) || head === 'people';
}

/**
 * Words of speech, not of the subject: a pronoun's contraction written with either apostrophe
 * ("we’re", "I'll"), an indefinite pronoun ("Everybody"), an interjection or a hedge ("sure",
 * "okay"). A transcript is full of them; none is a term.
 */
const SPOKEN_FILLER =
  /^(?:(?:i|you|we|they|he|she|it|that|there|here|what|who|where|let)['’](?:re|ll|ve|d|m|s)|\w+n['’]t|everybody|somebody|nobody|anybody|everyone|someone|sure|okay|ok|yeah|yep|yes|uh|um|hmm|mhm|oh|wow|hello|hi|bye|indeed|absolutely|exactly)$/i;

export function isSpokenFiller(text: string): boolean {
  return SPOKEN_FILLER.test(text.trim());
}
