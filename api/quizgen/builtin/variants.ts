import {
  simplifiedOnlyChars,
  toSimplifiedSameLength,
  toTraditional,
} from '../text/chinese-script.js';
import {
  collapseSpaces,
  foldWidth,
  parentheticals,
  withoutParentheticals,
} from '../text/normalize.js';
import type { Answer } from './answers.js';
import { toChineseNumeral } from './numbers.js';

/**
 * Every form of an answer a learner may type and be right: as written, without or only its
 * parenthetical, Traditional and Simplified forms, half-width, without a leading article, and
 * a number in Arabic or Chinese numerals.
 */
export function acceptedAnswers(answer: Pick<Answer, 'kind' | 'text'> & Partial<Answer>): string[] {
  const key = answer.text.trim();
  const forms = [key, withoutParentheticals(key), ...parentheticals(key)];
  if (/^(?:the|a|an)\s+/i.test(key)) forms.push(key.replace(/^(?:the|a|an)\s+/i, ''));
  if (answer.kind === 'number' && 'number' in answer && answer.number) {
    const n = answer.number;
    const unit = key.slice(key.search(/[^第\s\d.,零〇一二兩三四五六七八九十百千萬億]/u));
    const prefix = n.ordinal ? '第' : '';
    if (Number.isInteger(n.value) && unit !== key) {
      forms.push(`${prefix}${n.value}${unit}`, `${prefix}${toChineseNumeral(n.value)}${unit}`);
    }
  }
  for (const form of [...forms]) {
    forms.push(foldWidth(form), toSimplifiedSameLength(form));
    // Only a key written in Simplified needs its Traditional form (the converter is costly).
    if (simplifiedOnlyChars(form).length) forms.push(toTraditional(form));
  }
  const seen = new Set<string>();
  return forms
    .map((f) => collapseSpaces(f))
    .filter((f) => f && !seen.has(f) && (seen.add(f), true));
}
