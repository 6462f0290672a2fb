import { buildTrueFalse } from './build-statement.js';
import type { BuildContext, Draft } from './draft.js';

const QUARTERS = 4;
const quarterOf = (d: Draft) => Math.min(QUARTERS - 1, Math.floor(d.sentence.position * QUARTERS));

/**
 * Brings the true/false items to the share of true ones drawn for this quiz (within one item):
 * a false item becomes true by quoting its sentence as it stands; a true one becomes false when
 * its sentence has a clean swap, else it is dropped.
 */
export function balanceTrueFalse(ctx: BuildContext, drafts: Draft[], share = 0.5): Draft[] {
  const out = [...drafts];
  const tf = () => out.filter((d) => d.type === 'true_false');
  const ok = () => {
    const items = tf();
    const trues = items.filter((d) => d.truth).length;
    // Never all alike from three items on: that is a pattern too.
    const mixed = items.length < 3 || (trues > 0 && trues < items.length);
    return mixed && Math.abs(trues - share * items.length) <= 1;
  };
  for (let guard = 0; !ok() && guard < out.length; guard++) {
    const items = tf();
    const trues = items.filter((d) => d.truth).length;
    const tooTrue =
      trues === items.length && items.length >= 3 ? true : trues > share * items.length;
    // The last statement of the surplus truth that can be rebuilt the other way is; only when
    // none can is one dropped (the quiz is then shorter, not unbalanced).
    let rebuiltOne = false;
    for (let index = out.length - 1; index >= 0 && !rebuiltOne; index--) {
      const draft = out[index]!;
      if (draft.type !== 'true_false' || draft.truth !== tooTrue || !draft.source) continue;
      const rebuilt = buildTrueFalse({ ...ctx, allowReuse: true }, draft.source, !tooTrue);
      if (rebuilt) {
        out[index] = rebuilt;
        rebuiltOne = true;
      }
    }
    // None can: a split of two or fewer, or one that is still mixed and within the range a split is drawn from
    // (drawTrueCount: 30–70% from four statements on) teaches nothing either; it stays.
    // Two or fewer statements may have any split (as drawTrueCount allows).
    if (!rebuiltOne && items.length <= 2) break;
    if (!rebuiltOne && items.length >= 4 && trues > 0 && trues < items.length) {
      const share = trues / items.length;
      if (share >= 0.3 && share <= 0.7) break;
    }
    if (!rebuiltOne)
      out.splice(
        out.findLastIndex((d) => d.type === 'true_false' && d.truth === tooTrue),
        1,
      );
  }
  return out;
}

/**
 * Keeps a quiz of four or more questions spread over the document: at least three quarters
 * touched and none holding more than half. When the material cannot give that, questions from
 * the fullest quarter are dropped (the quiz is shorter and says why) rather than piled up.
 */
export function enforceSpread(drafts: Draft[]): Draft[] {
  const out = [...drafts];
  const spreadOk = () => {
    if (out.length < 4) return true;
    const counts = new Array<number>(QUARTERS).fill(0);
    for (const d of out) counts[quarterOf(d)]!++;
    return (
      counts.filter((n) => n > 0).length >= 3 && Math.max(...counts) <= Math.ceil(out.length / 2)
    );
  };
  while (!spreadOk()) {
    const counts = new Array<number>(QUARTERS).fill(0);
    for (const d of out) counts[quarterOf(d)]!++;
    const fullest = counts.indexOf(Math.max(...counts));
    out.splice(
      out.findLastIndex((d) => quarterOf(d) === fullest),
      1,
    );
  }
  return out;
}

/** The share of choice items (and of blanks) whose key may be the longest option. */
const KEY_LONGEST_SHARE = 0.35;

const chars = (t: string) => [...t].length;
const keyLongest = (choices: string[]) =>
  choices.slice(1).every((c) => chars(c) < chars(choices[0]!));
const choiceSets = (d: Draft) => (d.choices ? [d.choices] : []);
const blankSets = (d: Draft) => d.blanks ?? [];

/**
 * Whether the key is the longest option in more than ~35% of the choice items or of the blanks
 * (at least one allowed), counted over the items made or, while selecting, over the number the
 * quiz plans, whichever is more.
 */
export function keyLongestOver(drafts: Draft[], planned = { choices: 0, blanks: 0 }): boolean {
  const over = (sets: string[][], plan: number) => {
    const n = Math.max(sets.length, plan);
    return (
      n >= 3 && sets.filter(keyLongest).length > Math.max(1, Math.floor(n * KEY_LONGEST_SHARE))
    );
  };
  return (
    over(drafts.flatMap(choiceSets), planned.choices) ||
    over(drafts.flatMap(blankSets), planned.blanks)
  );
}

/**
 * The key-longest share on the quiz as produced: selection keeps it for the count planned
 * (keyLongestOver); a quiz that came out shorter (each key asked once) drops its last such
 * items rather than teach "pick the longest".
 */
export function capKeyLongest(drafts: Draft[]): Draft[] {
  let out = [...drafts];
  for (const sets of [choiceSets, blankSets])
    while (keyLongestOver(out.filter((d) => sets(d).length))) {
      const at = out.findLastIndex((d) => sets(d).some(keyLongest));
      if (at < 0) break;
      out = out.filter((_, i) => i !== at);
    }
  return out;
}
