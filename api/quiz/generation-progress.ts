import { iso } from '../lib/clock.js';
import type { GenerationStage } from '../quizgen/types.js';
import type { JobContext } from './generation-job.js';

/** Where each stage of the generator sits on the learner's 0–100 progress bar. */
const STAGE_BANDS: Record<GenerationStage, [number, number]> = {
  reading: [2, 15],
  concepts: [15, 35],
  writing: [35, 75],
  checking: [75, 95],
};

/** The overall percentage for a stage and the fraction of it done. */
export function stageProgress(stage: GenerationStage, fraction: number): number {
  const [from, to] = STAGE_BANDS[stage];
  return Math.round(from + (to - from) * Math.min(1, Math.max(0, fraction)));
}

/** Progress is written at most this often (and on every stage change). */
const PROGRESS_WRITE_MS = 250;

/** Writes progress in order, at most every PROGRESS_WRITE_MS unless the stage changes. */
export function progressWriter(job: JobContext, id: string) {
  const { db, clock, logger, instanceId } = job;
  let chain: Promise<unknown> = Promise.resolve();
  let lastStage = '';
  let lastWrite = 0;
  let lastValue = 0;
  return {
    report(stage: GenerationStage, fraction: number) {
      const value = Math.max(lastValue, stageProgress(stage, fraction));
      const at = performance.now();
      if (stage === lastStage && at - lastWrite < PROGRESS_WRITE_MS) return;
      lastStage = stage;
      lastWrite = at;
      lastValue = value;
      chain = chain
        .then(() =>
          db
            .updateTable('quiz_generations')
            .set({ stage, progress: value, updated_at: iso(clock.now()) })
            .where('id', '=', id)
            .where('status', '=', 'running')
            .where('claimed_by', '=', instanceId)
            .execute(),
        )
        .catch((err: unknown) => logger.warn({ err, id }, 'could not record progress'));
    },
    flush: () => chain,
  };
}
