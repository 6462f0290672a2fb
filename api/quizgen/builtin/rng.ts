/** A small seeded random source (mulberry32): same seed, same sequence, on every machine. */
export interface Rng {
  next(): number;
  int(n: number): number;
  shuffle<T>(items: readonly T[]): T[];
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    shuffle(items) {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}

/** A 32-bit FNV-1a hash, to derive a seed from the document when the settings give none. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Key positions dealt evenly: for n questions with k options, every position is used
 * floor(n/k) or ceil(n/k) times, in a seeded order, so the key is never "usually B".
 */
export function dealPositions(n: number, optionCount: number, rng: Rng): number[] {
  const positions: number[] = [];
  while (positions.length < n) {
    positions.push(...rng.shuffle([...Array(optionCount).keys()]));
  }
  return positions.slice(0, n);
}
