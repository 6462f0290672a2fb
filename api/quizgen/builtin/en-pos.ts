import { createRequire } from 'node:module';

/*
 * English part of speech from wink-nlp with its lite web model (shipped inside the npm
 * package, nothing downloaded). Loaded once, on the first English sentence that needs it
 * (~0.1 s, ~60 MB), and asked only about the sentences a question is built from and the
 * sentences a distractor comes from — never the whole of a long document.
 */

/** One word of a sentence with its universal part-of-speech tag (NOUN, PROPN, VERB, ADJ…). */
export interface PosToken {
  text: string;
  start: number;
  end: number;
  pos: string;
}

interface WinkDoc {
  tokens(): { out(f: unknown): string[] };
}
interface Wink {
  readDoc(text: string): WinkDoc;
  its: { value: unknown; pos: unknown };
}

let nlp: Wink | undefined | null;

function load(): Wink | undefined {
  if (nlp !== undefined) return nlp ?? undefined;
  try {
    const require = createRequire(import.meta.url);
    const winkNLP = require('wink-nlp') as (model: unknown) => Wink;
    const model = require('wink-eng-lite-web-model') as unknown;
    nlp = winkNLP(model);
  } catch {
    // Without the package the generator still runs on its word lists alone.
    nlp = null;
  }
  return nlp ?? undefined;
}

/** Whether the tagger can be used (loads it on first call). */
export function hasTagger(): boolean {
  return load() !== undefined;
}

const cache = new Map<string, PosToken[]>();
const CACHE_MAX = 20_000;

/** The sentence's words with their tags; [] when the tagger is not available. */
export function tagEnglish(sentence: string): PosToken[] {
  const known = cache.get(sentence);
  if (known) return known;
  const wink = load();
  if (!wink) return [];
  const doc = wink.readDoc(sentence);
  const values = doc.tokens().out(wink.its.value);
  const tags = doc.tokens().out(wink.its.pos);
  const out: PosToken[] = [];
  let cursor = 0;
  values.forEach((value, i) => {
    const at = sentence.indexOf(value, cursor);
    if (at < 0) return;
    cursor = at + value.length;
    out.push({ text: value, start: at, end: cursor, pos: tags[i] ?? 'X' });
  });
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(sentence, out);
  return out;
}

/** The tags of the words a span of the sentence covers. */
export function spanTags(sentence: string, start: number, end: number): PosToken[] {
  return tagEnglish(sentence).filter((t) => t.end > start && t.start < end);
}

const CONTENT = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM', 'X', 'SYM']);
const LINKS = new Set(['ADP', 'DET', 'CCONJ', 'PUNCT', 'PART']);

/**
 * Whether a span of a sentence is a noun phrase as used there: it ends in a noun or a proper
 * noun, starts with neither a verb nor a pronoun, and holds only nouns, adjectives and the
 * joining words of a name ("Department of Justice"). Undefined when the tagger is missing.
 */
export function isNounPhraseAt(sentence: string, start: number, end: number): boolean | undefined {
  const tags = spanTags(sentence, start, end);
  if (!tags.length) return load() ? false : undefined;
  const first = tags[0]!;
  const last = tags[tags.length - 1]!;
  if (last.pos !== 'NOUN' && last.pos !== 'PROPN' && !nominalAdjective(sentence, tags))
    return false;
  if (!CONTENT.has(first.pos)) return false;
  return tags.every(
    (t, i) => CONTENT.has(t.pos) || (i > 0 && i < tags.length - 1 && LINKS.has(t.pos)),
  );
}

/**
 * The lite model tags some nouns as adjectives wherever they stand ("the response variable",
 * "a categorical variable"). The last word of a phrase of two or more words, opened by a
 * determiner, preposition or number (not a copula: "is highly variable") and followed by no
 * word it could modify, is read as the phrase's head noun.
 */
function nominalAdjective(sentence: string, tags: PosToken[]): boolean {
  if (tags.length < 2 || tags[tags.length - 1]!.pos !== 'ADJ') return false;
  const all = tagEnglish(sentence);
  const i = all.indexOf(tags[0]!);
  const j = all.indexOf(tags[tags.length - 1]!);
  const before = all[i - 1];
  const after = all[j + 1];
  if (before && !/^(?:DET|ADP|NUM|PUNCT|CCONJ|SCONJ|PRON)$/.test(before.pos)) return false;
  if (before?.pos === 'PRON' && !/^(?:its|their|our|his|her|my|your)$/i.test(before.text))
    return false;
  return !after || !/^(?:NOUN|PROPN|ADJ)$/.test(after.pos);
}

/** The words right before and after a span, as tagged in its sentence. */
export function neighbours(
  sentence: string,
  start: number,
  end: number,
): { before?: PosToken; after?: PosToken } {
  const tags = tagEnglish(sentence);
  let before: PosToken | undefined;
  let after: PosToken | undefined;
  for (const t of tags) {
    if (t.end <= start) before = t;
    else if (t.start >= end && !after) after = t;
  }
  return { before, after };
}

/** The tags of the modifier words of a phrase (all but its head) as used in a sentence. */
export function modifierTags(sentence: string, start: number, end: number): string[] {
  const tags = spanTags(sentence, start, end);
  return tags.slice(0, -1).map((t) => t.pos);
}
