import type { Draft } from './draft.js';
import { acceptability, type QualityItem } from './quality-features.js';
import { QUALITY_MODEL } from './quality-model.js';

/** How many drafts that pass every check of a slot are built before one is chosen. */
export const RANK_POOL = 3;
/** A pooled draft must weigh at least this share of the best one's weight to be chosen. */
export const RANK_WEIGHT_FLOOR = 0.8;

/** A draft as the acceptability model sees it (the same fields a quiz report shows). */
export function draftQuality(draft: Draft, lang: 'en' | 'zh', expert: boolean): QualityItem {
  const options = draft.choices ?? draft.blanks?.[0];
  return {
    lang,
    type: draft.type,
    expert,
    question: draft.question,
    key: options?.[0] ?? draft.keys[0] ?? '',
    distractors: options?.slice(1) ?? [],
    truth: draft.truth,
  };
}

/**
 * Whether the ranker orders a slot's pool: not for zh short answers, where it ranked no better
 * than chance in cross-validation (within-type AUC 0.48, decision 0051).
 */
export function ranks(lang: 'en' | 'zh', type: Draft['type']): boolean {
  return !(lang === 'zh' && type === 'short_answer');
}

/**
 * Of drafts that all passed selection's checks (best weight first), the one the learned
 * model finds likeliest acceptable among those weighing at least RANK_WEIGHT_FLOOR of the
 * first and asking the same kind (term, number, definition, list …: what each difficulty
 * prefers to ask): the weight (importance, difficulty band, topic, spread) still decides which
 * candidates are in the running; the model only orders near-equals of one kind.
 */
export function pickRanked<T extends { draft: Draft; now: number; kind?: string }>(
  pool: T[],
  lang: 'en' | 'zh',
  expert: boolean,
): T | undefined {
  const first = pool[0];
  if (!first || pool.length === 1 || !ranks(lang, first.draft.type)) return first;
  let best = first;
  let bestP = acceptability(QUALITY_MODEL, draftQuality(first.draft, lang, expert));
  for (const entry of pool.slice(1)) {
    if (entry.now < first.now * RANK_WEIGHT_FLOOR || entry.kind !== first.kind) continue;
    const p = acceptability(QUALITY_MODEL, draftQuality(entry.draft, lang, expert));
    if (p > bestP) {
      best = entry;
      bestP = p;
    }
  }
  return best;
}
