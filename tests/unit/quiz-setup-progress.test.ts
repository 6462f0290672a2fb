import { describe, expect, it } from 'vitest';
import {
  displayProgress,
  nextSimulated,
  pickTip,
  progressStep,
  stageCap,
  stageTextAt,
  TIP_COUNT,
} from '../../src/features/quiz/lib/generation-progress.js';
import type { GenerationStage } from '../../src/features/quiz/api/types.js';

/** Ticks the simulation n times (100 ms each) with the server in `stage`. */
const tick = (from: number, stage: GenerationStage | null, n: number, server = 0) => {
  let p = from;
  for (let i = 0; i < n; i++) p = nextSimulated(p, stage, server);
  return p;
};

describe('progressStep (spec §9: slower steps at higher percentages)', () => {
  it('never speeds up as the bar fills', () => {
    const steps = [0, 10, 20, 40, 50, 60, 75, 85, 90, 99].map(progressStep);
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeLessThanOrEqual(steps[i - 1]!);
    expect(progressStep(95)).toBeLessThan(progressStep(5));
    expect(progressStep(95)).toBeGreaterThan(0);
  });
});

describe('nextSimulated: within the band of the server stage', () => {
  it('moves on every tick while below the cap', () => {
    expect(nextSimulated(0, 'reading')).toBeGreaterThan(0);
    expect(nextSimulated(20, 'writing')).toBeGreaterThan(20);
  });

  it.each([
    [null, 8],
    ['queued', 8],
    ['reading', 14],
    ['concepts', 34],
    ['writing', 74],
    ['checking', 94],
  ] as const)('stops below the top of the %s band (%d)', (stage, cap) => {
    expect(stageCap(stage)).toBe(cap);
    expect(tick(0, stage, 5000)).toBe(cap);
  });

  it('the stage text never runs ahead of the server: reading stays on the first text', () => {
    expect(stageTextAt(tick(0, 'reading', 5000))).toBe('reading');
    expect(stageTextAt(tick(0, 'concepts', 5000))).toBe('concepts');
  });

  it('never moves back, even when the server reports less or an earlier stage', () => {
    expect(nextSimulated(50, 'reading', 10)).toBe(50);
    expect(tick(60, 'concepts', 10)).toBe(60);
  });

  it("jumps to the server's progress when the server is ahead", () => {
    expect(nextSimulated(5, 'writing', 60)).toBe(60);
  });

  it('takes a few seconds, not forever, to fill the writing band from its start', () => {
    const ticks = (() => {
      let p = 35;
      let n = 0;
      while (p < 74 && n < 10_000) {
        p = nextSimulated(p, 'writing');
        n++;
      }
      return n;
    })();
    expect(ticks * 100).toBeGreaterThan(3000);
    expect(ticks * 100).toBeLessThan(20_000);
  });
});

describe('displayProgress', () => {
  it('shows the larger of simulation and server, whole percent, 100 when done', () => {
    expect(displayProgress(12.7, 5, false)).toBe(12);
    expect(displayProgress(12, 40, false)).toBe(40);
    expect(displayProgress(30, 40, true)).toBe(100);
    expect(displayProgress(-3, Number.NaN, false)).toBe(0);
  });
});

describe('stageTextAt (spec §9: texts change at 15, 35, 55, 75 and 90 %)', () => {
  it.each([
    [0, 'reading'],
    [14, 'reading'],
    [15, 'concepts'],
    [34, 'concepts'],
    [35, 'writing'],
    [54, 'writing'],
    [55, 'options'],
    [74, 'options'],
    [75, 'checking'],
    [89, 'checking'],
    [90, 'finishing'],
    [100, 'finishing'],
  ] as const)('%d %% → %s', (percent, text) => {
    expect(stageTextAt(percent)).toBe(text);
  });
});

describe('pickTip', () => {
  it('picks one of the six tips', () => {
    expect(TIP_COUNT).toBe(6);
    expect(pickTip(() => 0)).toBe(0);
    expect(pickTip(() => 0.5)).toBe(3);
    expect(pickTip(() => 0.9999)).toBe(5);
  });
});
