import type { AnswerDetail } from './types.js';

/**
 * The details a free account may see: copies without explanation, relatedConcepts and
 * citation (absent, so the JSON never carries them); a premium account gets them unchanged.
 */
export function withholdPremium(detail: readonly AnswerDetail[], premium: boolean): AnswerDetail[] {
  if (premium) return [...detail];
  return detail.map((entry) => {
    const copy = { ...entry };
    // Deleted rather than set to undefined or '': the key itself must not reach the client.
    delete copy.explanation;
    delete copy.relatedConcepts;
    delete copy.citation;
    return copy;
  });
}
