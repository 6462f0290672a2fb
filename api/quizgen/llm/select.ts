import { MAX_KEY_LONGEST_SHARE, SAME_FACT_THRESHOLD } from '../checks.js';
import type { QuestionType } from '../types.js';
import { charTrigrams, gramSimilarity } from '../text/similarity.js';
import type { Candidate } from './validate.js';

/** The index of an earlier candidate that tests the same fact as `c`, or -1. */
export function sameFactAs(c: Candidate, earlier: Candidate[]): number {
  const grams = charTrigrams(c.fact);
  return earlier.findIndex(
    (e) => gramSimilarity(grams, charTrigrams(e.fact)) >= SAME_FACT_THRESHOLD,
  );
}

/** How many of `total` items may have the key as their longest option (as checks.ts counts). */
export function longestKeyAllowance(total: number): number {
  return total < 3 ? total : Math.max(1, Math.floor(total * MAX_KEY_LONGEST_SHARE));
}

export interface SelectionGoal {
  target: number;
  types: Map<QuestionType, number>;
  /** Questions each chunk should give, by chunk number. */
  perChunk: Map<number, number>;
  chunkOf: (c: Candidate) => number;
}

/**
 * The quiz's questions out of the candidates: no two on the same fact, the key the longest
 * option only within its allowance, then by preference the requested mix of types, each chunk's
 * share and every quarter of the document. The model's order breaks ties.
 */
export function selectCandidates(candidates: Candidate[], goal: SelectionGoal): Candidate[] {
  const pool: Candidate[] = [];
  for (const c of candidates) if (sameFactAs(c, pool) < 0) pool.push(c);

  const chosen: Candidate[] = [];
  const typeCount = new Map<QuestionType, number>();
  const chunkCount = new Map<number, number>();
  const quarterCount = [0, 0, 0, 0];
  const quarterOf = (c: Candidate) => Math.min(3, Math.floor(c.position * 4));
  const mcAllowance = longestKeyAllowance(goal.types.get('multiple_choice') ?? 0);
  const blankAllowance = longestKeyAllowance(goal.types.get('dropdown_fill_in_blank') ?? 0);
  let mcLongest = 0;
  let blanksLongest = 0;
  while (chosen.length < goal.target) {
    let best: Candidate | undefined;
    let bestScore = -Infinity;
    for (const c of pool) {
      if (chosen.includes(c)) continue;
      if (c.keyIsLongest && mcLongest >= mcAllowance) continue;
      if (c.longestBlanks && blanksLongest + c.longestBlanks > blankAllowance) continue;
      const t = c.raw.type;
      const chunk = goal.chunkOf(c);
      const fromChunk = chunkCount.get(chunk) ?? 0;
      const inQuarter = quarterCount[quarterOf(c)] as number;
      let score = 0;
      if ((typeCount.get(t) ?? 0) < (goal.types.get(t) ?? 0)) score += 4;
      score += fromChunk < (goal.perChunk.get(chunk) ?? 0) ? 2 : -0.5 * fromChunk;
      score += inQuarter === 0 ? 1.5 : -0.75 * inQuarter;
      if (c.converted) score -= 0.25;
      if (score > bestScore) [best, bestScore] = [c, score];
    }
    if (!best) break;
    chosen.push(best);
    typeCount.set(best.raw.type, (typeCount.get(best.raw.type) ?? 0) + 1);
    chunkCount.set(goal.chunkOf(best), (chunkCount.get(goal.chunkOf(best)) ?? 0) + 1);
    quarterCount[quarterOf(best)]! += 1;
    if (best.keyIsLongest) mcLongest++;
    blanksLongest += best.longestBlanks;
  }
  return chosen;
}
