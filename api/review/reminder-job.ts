import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Deps } from '../lib/context.js';
import { iso } from '../lib/clock.js';
import { normalizeLocale } from '../lib/errors.js';
import { localHour, today } from './days.js';
import { reminderEmail } from './reminder-email.js';
import { unsubscribeToken } from './unsubscribe-token.js';

export type ReminderDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'logger' | 'secret'> & {
  config: Pick<Deps['config'], 'publicUrl'>;
};

export const REMINDER_JOB = 'review-reminder';

/** Past runs and deliveries are kept this long. */
const KEEP_DAYS = 31;

/** This process, as job_runs records who ran a period. */
const INSTANCE = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** The period a run covers: the UTC hour, e.g. 2026-03-09T11 (reminders go out by local hour). */
export const runKeyOf = (now: Date) => now.toISOString().slice(0, 13);

/** The unsubscribe link of a learner's reminders. */
export function unsubscribeUrl(deps: ReminderDeps, userId: string): string {
  const token = unsubscribeToken(deps.secret, userId);
  return `${deps.config.publicUrl}/api/v1/review/reminders/unsubscribe?token=${token}`;
}

async function claimRun(deps: ReminderDeps, runKey: string, instance: string, now: Date) {
  const row = await deps.db
    .insertInto('job_runs')
    .values({ job: REMINDER_JOB, run_key: runKey, instance, started_at: iso(now), sent: 0 })
    .onConflict((oc) => oc.columns(['job', 'run_key']).doNothing())
    .returning('job')
    .executeTakeFirst();
  return row !== undefined;
}

async function claimDelivery(deps: ReminderDeps, userId: string, day: string, now: Date) {
  const row = await deps.db
    .insertInto('reminder_deliveries')
    .values({ user_id: userId, day, sent_at: iso(now) })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

async function dueCount(deps: ReminderDeps, userId: string, before: string): Promise<number> {
  const row = await deps.db
    .selectFrom('review_cards')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('due', '<', before)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One run of the daily reminder. The instance that inserts this hour's job_runs row sends;
 * every other instance sees the conflict and does nothing. Each learner whose local hour has
 * reached their reminder hour and who has cards due today gets one mail per local day — the
 * (user, day) delivery row is claimed before sending, so no run, instance or retry sends twice,
 * and an hour a crashed instance left unfinished is caught up by the next hour's run.
 */
export async function runReminderJob(
  deps: ReminderDeps,
  opts: { instance?: string } = {},
): Promise<{ runKey: string; claimed: boolean; sent: number }> {
  const now = deps.clock.now();
  const runKey = runKeyOf(now);
  if (!(await claimRun(deps, runKey, opts.instance ?? INSTANCE, now))) {
    return { runKey, claimed: false, sent: 0 };
  }
  const learners = await deps.db
    .selectFrom('reminder_settings')
    .innerJoin('users', 'users.id', 'reminder_settings.user_id')
    .select([
      'users.id',
      'users.email',
      'users.name',
      'users.locale',
      'reminder_settings.hour',
      'reminder_settings.utc_offset',
    ])
    .where('reminder_settings.enabled', '=', 1)
    .where('users.email_verified', '=', 1)
    .orderBy('users.id')
    .execute();
  let sent = 0;
  for (const learner of learners) {
    const offset = learner.utc_offset;
    if (localHour(now, offset) < learner.hour) continue;
    const day = today(now, offset);
    const due = await dueCount(deps, learner.id, iso(day.end));
    if (due === 0) continue;
    if (!(await claimDelivery(deps, learner.id, day.day, now))) continue;
    try {
      await deps.mailer.send(
        reminderEmail({
          locale: normalizeLocale(learner.locale),
          to: learner.email,
          name: learner.name,
          due,
          reviewUrl: `${deps.config.publicUrl}/review`,
          unsubscribeUrl: unsubscribeUrl(deps, learner.id),
        }),
      );
      sent += 1;
    } catch (err) {
      // Given back, so a later run today tries again.
      await deps.db
        .deleteFrom('reminder_deliveries')
        .where('user_id', '=', learner.id)
        .where('day', '=', day.day)
        .execute();
      deps.logger.error({ err, userId: learner.id }, 'review reminder not sent');
    }
  }
  await deps.db
    .updateTable('job_runs')
    .set({ finished_at: iso(deps.clock.now()), sent })
    .where('job', '=', REMINDER_JOB)
    .where('run_key', '=', runKey)
    .execute();
  // A month of history is plenty to see what ran; older rows only grow the tables.
  const month = new Date(now.getTime() - KEEP_DAYS * 86_400_000);
  await deps.db
    .deleteFrom('job_runs')
    .where('job', '=', REMINDER_JOB)
    .where('run_key', '<', runKeyOf(month))
    .execute();
  await deps.db
    .deleteFrom('reminder_deliveries')
    .where('day', '<', month.toISOString().slice(0, 10))
    .execute();
  if (sent) deps.logger.info({ runKey, sent }, 'review reminders sent');
  return { runKey, claimed: true, sent };
}

/**
 * Starts the in-process scheduler: every interval it offers the current hour to
 * runReminderJob (which decides through the database whether this instance runs it). stop()
 * clears the timer and waits for a run in progress.
 */
export function startReminderJob(deps: ReminderDeps, opts: { intervalMs?: number } = {}) {
  const intervalMs = opts.intervalMs ?? 60_000;
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runReminderJob(deps)
      .then(() => undefined)
      .catch((err: unknown) => deps.logger.error({ err }, 'review reminder job failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(tick, Math.min(5_000, intervalMs));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
