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

/**
 * The sentence with its context restored (see withPreviousSentence), or undefined when it
 * needs none or none can be restored.
 */
export function restoredContext(
  a: DocAnalysis,
  sentence: AnalysedSentence,
): AnalysedSentence | undefined {
  if (a.language === 'zh')
    return withPreviousSentence(
      a,
      sentence,
      barePronounSubject,
      (t) => !zhLacksContext(t) && /[。！!]\s*$/u.test(t),
    );
  if (beyondRepair(sentence.text)) return undefined;
  return withPreviousSentence(
    a,
    sentence,
    leansOnPrevious,
    (t) => englishSentenceStandsAlone(t) && !isEnglishAside(t),
  );
}

/** At most this many words in a stem made of two sentences. */
const MAX_JOINED_WORDS = 55;
/** At most this many characters in a Chinese stem made of two sentences. */
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
  const prev = a.sentences[sentence.id - 1];
  if (!prev || prev.id !== sentence.id - 1 || prev.record) return undefined;
  if (prev.blockIndex !== sentence.blockIndex || prev.fileId !== sentence.fileId) return undefined;
  if (prev.kind !== sentence.kind || leans(prev.text) || !standsAlone(prev.text)) return undefined;
  const zh = a.language === 'zh';
  // The material's own text between the two (one space in English, none in Chinese).
  const gap = sentence.start - (prev.start + prev.text.length);
  if (gap < 0 || gap > 2) return undefined;
  const joint = zh ? '' : ' ';
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
  return {
    ...sentence,
    start: prev.start,
    text,
    tokens: [
      ...prev.tokens,
      ...sentence.tokens.map((x) => ({ ...x, start: x.start + shift, end: x.end + shift })),
    ],
    mentions: moved(sentence.mentions),
    numbers: moved(sentence.numbers),
  };
}
