import { BLANK_MARKER } from '../types.js';
import type { Answer } from './answers.js';
import type { ClozeCandidate } from './candidates/cloze.js';
import type { DefinitionCandidate } from './candidates/definition.js';
import { rankDistractors, type Distractor } from './distractors.js';
import {
  blankOut,
  citationOf,
  freshAnswers,
  pickDistractors,
  stemWhere,
  type BuildContext,
  type Draft,
} from './draft.js';
import { explainChoice, relatedConcepts } from './explain.js';
import { findNumbers } from './numbers.js';

/** A four-option question: which option fills the blank, or which term a definition names. */
export function buildMultipleChoice(
  ctx: BuildContext,
  candidate: ClozeCandidate | DefinitionCandidate,
): Draft | undefined {
  const { a, t } = ctx;
  const { sentence } = candidate;
  const answers = forLevel(
    ctx,
    freshAnswers(ctx, 'body' in candidate ? [candidate.answer] : candidate.answers),
  );
  for (const answer of answers) {
    const ranked = soundAtLevel(
      ctx,
      answer,
      rankDistractors(a, sentence, answer, ctx.closeness, 8, { articleFree: true }),
    );
    const distractors = pickDistractors(
      answer.text,
      ranked,
      3,
      ctx.mcqLongest,
      ctx.shownDistractors,
    );
    if (!distractors) continue;
    const question =
      'body' in candidate
        ? t.mcqDefinition(candidate.body)
        : t.mcqCloze(
            articlesFor(blankOut(sentence.text, [answer], BLANK_MARKER), [answer], a.language),
            stemWhere(ctx, sentence),
          );
    return {
      type: 'multiple_choice',
      question,
      choices: [answer.text, ...distractors.map((d) => d.text)],
      keys: [answer.text],
      explanation: explainChoice(a, t, sentence, [answer.text], distractors),
      relatedConcepts: relatedConcepts(a, sentence, [answer.text]),
      citation: citationOf(sentence),
      fact: sentence.text,
      sentence,
    };
  }
  return undefined;
}

/**
 * A sentence with one blank (two for experts, when the sentence holds two good answers), each
 * blank with its own 3–4 options.
 */
export function buildDropdown(ctx: BuildContext, candidate: ClozeCandidate): Draft | undefined {
  const { a, t } = ctx;
  const { sentence } = candidate;
  const chosen: Array<{ answer: Answer; distractors: Distractor[] }> = [];
  for (const answer of forLevel(ctx, freshAnswers(ctx, candidate.answers))) {
    if (chosen.length >= ctx.maxBlanks) break;
    if (chosen.some((c) => overlapsOrTouches(c.answer, answer))) continue;
    const ranked = soundAtLevel(
      ctx,
      answer,
      rankDistractors(a, sentence, answer, ctx.closeness, 8, { articleFree: true }),
    ).filter(
      (d) =>
        !chosen.some(
          (c) => c.answer.text === d.text || c.distractors.some((x) => x.text === d.text),
        ),
    );
    const distractors = pickDistractors(
      answer.text,
      ranked,
      ctx.blankOptions - 1,
      ctx.blankLongest,
      ctx.shownDistractors,
    );
    // An answer without three typed distractors is skipped, not padded; the next one of the
    // sentence may have them.
    if (distractors) chosen.push({ answer, distractors });
  }
  if (!chosen.length) return undefined;
  chosen.sort((x, y) => x.answer.start - y.answer.start);
  const keys = chosen.map((c) => c.answer.text);
  const stem = blankOut(
    sentence.text,
    chosen.map((c) => c.answer),
    BLANK_MARKER,
  );
  return {
    type: 'dropdown_fill_in_blank',
    question: t.dropdown(
      articlesFor(
        stem,
        chosen.map((c) => c.answer),
        a.language,
      ),
      stemWhere(ctx, sentence),
    ),
    blanks: chosen.map((c) => [c.answer.text, ...c.distractors.map((d) => d.text)]),
    keys,
    explanation: explainChoice(
      a,
      t,
      sentence,
      keys,
      chosen.flatMap((c) => c.distractors),
    ),
    relatedConcepts: relatedConcepts(a, sentence, keys),
    citation: citationOf(sentence),
    fact: sentence.text,
    sentence,
  };
}

/**
 * "a _____" / "an _____" would tell which options begin with a vowel: an English stem writes
 * "a(n) _____", and every option fits it.
 */
export function neutralArticles(stem: string, language: 'zh' | 'en'): string {
  if (language !== 'en') return stem;
  return stem.replace(new RegExp(`\\b(a|an|A|An)\\s+(?=${BLANK_MARKER})`, 'g'), (_, art: string) =>
    art[0] === 'A' ? 'A(n) ' : 'a(n) ',
  );
}

/** "a(n)" before the blanks of terms; a number's "a" ("a 99 percent correct …") stays. */
function articlesFor(stem: string, answers: Answer[], language: 'zh' | 'en'): string {
  return answers.some((x) => x.kind !== 'number') ? neutralArticles(stem, language) : stem;
}

/**
 * What a level asks in English: beginner and basic ask for the material's terms first, and for
 * a figure only among other figures the material states in the same unit (a talk's 9%, 15% and
 * 85%: a sound set where its names give none); advanced and expert ask for numbers first, then
 * terms, with close made-up values too.
 */
function forLevel<T extends Answer>(ctx: BuildContext, answers: T[]): T[] {
  if (ctx.a.language !== 'en') return answers;
  if (ctx.closeness < 0.6)
    return [
      ...answers.filter((x) => x.kind !== 'number'),
      ...answers.filter((x) => x.kind === 'number'),
    ];
  return [
    ...answers.filter((x) => x.kind === 'number'),
    ...answers.filter((x) => x.kind !== 'number'),
  ];
}

function overlapsOrTouches(x: Answer, y: Answer): boolean {
  return x.start <= y.end + 1 && y.start <= x.end + 1;
}

/** Below advanced, an English figure's options are only values the material itself states. */
function soundAtLevel(ctx: BuildContext, answer: Answer, ranked: Distractor[]): Distractor[] {
  if (answer.kind === 'number') ranked = plausibleFigures(answer.number, ranked);
  if (ctx.a.language !== 'en' || answer.kind !== 'number' || ctx.closeness >= 0.6) return ranked;
  return ranked.filter((d) => d.stated);
}

/**
 * How a figure is written, for options that look alike: decimals by their places, whole
 * numbers as round (a multiple of five) or exact. "8%" among "10%, 25%, 50%" is the only exact
 * one and stands out; so does "29.2%" among whole percentages.
 */
export function figureShape(value: number, text: string): string {
  const decimals = /\d\.(\d+)/u.exec(text)?.[1]?.length ?? 0;
  if (decimals) return `d${decimals}`;
  if (Math.abs(value) < 10 || (value >= 1000 && value <= 2100)) return 'small-or-year';
  return value % 5 === 0 ? 'round' : 'exact';
}

/** Farther than this factor from the key, a figure is one nobody would pick (8% vs 50%). */
const FIGURE_SPREAD = 4;

/**
 * A figure's options written like the key and near it: values of the key's shape first, then
 * by closeness (as a ratio); values over four times off are left out while enough remain.
 */
export function plausibleFigures(
  key: { value: number; text: string },
  ranked: Distractor[],
  needed = 3,
): Distractor[] {
  const shape = figureShape(key.value, key.text);
  const scored = ranked.map((d, i) => {
    const value = findNumbers(d.text)[0]?.value;
    const ratio =
      value !== undefined && value > 0 && key.value > 0
        ? Math.abs(Math.log(value / key.value))
        : Infinity;
    const alike = value !== undefined && figureShape(value, d.text) === shape;
    return { d, i, ratio, alike };
  });
  const near = scored.filter((x) => x.ratio <= Math.log(FIGURE_SPREAD));
  const pool = near.length >= needed ? near : scored;
  // Keep the ranking's order among values of one shape (stated values before made-up ones).
  return pool.sort((x, y) => Number(y.alike) - Number(x.alike) || x.i - y.i).map((x) => x.d);
}
