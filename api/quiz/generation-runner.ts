import { randomUUID } from 'node:crypto';
import type { Deps } from '../lib/context.js';
import { createQuizGenerator } from '../quizgen/index.js';
import { createWorkerBuiltinGenerator } from '../quizgen/thread/index.js';
import type { QuizGenerator } from '../quizgen/types.js';
import { runJob, SHUTDOWN, type JobContext } from './generation-job.js';
import { claimNextJob, releaseJob } from './generation-queue.js';

export type RunnerDeps = Pick<Deps, 'db' | 'dialect' | 'clock' | 'logger' | 'config'> & {
  quizGenerator?: QuizGenerator;
};

/**
 * Runs queued quiz generations (docs/decisions/0019). Every instance has one; it claims jobs
 * from the database, so a job queued by a request on one instance may be made on another, and
 * progress, cancel and the result are read from the row by whoever asks.
 */
export interface GenerationRunner {
  readonly instanceId: string;
  /** Looks for queued jobs now (a request on this instance just queued one). */
  kick(): void;
  /** Keeps looking every `pollMs` (the server; tests rely on kick alone). */
  start(): void;
  /**
   * Stops claiming; jobs being made here get `graceMs` to finish, then go back to the queue
   * for another instance (or this one after a restart).
   */
  stop(graceMs?: number): Promise<void>;
  /** Resolves when a job this instance is making ends (undefined when it is not making it). */
  settled(id: string): Promise<void> | undefined;
  /**
   * Resolves when something may have changed for a job: this instance claims it or ends it, or
   * `ms` have passed (it may be made elsewhere). Lets a waiting request sleep instead of polling.
   */
  wake(id: string, ms: number): Promise<void>;
  /** Aborts a job this instance is making (a cancel arrived here). */
  abort(id: string): void;
  /** Jobs being made here now. */
  readonly active: number;
}

const runners = new WeakMap<object, GenerationRunner>();

/** The runner of an app's dependencies (one per createApp, made on first use). */
export function runnerOf(deps: RunnerDeps): GenerationRunner {
  let r = runners.get(deps);
  if (!r) {
    r = createGenerationRunner(deps);
    runners.set(deps, r);
  }
  return r;
}

export function createGenerationRunner(deps: RunnerDeps): GenerationRunner {
  const { db, dialect, clock, logger } = deps;
  const { concurrency, pollMs } = deps.config.generationQueue;
  const instanceId = randomUUID();
  const jobs = new Map<string, { controller: AbortController; done: Promise<void> }>();
  /** Requests waiting on a job, woken when this instance claims it. */
  const claimWaiters = new Map<string, Set<() => void>>();
  const wakeClaimed = (id: string) => {
    for (const wake of claimWaiters.get(id) ?? []) wake();
    claimWaiters.delete(id);
  };
  let builtin: QuizGenerator | undefined;
  let pumping = false;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  // Read at each job: tests hand an app a generator of their own after it was made.
  const generatorNow = () =>
    deps.quizGenerator ??
    (builtin ??= createQuizGenerator(deps.config, {
      log: logger,
      builtin: createWorkerBuiltinGenerator(),
    }));
  const job: JobContext = {
    db,
    clock,
    logger,
    config: deps.config,
    instanceId,
    generator: generatorNow,
  };

  /** Claims while there is room and work; a kick during a pass makes another pass. */
  async function pump() {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        while (!stopped && jobs.size < concurrency) {
          const row = await claimNextJob(db, dialect, clock, instanceId);
          if (!row) break;
          if (stopped) {
            await releaseJob(db, clock, row.id, instanceId);
            break;
          }
          const controller = new AbortController();
          const done = runJob(job, row, controller)
            .catch((err: unknown) => logger.error({ err, id: row.id }, 'generation job crashed'))
            .finally(() => {
              jobs.delete(row.id);
              if (!stopped) void pump();
            });
          jobs.set(row.id, { controller, done });
          wakeClaimed(row.id);
        }
      } while (again && !stopped);
    } catch (err) {
      logger.warn({ err }, 'generation queue: could not claim a job');
    } finally {
      pumping = false;
    }
  }

  return {
    instanceId,
    kick() {
      if (!stopped) void pump();
    },
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void pump(), pollMs);
      timer.unref();
      void pump();
    },
    async stop(graceMs = 0) {
      stopped = true;
      if (timer) clearInterval(timer);
      if (jobs.size && graceMs > 0) {
        let wait: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          Promise.all([...jobs.values()].map((j) => j.done)),
          new Promise((r) => (wait = setTimeout(r, graceMs))),
        ]);
        clearTimeout(wait);
      }
      for (const job of jobs.values()) job.controller.abort(SHUTDOWN);
      await Promise.all([...jobs.values()].map((j) => j.done));
    },
    settled: (id) => jobs.get(id)?.done,
    wake(id, ms) {
      const running = jobs.get(id)?.done;
      if (running) return running;
      return new Promise<void>((resolve) => {
        let set = claimWaiters.get(id);
        if (!set) claimWaiters.set(id, (set = new Set()));
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          if (set.size === 0 && claimWaiters.get(id) === set) claimWaiters.delete(id);
          resolve();
        };
        const timer = setTimeout(done, ms);
        set.add(done);
      });
    },
    abort: (id) => jobs.get(id)?.controller.abort(),
    get active() {
      return jobs.size;
    },
  };
}
