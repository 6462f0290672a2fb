/**
 * The generation progress bar (spec §9): a simulated value that moves every 100 ms, more slowly
 * the further it gets, but never past the band of the stage the server reports, and never behind
 * the server's own progress. Pure, so the screen only ticks and the tests can step it.
 */
import type { GenerationStage } from '../api/types';

export const TICK_MS = 100;
export const POLL_MS = 400;
/** Spec §9: the quiz-ready redirect waits 1 s at 100 %. */
export const READY_DELAY_MS = 1000;
/** The learning tip appears only when a generation takes a while (long enough to read it). */
export const TIP_DELAY_MS = 2500;

/**
 * The highest value the simulation may show while the server is in a stage. The server maps its
 * stages into 0–100 (api/quiz/generation-service.ts: reading 2–15, concepts 15–35, writing 35–75,
 * checking 75–95); the caps stay one below each band's top so the stage text (which changes at
 * 15, 35, 55, 75 and 90) does not run ahead of the real work. `none` is before the server has
 * answered for the generation.
 */
export const STAGE_CAPS: Record<GenerationStage | 'none', number> = {
  none: 8,
  queued: 8,
  reading: 14,
  concepts: 34,
  writing: 74,
  checking: 94,
  done: 100,
};

export function stageCap(stage: GenerationStage | null | undefined): number {
  return STAGE_CAPS[stage ?? 'none'] ?? STAGE_CAPS.none;
}

/** How far one 100 ms tick moves the bar: quick at first, slower at higher percentages. */
export function progressStep(percent: number): number {
  if (percent < 20) return 1;
  if (percent < 50) return 0.6;
  if (percent < 75) return 0.35;
  if (percent < 90) return 0.15;
  return 0.05;
}

const clamp = (n: number) => (Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 0);

/**
 * One tick: advance by progressStep up to the stage's cap. Never moves back, and jumps to the
 * server's progress when that is ahead.
 */
export function nextSimulated(
  current: number,
  stage: GenerationStage | null | undefined,
  serverProgress = 0,
): number {
  const cap = stageCap(stage);
  const stepped = current < cap ? Math.min(cap, current + progressStep(current)) : current;
  return clamp(Math.max(stepped, current, serverProgress));
}

/** What the bar shows: the simulation, or the server when it is ahead; 100 once finished. */
export function displayProgress(simulated: number, serverProgress: number, done: boolean): number {
  return done ? 100 : Math.floor(clamp(Math.max(simulated, serverProgress)));
}

/** Spec §9: the stage text changes at these percentages (6 texts). */
export const STAGE_THRESHOLDS = [15, 35, 55, 75, 90] as const;
export const STAGE_TEXTS = [
  'reading',
  'concepts',
  'writing',
  'options',
  'checking',
  'finishing',
] as const;
export type StageText = (typeof STAGE_TEXTS)[number];

/** The stage text key shown at a percentage. */
export function stageTextAt(percent: number): StageText {
  const index = STAGE_THRESHOLDS.filter((t) => percent >= t).length;
  return STAGE_TEXTS[index] ?? 'finishing';
}

export const TIP_COUNT = 6;

/** Spec §9: one of the six learning tips, chosen once at random. */
export function pickTip(random: () => number = Math.random): number {
  return Math.min(TIP_COUNT - 1, Math.max(0, Math.floor(random() * TIP_COUNT)));
}
