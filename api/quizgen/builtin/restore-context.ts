import type { AnalysedSentence, DocAnalysis } from './analysis.js';
import { materialIncludes } from './answers.js';
import { isEnglishAside } from './en-asides.js';
import { beyondRepair, englishSentenceStandsAlone, leansOnPrevious } from './en-standalone.js';
import { barePronounSubject } from './zh-clauses.js';
import { zhLacksContext } from './zh-context.js';

/*
 * Session 12 (decision 0052): a stem that leans on the sentence before it gets that sentence
 * back instead of being dropped — "At the moment it's about _____ now." (what is "it"?),
 * 「他們後來把這套做法推廣到…」. The sentence before, from the same paragraph or turn, names
 * what the pointer points at; dropping every such stem (round 6, reverted) cost a question in
 * seven on unseen transcripts.
 */

/** Sentences made by restoring context, each with the leaning sentence it was made from. */
const restored = new WeakMap<AnalysedSentence, AnalysedSentence>();

/** Whether a sentence is a leaning one with its context restored. */
export function isRestored(sentence: AnalysedSentence): boolean {
  return restored.has(sentence);
}

/**
 * The text a question on the sentence tests: a restored sentence's own text, without the
 * context before it. Two questions are the same fact only when what they test overlaps: the
 * context sentence, asked on its own, tests another fact than the leaning one shown after it
 * (session 13: comparing the joined text refused the context sentence's own question, or the
 * restored one, as "the same fact", and a single-type quiz lost the candidates of a quarter).
 */
export function testedText(sentence: AnalysedSentence): string {
  return restored.get(sentence)?.text ?? sentence.text;
}

/** The ids of the sentences a restored sentence shows as its context (none for others). */
export function contextIds(sentence: AnalysedSentence): number[] {
  return contexts.get(sentence) ?? [];
}

/** The context sentences' ids of each joined sentence. */
const contexts = new WeakMap<AnalysedSentence, number[]>();

/**
 * The sentence with its context restored (see withPreviousSentence), or undefined when it
 * needs none or none can be restored.
 */
export function restoredContext(
  a: DocAnalysis,
  sentence: AnalysedSentence,
): AnalysedSentence | undefined {
  const joined =
    a.language === 'zh'
      ? withPreviousSentence(
          a,
          sentence,
          barePronounSubject,
          (t) => !zhLacksContext(t) && /[。！!]\s*$/u.test(t),
        )
      : beyondRepair(sentence.text)
        ? undefined
        : withPreviousSentence(
            a,
            sentence,
            leansOnPrevious,
            (t) => englishSentenceStandsAlone(t) && !isEnglishAside(t),
          );
  if (joined) restored.set(joined, sentence);
  return joined;
}

/** At most this many sentences of context before a leaning one. */
const MAX_CONTEXT_SENTENCES = 2;
/** At most this many words in a stem with its context. */
const MAX_JOINED_WORDS = 55;
/** At most this many characters in a Chinese stem with its context. */
const MAX_JOINED_CHARS = 140;

/**
 * The sentence with the one before it as its context, when it leans on that one and the two
 * stand together in one paragraph or turn; the sentence before must read alone itself. The
 * joined sentence keeps the later one's id and both sentences' terms and numbers, and its text
 * is the material's own (a citation quotes it verbatim). Undefined when it needs no context or
 * none can be restored.
 */
export function withPreviousSentence(
  a: DocAnalysis,
  sentence: AnalysedSentence,
  leans: (text: string) => boolean,
  standsAlone: (text: string) => boolean,
): AnalysedSentence | undefined {
  if (sentence.record || !leans(sentence.text)) return undefined;
  const zh = a.language === 'zh';
  const joint = zh ? '' : ' ';
  // The sentences before, back to the first that reads alone: at most two ("That's not
  // because of X. It's more because of Y." both lean on the sentence before them).
  const before: AnalysedSentence[] = [];
  for (let id = sentence.id - 1; id >= sentence.id - MAX_CONTEXT_SENTENCES; id--) {
    const prev = a.sentences[id];
    const next = before[0] ?? sentence;
    if (!prev || prev.id !== id || prev.record) return undefined;
    if (prev.blockIndex !== sentence.blockIndex || prev.fileId !== sentence.fileId)
      return undefined;
    if (prev.kind !== sentence.kind) return undefined;
    // The material's own text between the two (one space in English, none in Chinese).
    const gap = next.start - (prev.start + prev.text.length);
    if (gap < 0 || gap > 2) return undefined;
    before.unshift(prev);
    if (!leans(prev.text)) {
      if (!standsAlone(prev.text)) return undefined;
      break;
    }
    if (id === sentence.id - MAX_CONTEXT_SENTENCES) return undefined;
  }
  let offset = 0;
  const contextTokens = before.flatMap((x) => {
    const at = offset;
    offset += x.text.length + joint.length;
    return x.tokens.map((t) => ({ ...t, start: t.start + at, end: t.end + at }));
  });
  const prev = { start: before[0]!.start, text: before.map((x) => x.text).join(joint) };
  const text = `${prev.text}${joint}${sentence.text}`;
  if (!materialIncludes(a.fullText, text)) return undefined;
  if (zh ? [...text].length > MAX_JOINED_CHARS : text.split(/\s+/).length > MAX_JOINED_WORDS)
    return undefined;
  const shift = prev.text.length + joint.length;
  // The sentence before is context only: what is asked (a blank, a swap) stays in the leaning
  // sentence — asked in the sentence before, the leaning one would trail as noise ("… That is
  // my current work, by the way.") — and never a term the context itself writes (a giveaway).
  const context = prev.text.toLowerCase();
  const moved = <T extends { start: number; end: number; text: string }>(xs: T[]) =>
    xs
      .filter((x) => !context.includes(x.text.toLowerCase()))
      .map((x) => ({ ...x, start: x.start + shift, end: x.end + shift }));
  const joined: AnalysedSentence = {
    ...sentence,
    start: prev.start,
    text,
    tokens: [
      ...contextTokens,
      ...sentence.tokens.map((x) => ({ ...x, start: x.start + shift, end: x.end + shift })),
    ],
    mentions: moved(sentence.mentions),
    numbers: moved(sentence.numbers),
  };
  contexts.set(
    joined,
    before.map((x) => x.id),
  );
  return joined;
}
