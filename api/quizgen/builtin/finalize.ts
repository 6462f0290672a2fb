import { EN_STOPWORDS, ZH_STOPWORDS } from '../text/stopwords.js';
import type { GeneratedQuestion, Option } from '../types.js';
import type { DocAnalysis } from './analysis.js';
import type { Draft } from './draft.js';
import { dealPositions, type Rng } from './rng.js';
import type { QuizTemplates } from './templates/index.js';

const IDS = ['a', 'b', 'c', 'd'];

/**
 * Turns drafts into questions: the key of every choice item goes to a position dealt evenly
 * across the quiz (in code, never left to chance or to a model), distractors fill the rest in a
 * seeded order, and ids are given.
 */
export function finalizeQuestions(
  drafts: Draft[],
  t: QuizTemplates,
  rng: Rng,
): GeneratedQuestion[] {
  const mcqPositions = dealPositions(drafts.filter((d) => d.choices).length, 4, rng);
  const blankSizes = drafts.flatMap((d) => d.blanks?.map((b) => b.length) ?? []);
  const blankPositions = new Map<number, number[]>();
  for (const size of new Set(blankSizes))
    blankPositions.set(size, dealPositions(blankSizes.filter((s) => s === size).length, size, rng));

  return drafts.map((draft, i) => {
    const common = {
      id: `q${i + 1}`,
      type: draft.type,
      question: draft.question,
      explanation: draft.explanation,
      relatedConcepts: draft.relatedConcepts,
      citation: draft.citation,
    };
    if (draft.choices) {
      const { options, correctOptionId } = place(draft.choices, mcqPositions.shift()!, rng);
      return { ...common, options, correctOptionId };
    }
    if (draft.blanks) {
      const blanks = draft.blanks.map((choices, b) => {
        const { options, correctOptionId } = place(
          choices,
          blankPositions.get(choices.length)!.shift()!,
          rng,
        );
        return { id: `b${b + 1}`, options, correctOptionId };
      });
      return { ...common, blanks };
    }
    if (draft.truth !== undefined) {
      return {
        ...common,
        options: [
          { id: 'true', text: t.trueLabel },
          { id: 'false', text: t.falseLabel },
        ],
        correctOptionId: draft.truth ? 'true' : 'false',
      };
    }
    return { ...common, acceptedAnswers: draft.acceptedAnswers ?? [] };
  });
}

function place(
  choices: string[],
  position: number,
  rng: Rng,
): { options: Option[]; correctOptionId: string } {
  const [key, ...distractors] = choices;
  const ordered = rng.shuffle(distractors);
  ordered.splice(position, 0, key!);
  const options = ordered.map((text, i) => ({ id: IDS[i]!, text }));
  return { options, correctOptionId: IDS[position]! };
}

/** Everyday words a keyphrase ranker may still score: not concepts worth tracking progress on. */
const FILLER_ZH = new Set(
  `人們 東西 大家 事情 時候 地方 方式 部分 情況 問題 方面 時間 事物 東東 人家 朋友 各位 今天 現在 剛剛 接下來 這樣 那樣 一下 東西們 樣子 意思 感覺 事實 原因 結果 例子 內容 目前 大概 所以 因為 但是`.split(
    /\s+/,
  ),
);
const FILLER_EN = new Set(
  `people person thing things way ways time times lot lots kind kinds part parts something someone everyone everything anything example examples question questions answer fact idea ideas case cases point points number numbers percent page pages figure figures table tables section sections chapter chapters today year years day days`.split(
    /\s+/,
  ),
);

const topTermCache = new WeakMap<DocAnalysis, Map<string, number>>();

/** The document's terms by lower-cased text with their rank (0 = best). */
function rankedTerms(a: DocAnalysis): Map<string, number> {
  let ranked = topTermCache.get(a);
  if (!ranked) {
    const sorted = [...a.terms.values()].sort((x, y) => y.score - x.score);
    ranked = new Map();
    sorted.forEach((t, i) => {
      const key = t.text.toLowerCase();
      if (!ranked!.has(key)) ranked!.set(key, i);
    });
    topTermCache.set(a, ranked);
  }
  return ranked;
}

/** True when a related concept is a real key term of the material (the progress page lists them). */
export function isKeyConcept(a: DocAnalysis, concept: string, tested = false): boolean {
  const text = concept.trim();
  const lower = text.toLowerCase();
  if (!/[\p{L}]/u.test(text)) return false;
  // Links, paths, identifiers, code: never concepts.
  if (/:\/\/|^www\.|\.(?:com|org|net|gov|edu|io|tw)\b|[/\\_@#{}<>=$]/i.test(text)) return false;
  if (/^\p{Ll}+\p{Lu}/u.test(text)) return false; // ctNode, getValue
  if (ZH_STOPWORDS.has(text) || FILLER_ZH.has(text)) return false;
  if (EN_STOPWORDS.has(lower) || FILLER_EN.has(lower)) return false;
  if (/^[\p{Script=Latin}]+$/u.test(text)) {
    // "Eq", "Fig": a short capitalised word is an abbreviation of a caption, not a concept;
    // an acronym (AI, JIT, NIH) is.
    if (text.length < 4 && !/^\p{Lu}{2,}$/u.test(text)) return false;
  }
  if (/^\p{Script=Han}$/u.test(text)) return false;
  const rank = rankedTerms(a).get(lower);
  if (rank === undefined && !tested) return false;
  // Among the material's best terms (the top 40 or top quarter, whichever is more); the term a
  // question tests is one the quiz holds worth learning.
  if (!tested && rank! >= Math.max(40, Math.ceil(a.terms.size / 4))) return false;
  // A whole word of the material, not a fragment of a longer one ("Hercep" of "Herceptin").
  if (/^[\p{Script=Latin}\d][\p{Script=Latin}\d\s'’-]*$/u.test(text) && !standsAlone(a, lower))
    return false;
  return true;
}

const lowerTexts = new WeakMap<DocAnalysis, string>();

/** True when the lower-cased word occurs in the material with no letter or hyphen joined to it. */
function standsAlone(a: DocAnalysis, word: string): boolean {
  let text = lowerTexts.get(a);
  if (text === undefined) {
    text = a.fullText.toLowerCase();
    lowerTexts.set(a, text);
  }
  const joined = /[\p{L}\d]/u;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + word.length] ?? ' ';
    if (!joined.test(before) && !joined.test(after) && after !== '-') return true;
  }
  return false;
}

/**
 * A question's related concepts, junk tokens left out (at most four, no duplicates). The
 * question's own keys (a term, a table cell) stay unless they are junk themselves.
 */
export function keyConcepts(
  a: DocAnalysis,
  draft: Pick<Draft, 'relatedConcepts' | 'keys' | 'sentence'>,
): string[] {
  const seen = new Set<string>();
  const keys = new Set(draft.keys);
  return draft.relatedConcepts
    .filter((c) => isKeyConcept(a, c, keys.has(c)))
    .filter((c) => !seen.has(c.toLowerCase()) && (seen.add(c.toLowerCase()), true))
    .slice(0, 4);
}
