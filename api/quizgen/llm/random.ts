/** A small seeded generator (mulberry32): the same seed deals the same positions. */
export type Random = () => number;

/** Random numbers in [0, 1) from a seed, or from Math.random without one. */
export function createRandom(seed?: number): Random {
  if (seed === undefined) return Math.random;
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A shuffled copy (Fisher–Yates). */
export function shuffle<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * `count` positions out of `slots`, each used as evenly as possible (counts differ by at most
 * one), in random order: the key's position is dealt, never left to the model.
 */
export function dealPositions(count: number, slots: number, random: Random): number[] {
  const start = Math.floor(random() * slots);
  const base = Array.from({ length: count }, (_, i) => (start + i) % slots);
  return shuffle(base, random);
}

/** `count` truth values, half true (the odd one out decided at random), in random order. */
export function dealTruths(count: number, random: Random): boolean[] {
  const trues = random() < 0.5 ? Math.floor(count / 2) : Math.ceil(count / 2);
  return shuffle(
    Array.from({ length: count }, (_, i) => i < trues),
    random,
  );
}
