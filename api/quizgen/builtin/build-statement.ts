import { BLANK_MARKER } from '../types.js';
import type { DocAnalysis } from './analysis.js';
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
import { categoryEnding, fitsLocalFrame } from './zh-distractors.js';
import { isAskableZh, isTypeableZh } from './zh-keys.js';
import type { Answer } from './answers.js';

/** Discourse and filler words of speech: never the point a statement is made false on. */
const EN_FILLER =
  /^(?:yeah|yes|no|ok|okay|well|so|um|uh|oh|right|sure|like|just|really|actually|basically|maybe|thanks|thank|please|hello|hi|anyway|kind|sort|stuff|things?|guys?|folks|people|everyone|everybody|somebody|someone)$/i;

function isSwappableText(text: string): boolean {
  return !EN_FILLER.test(text.trim());
}

/** A key a false statement may be made on: a term, name or number, not a filler word. */
function isSwappableKey(a: DocAnalysis, answer: Answer): boolean {
  if (!isSwappableText(answer.text)) return false;
  return a.language !== 'zh' || isAskableZh(answer);
}

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
  if (!answers.length || !isCheckableStatement(sentence.text)) return undefined;
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
    // A filler or discourse word ("Yeah", "sure", 大家) is no checkable point: swapping it
    // makes nonsense or a statement that is still true.
    if (!isSwappableKey(a, answer)) continue;
    // A swapped common noun reads as nonsense unless it is a sibling or shares the head word;
    // names and numbers swap cleanly.
    // A false statement contradicts the material on a checkable point: another member of
    // the list the key stands in, another compound of its category (參議院 → 眾議院), another
    // name of its kind, another value of the same unit. The swap is never stated in that
    // place anywhere in the material (rankDistractors checks), and a swapped common word
    // without such a relation would be a synonym or nonsense (idea → thought, 系統 → 測試).
    const swap = rankDistractors(a, sentence, answer, Math.min(1, ctx.closeness + 0.3), 4).find(
      (d) =>
        isSwappableText(d.text) &&
        // A Chinese swap must read as Chinese: the swapped word stands somewhere in the
        // material after the key's left neighbour or before its right one (no 成本青少年).
        (a.language !== 'zh' ||
          answer.kind !== 'term' ||
          fitsLocalFrame(a, sentence, answer, d.text)) &&
        (answer.kind !== 'term' ||
          d.relation === 'sibling' ||
          // A shared head in English is often a near-synonym ("cybersecurity challenges" →
          // "cyber challenges"): only Chinese compounds of a category swap on their head, and
          // only on a category ending (參議院 → 眾議院, not 長時間 → 單位時間).
          (d.relation === 'head' &&
            a.language === 'zh' &&
            categoryEnding(answer.text) !== undefined &&
            d.text.endsWith(categoryEnding(answer.text)!)) ||
          // Names swap cleanly in Chinese prose; in English a swapped name breaks the sentence
          // ("advise the Bankruptcy Code") unless it is a time word (June → March).
          (d.relation === 'kind' &&
            (a.language === 'zh' ? answer.term.kind !== 'term' : answer.term.kind === 'time'))),
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
 * A statement a learner can judge true or false: not a question pasted as a statement, not
 * the speaker's own opinion or plan ("我覺得…", "I think…"), not a request.
 */
export function isCheckableStatement(text: string): boolean {
  if (/[?？]|嗎[。！!」]?$|是不是|會不會|能不能|要不要|有沒有/.test(text)) return false;
  if (
    /^(?:Do|Does|Did|Is|Are|Was|Were|Can|Could|Would|Should|What|Why|How|When|Where|Who)\b/.test(
      text,
    )
  )
    return false;
  if (/^[「"“]?(?:我(?:們)?(?:覺得|認為|想|希望|相信|期待|建議|很高興)|請|讓我們)/.test(text))
    return false;
  return !/\b(?:I|we) (?:think|believe|hope|feel|guess|want|would like)\b|^(?:Please|Let's|Let us)\b/i.test(
    text,
  );
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
  // A typed answer is a term a learner can produce, not a clause.
  if (a.language === 'zh' ? !isTypeableZh(answer.text) : answer.text.split(/\s+/).length > 4)
    return undefined;
  // A two-character common noun in an open slot (「在其_____中」, 「相關的_____之前」) has
  // other fitting words (社群/社區, 部會/機關): typed, it is asked only where the blank is bound
  // into a compound or a name (「治理_____」, 「_____六力」).
  if (
    a.language === 'zh' &&
    !('body' in candidate) &&
    answer.kind === 'term' &&
    answer.term.kind === 'term' &&
    [...answer.text].length <= 2 &&
    !boundBlank(sentence.text, answer)
  )
    return undefined;
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

/** Particles, prepositions and measure words: neighbours that leave a blank open. */
const OPEN_NEIGHBOUR =
  /[的了是在和與及或也都就而之有為著把被對從向其中上下裡內外這那個些種等已還會能要再才又很最將仍並，。、；：「」（）\s]/u;

/** Whether a blank touches a content character on either side (a compound or a name). */
function boundBlank(text: string, answer: { start: number; end: number }): boolean {
  const left = text.slice(Math.max(0, answer.start - 1), answer.start);
  const right = text.slice(answer.end, answer.end + 1);
  const content = (c: string) => /\p{Script=Han}/u.test(c) && !OPEN_NEIGHBOUR.test(c);
  return content(left) || content(right);
}
