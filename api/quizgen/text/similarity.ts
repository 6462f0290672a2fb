import { comparisonKey } from './normalize.js';

/** The character 3-grams of a text's comparison key (a shorter text is its own single gram). */
export function charTrigrams(text: string): Set<string> {
  const chars = [...comparisonKey(text)];
  const grams = new Set<string>();
  if (chars.length < 3) {
    if (chars.length) grams.add(chars.join(''));
    return grams;
  }
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(''));
  return grams;
}

/** Dice similarity of two texts' character 3-grams, 0 (nothing shared) to 1 (same text). */
export function trigramSimilarity(a: string, b: string): number {
  return gramSimilarity(charTrigrams(a), charTrigrams(b));
}

/** Dice similarity of two precomputed 3-gram sets. */
export function gramSimilarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const g of small) if (large.has(g)) shared++;
  return (2 * shared) / (a.size + b.size);
}
