import { iso } from '../lib/clock.js';
import type { JobContext } from './generation-job.js';

/** How often a running generation looks for a cancel request made on another instance. */
const CANCEL_POLL_MS = 400;
/** The heartbeat's longest period; a third of the stale sweep's threshold when that is shorter. */
const HEARTBEAT_MS = 10_000;

/**
 * Aborts the job when a cancel was recorded in the database (by any instance) or the row is
 * no longer ours, and beats the heartbeat: `updated_at` is touched while the work goes on,
 * even through a long stage that reports no progress.
 */
export function watchJob(job: JobContext, id: string, controller: AbortController): () => void {
  const { db, clock, logger, instanceId } = job;
  const staleAfterMs = job.config.generationStaleMs;
  const every = Math.max(CANCEL_POLL_MS, Math.min(HEARTBEAT_MS, Math.floor(staleAfterMs / 3)));
  const heartbeat = setInterval(() => {
    db.updateTable('quiz_generations')
      .set({ updated_at: iso(clock.now()) })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('claimed_by', '=', instanceId)
      .execute()
      .catch((err: unknown) => logger.warn({ err, id }, 'could not beat the heartbeat'));
  }, every);
  heartbeat.unref();
  const poll = setInterval(() => {
    db.selectFrom('quiz_generations')
      .select(['cancel_requested', 'status', 'claimed_by'])
      .where('id', '=', id)
      .executeTakeFirst()
      .then((r) => {
        if (controller.signal.aborted) return;
        if (!r || r.cancel_requested === 1) controller.abort();
        else if (r.status !== 'running' || r.claimed_by !== instanceId) controller.abort();
      })
      .catch(() => {});
  }, CANCEL_POLL_MS);
  poll.unref();
  return () => {
    clearInterval(poll);
    clearInterval(heartbeat);
  };
}
