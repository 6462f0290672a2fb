import type { DocAnalysis } from './analysis.js';
import type { Answer } from './answers.js';
import { introducedKeys } from './en-typed-keys.js';
import { tagEnglish } from './en-pos.js';
import { verifiedKind } from './zh-distractors.js';
import { markedTerms, zhTagged } from './zh-importance.js';

/*
 * Session 13 (decision 0055): a typed answer is a term a learner can recall exactly. Blind
 * grading failed 103 Chinese short answers (the largest Chinese class) and ≈16 English ones
 * whose key was a generic or evaluative phrase in an open slot: 「很多_____的企業」 keyed
 * 資金雄厚, where 大型 or 財力雄厚 fit as well. What makes a key recallable is read off the
 * material, not a word list: a name, a number, an acronym, a term the material defines, names
 * or quotes, or a term it uses again elsewhere (the material's own vocabulary). A one-off
 * wording of a single sentence, or a word that describes rather than names (an adjective, a
 * distinguishing word such as 大型, a quantity such as 很多), is one
 * choice of words among several: such a slot is left to another candidate or another type.
 */

/** jieba tags of words that describe, quantify or set phrase rather than name something. */
const ZH_DESCRIBING = /^(?:a|ad|an|ag|b|z|d|m|mq|r|u|c|p|f)$/;

export function recallableTypedKey(
  a: DocAnalysis,
  sentence: { text: string },
  answer: Answer,
): boolean {
  if (answer.kind !== 'term') return true;
  const text = answer.text.trim();
  // Numbers and acronyms are facts the material states (the scorer folds their forms).
  if (/\d/u.test(text) || /\p{Lu}{2,}/u.test(text)) return true;
  const recurs = answer.term.sentenceIds.length >= 2;
  if (a.language === 'zh') {
    if (verifiedKind(a, answer.term) !== 'term') return true;
    if (/[A-Za-z]/u.test(text)) return true;
    if (markedTerms(a).has(text)) return true;
    if (zhTagged(text).some((t) => ZH_DESCRIBING.test(t.tag))) return false;
    return recurs;
  }
  if (answer.term.kind !== 'term') return true;
  if (introducedKeys(a).has(answer.term.key)) return true;
  // An adjective alone ("important", "many") describes; it names nothing to recall.
  const tags = tagEnglish(sentence.text).filter(
    (t) => t.end > answer.start && t.start < answer.end,
  );
  if (tags.length && tags.every((t) => t.pos === 'ADJ' || t.pos === 'ADV' || t.pos === 'DET'))
    return false;
  return recurs;
}
