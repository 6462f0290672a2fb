import { tagEnglish } from './en-pos.js';

/*
 * English round 6 (decision 0049): a stem or statement whose meaning hangs on a referent the
 * learner cannot see — "these two summary statistics", "such a difference", "in this case",
 * "as we saw", "In our country, it is …", "… think they were the best ideas" — has a second
 * answer once lifted out of its paragraph. Such a sentence gives no blank and no statement.
 */

/** "these X", "those X" (not "those who/of/with …"), "these" alone: a set named elsewhere. */
const DEMONSTRATIVE_PLURAL =
  /\bthese\b(?!\s+days\b)|\bthose\b(?!\s+(?:who|whom|whose|which|that|of|with|in|at|from|for|on|under|over|without|where|when|living|working|involved)\b)/i;

/**
 * "this X" / "that X" mid-sentence or as an opening determiner ("In this case", "this first
 * simulation", "that plan"): what it points at is in another sentence. A "this" that opens a
 * clause ("…; this is the Japanese concept of …") restates what its own sentence named and stays.
 */
const DEMONSTRATIVE_SINGULAR = new RegExp(
  String.raw`\bthis\s+(?!is\b|was\b|means\b|way\b|kind of\b|sort of\b|type of\b)[\p{L}\d]|` +
    String.raw`that\s+(?:case|study|example|experiment|approach|idea|plan|problem|situation|setting|result|method|model|question|point|scenario|context|simulation|distribution|issue|project|program|programme|system|policy|framework|difference|effect|test|analysis|survey|group|story|concept|platform|time|year|day|moment|period|process|meeting|conversation|proposal|law|bill|project|decision)\b`,
  'iu',
);

/** "such a difference", "such anecdotal evidence" (not "such as", "such that", "100 such meetings"). */
const SUCH = /(?<!\d\s*)\bsuch\s+(?!as\b|that\b)(?:an?\s+)?\p{L}/iu;

/** Pointers to the text around the sentence. */
const TEXT_POINTER = new RegExp(
  [
    String.raw`\b(?:the\s+)?above(?:-mentioned)?\b(?!\s+(?:all|average|zero|the|a|an|\d))`,
    String.raw`\baforementioned\b`,
    String.raw`\bthe\s+(?:former|latter|following|previous|preceding)\b`,
    String.raw`\bas\s+(?:we|I|you)\s+(?:(?:have|had|will|just|already)\s+)?(?:saw|seen|see|mentioned|said|discussed|noted|described|showed|shown|learned|learnt|explained)\b`,
    String.raw`\bas\s+(?:mentioned|noted|discussed|described|shown|seen|explained|before|always)\b`,
    String.raw`\b(?:see|seen|shown|listed|here)\s+here\b|\bas you can see\b`,
    String.raw`\b(?:earlier|previously|before)\s*[,.]?\s*$`,
    String.raw`\bagain\b`,
    String.raw`^just like\b`,
    String.raw`\b(?:since|because|as|if|so|but|and)\s+this\s+(?:is|was)\b(?!\s+(?:how|why|what|where|when)\b)`,
  ].join('|'),
  'iu',
);

/** "our country", "our government": whose depends on who speaks. */
const SPEAKER_PLACE =
  /\bour\s+(?:own\s+)?(?:country|nation|society|island|government|city|state|people|ministry|president|premier|parliament|legislature|cabinet|team|company|school|organi[sz]ation)\b/iu;

/** Third-person pronouns that need a noun before them in the same sentence. */
const PRONOUN = /^(?:he|she|they|them|their|theirs|his|her|hers|him|it|its)$/i;

/**
 * "It" opening a sentence as a dummy subject ("It is important to …", "It was interesting to see
 * …", "It turns out that …") points at nothing; any other opening "It" does.
 */
function dummyIt(text: string): boolean {
  if (/^It\s+(?:turns out|takes|seems|appears|follows|remains to be)\b/.test(text)) return true;
  const m =
    /^It(?:['’]s|\s+(?:is|was|will be|would be|can be|could be|may be|might be|has been|had been|becomes|became))\s+(.*)$/.exec(
      text,
    );
  if (!m) return false;
  const words = m[1]!.split(/\s+/).slice(0, 7).join(' ');
  return /\b(?:to|that|whether|how|what|why|when|if)\b/.test(words);
}

/**
 * Whether an English sentence leans on a referent outside it: a demonstrative or "such" noun
 * phrase, a pointer to the text around it ("as we saw", "the above", "again"), the speaker's
 * place ("our country"), or a third-person pronoun with no noun before it in the sentence
 * ("Of the 15% who did not think they were the best ideas, …").
 */
export function leansOnContext(text: string): boolean {
  const t = text.trim();
  const known = leaning.get(t);
  if (known !== undefined) return known;
  const result = leans(t);
  if (leaning.size > 5000) leaning.clear();
  leaning.set(t, result);
  return result;
}

/** Sentences already judged (the same sentence is asked about by several item families). */
const leaning = new Map<string, boolean>();

function leans(t: string): boolean {
  if (DEMONSTRATIVE_PLURAL.test(t) || DEMONSTRATIVE_SINGULAR.test(t) || SUCH.test(t)) return true;
  if (TEXT_POINTER.test(t) || SPEAKER_PLACE.test(t)) return true;
  // "In our country, it is a …" / "It asks for much more": an opening "It" that is no dummy.
  const opening = t.replace(/^(?:[A-Z][^,]{0,40},\s+)/, '');
  if (/^It\b/i.test(opening) && !dummyIt(opening.replace(/^it\b/, 'It'))) return true;
  return pronounBeforeNoun(t);
}

/** A third-person pronoun before any noun or name of its sentence (tagger; false without it). */
function pronounBeforeNoun(text: string): boolean {
  const first = /\b(?:he|she|they|them|their|his|her|him|its)\b/i.exec(text);
  // A pronoun after a dozen words nearly always has its noun before it: no tagging needed.
  if (!first || text.slice(0, first.index).split(/\s+/).length > 12) return false;
  for (const token of tagEnglish(text)) {
    if (token.pos === 'NOUN' || token.pos === 'PROPN') return false;
    // "it" is so often a dummy that only the possessive counts mid-sentence.
    if (/^it$/i.test(token.text)) continue;
    if (PRONOUN.test(token.text) && (token.pos === 'PRON' || token.pos === 'DET')) return true;
  }
  return false;
}

/** A transcript turn's heading ("Audrey Tang:"): the speaker's name. */
function speakerOf(heading: string | undefined): string | undefined {
  const h = heading?.trim();
  if (!h || !/^[^.!?:]{1,40}:$/.test(h) || h.split(/\s+/).length > 4) return undefined;
  const name = h.slice(0, -1).trim();
  return /^\p{Lu}/u.test(name) ? name : undefined;
}

const contentWords = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\d]+/u)
    .filter((w) => w.length >= 3);

/**
 * Where an English stem comes from, for the learner: the speaker of a transcript's turn ("Audrey
 * Tang speaking"), or — for a blank, when `keys` are given — the chapter section it sits in
 * (`section ‘Sex discrimination case study’`), so "I think …" and "the study" have their
 * speaker and case. A section whose words share one with a key (or a word's first five letters)
 * would hint at the key and is left out; a statement (no keys) gets only the speaker, since a
 * heading could tell a swapped term from the true one.
 */
export function englishStemContext(
  headingPath: readonly string[] | undefined,
  keys?: readonly string[],
): string | undefined {
  const path = headingPath ?? [];
  const hints = (context: string) => {
    const stems = new Set(contentWords(context).map((w) => w.slice(0, 5)));
    return (keys ?? []).some((k) => contentWords(k).some((w) => stems.has(w.slice(0, 5))));
  };
  const speaker = speakerOf(path.at(-1));
  if (speaker) return hints(speaker) ? undefined : `${speaker} speaking`;
  if (!keys || path.length < 2) return undefined;
  const section = path[1]!.trim();
  // No quote marks in it: the flashcard front reads the quoted sentence after the lead.
  if (!section || section.length > 70 || /[{}#\\$`"“”「」‘’]/u.test(section)) return undefined;
  if (speakerOf(section) || hints(section)) return undefined;
  return `section ‘${section}’`;
}

/**
 * A number incidental to its English sentence — a length of a talk or a text (pages, slides,
 * minutes, hours), someone's age, a count of times, a clock time — rather than a result, a
 * threshold or a definition: no blank and no swapped statement on it.
 */
export function isIncidentalEnglishNumber(sentence: string, number: string, end: number): boolean {
  const unit = `${number} ${sentence.slice(end, end + 24)}`.toLowerCase();
  if (
    /^\S+\s*(?:-\s*)?(?:pages?|slides?|minutes?|mins?|hours?|hrs?|seconds?|secs?|times|chapters?|paragraphs?|lines?|words?|emails?|o['’]clock|a\.m\.|p\.m\.|am\b|pm\b)/.test(
      unit,
    ) ||
    /^\S+\s*(?:-\s*)?(?:years?|yrs?)(?:\s*-\s*|\s+)old\b/.test(unit)
  )
    return true;
  // "when I was 14", "at age 12", "aged 30".
  const before = sentence.slice(Math.max(0, end - number.length - 24), end - number.length);
  return /\b(?:(?:I|he|she|we|they) (?:was|were)|at (?:the )?age(?: of)?|aged)\s*$/i.test(before);
}
