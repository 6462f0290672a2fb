import { BLANK_MARKER } from '../types.js';
import type { ClozeCandidate } from './candidates/cloze.js';
import type { DefinitionCandidate } from './candidates/definition.js';
import { rankDistractors } from './distractors.js';
import {
  blankOut,
  citationOf,
  freshAnswers,
  stemWhere,
  type BuildContext,
  type Draft,
} from './draft.js';
import { relatedConcepts } from './explain.js';
import { acceptedAnswers } from './variants.js';

/**
 * A true/false item. A true one quotes the sentence; a false one swaps a key term for a sibling
 * of the same kind, or a number for another with the same unit, that the text does not state in
 * that place — never by slipping in "not" or 不.
 */
export function buildTrueFalse(
  ctx: BuildContext,
  candidate: ClozeCandidate,
  truth: boolean,
): Draft | undefined {
  const { a, t } = ctx;
  const { sentence } = candidate;
  const answers = freshAnswers(ctx, candidate.answers);
  if (!answers.length) return undefined;
  const where = t.location(sentence.location);
  const base = {
    type: 'true_false' as const,
    source: candidate,
    citation: citationOf(sentence),
    fact: sentence.text,
    sentence,
  };
  if (truth) {
    return {
      ...base,
      question: t.trueFalse(sentence.text, stemWhere(ctx, sentence)),
      truth,
      explanation: `${t.explainSupport(where, sentence.text)}${t.join}${t.explainTrue()}`,
      relatedConcepts: relatedConcepts(a, sentence, [answers[0]!.text]),
      keys: [answers[0]!.text],
    };
  }
  for (const answer of answers) {
    // A swapped common noun reads as nonsense unless it is a sibling or shares the head word;
    // names and numbers swap cleanly.
    const swap = rankDistractors(a, sentence, answer, Math.min(1, ctx.closeness + 0.3), 4).find(
      (d) =>
        answer.kind !== 'term' ||
        d.relation === 'sibling' ||
        // A shared head in English is often a near-synonym ("cybersecurity challenges" →
        // "cyber challenges"): only Chinese compounds (債務 → 職務) swap on their head.
        (d.relation === 'head' && a.language === 'zh') ||
        // Names swap cleanly in Chinese prose; in English a swapped name breaks the sentence
        // ("advise the Bankruptcy Code") unless it is a time word (June → March).
        (d.relation === 'kind' &&
          (a.language === 'zh' ? answer.term.kind !== 'term' : answer.term.kind === 'time')),
    );
    if (!swap) continue;
    const statement =
      sentence.text.slice(0, answer.start) + swap.text + sentence.text.slice(answer.end);
    return {
      ...base,
      question: t.trueFalse(statement, stemWhere(ctx, sentence)),
      truth,
      explanation: `${t.explainSupport(where, sentence.text)}${t.join}${t.explainFalse(answer.text, swap.text)}`,
      relatedConcepts: relatedConcepts(a, sentence, [answer.text]),
      keys: [answer.text],
    };
  }
  return undefined;
}

/**
 * A short-answer item: the term a definition names, or the missing word of a central sentence
 * (names, numbers and multi-character terms first: they have one right answer).
 */
export function buildShortAnswer(
  ctx: BuildContext,
  candidate: ClozeCandidate | DefinitionCandidate,
): Draft | undefined {
  const { a, t } = ctx;
  const { sentence } = candidate;
  const where = t.location(sentence.location);
  const answer =
    'body' in candidate
      ? freshAnswers(ctx, [candidate.answer])[0]
      : [...freshAnswers(ctx, candidate.answers)].sort(
          (x, y) => precision(y, a.language) - precision(x, a.language),
        )[0];
  if (!answer || precision(answer, a.language) <= 0) return undefined;
  const question =
    'body' in candidate
      ? t.shortAnswerDefinition(candidate.body)
      : t.shortAnswerCloze(
          blankOut(sentence.text, [answer], BLANK_MARKER),
          stemWhere(ctx, sentence),
        );
  return {
    type: 'short_answer',
    question,
    acceptedAnswers: acceptedAnswers(answer),
    keys: [answer.text],
    explanation: `${t.explainSupport(where, sentence.text)}${t.join}${t.explainKey([answer.text])}`,
    relatedConcepts: relatedConcepts(a, sentence, [answer.text]),
    citation: citationOf(sentence),
    fact: sentence.text,
    sentence,
  };
}

/** How surely a typed answer can be marked: names and numbers best, short common words worst. */
function precision(answer: ClozeCandidate['answers'][number], language: 'zh' | 'en'): number {
  if (answer.kind !== 'term') return 2;
  // jieba tags some plain words as names: a name must recur to be a fair typed answer.
  if (answer.term.kind !== 'term') return answer.term.sentenceIds.length >= 2 ? 2.5 : 0;
  // A common term is a fair typed answer only when the document keeps using it.
  const uses = answer.term.sentenceIds.length;
  const han = /\p{Script=Han}/u.test(answer.text);
  // An English common phrase typed from memory rarely matches word for word, and a plural
  // class ("benchmark programs") has near-equivalents: only short singular terms in steady use.
  if (language === 'en') {
    const words = answer.text.split(/\s+/).length;
    return words === 2 && uses >= 3 && !/[^s]s$/.test(answer.text) ? 1.5 : 0;
  }
  const size = han ? [...answer.text].length : answer.text.split(/\s+/).length * 2;
  return uses >= 2 && size >= 3 ? 1.5 : uses >= 3 && han ? 1 : 0;
}
