import type { Server, ServerResponse } from 'node:http';
import { abandonLogs, releaseLogs, type Logger } from './logger.js';

type Hook = () => unknown;

export interface Lifecycle {
  /** True from the first SIGTERM/SIGINT on (GET /readyz then answers 503). */
  shuttingDown(): boolean;
  /** Watches the HTTP server's requests, so a shutdown can finish them and close their sockets. */
  attach(server: Server): void;
  /** Background work to stop as soon as shutdown begins (timers, schedulers). */
  onStop(hook: Hook): void;
  /** Resources to release once every request has finished (database, store, Redis clients). */
  onClose(hook: Hook): void;
  /** Stops the process gracefully; resolves with the exit code it exits with. */
  shutdown(signal: string): Promise<number>;
}

/** How often sockets that went idle during a shutdown are closed. */
const SWEEP_MS = 100;
/** Time left for onClose hooks after the requests are done or cut. */
const CLOSE_MS = 5_000;
/** Time buffered log lines get to reach stdout before the exit stops waiting for them. */
const LOG_FLUSH_MS = 1_000;

/**
 * Graceful shutdown (docs/decisions/0016): on the first signal the server stops accepting
 * connections, background work is stopped, and every request already received runs to its end
 * — an upload still being sent included — with `Connection: close`, so no keep-alive client
 * sends another on the same socket. When the last one has finished, or `timeoutMs` has passed
 * (the remaining sockets are then cut), the database and the store are closed and the process
 * exits: 0 when everything finished, 1 when requests had to be cut. A second signal exits at once.
 * The exit never waits on stdout (releaseLogs: a closed or unread pipe once held it forever,
 * issue 19), and a last timer exits with 1 if anything else holds the shutdown past
 * `timeoutMs` + the close and flush allowances.
 */
export function createLifecycle(opts: {
  logger: Logger;
  timeoutMs: number;
  exit?: (code: number) => void;
}): Lifecycle {
  const { logger, timeoutMs } = opts;
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const stops: Hook[] = [];
  const closes: Hook[] = [];
  const inFlight = new Set<ServerResponse>();
  let server: Server | undefined;
  let stopping: Promise<number> | undefined;

  const settle = async (hooks: Hook[], what: string) => {
    const results = await Promise.allSettled(hooks.map(async (h) => h()));
    for (const r of results) {
      if (r.status === 'rejected') logger.error({ err: r.reason }, `shutdown: ${what} failed`);
    }
  };

  const drain = (s: Server) =>
    new Promise<boolean>((resolve) => {
      const sweep = setInterval(() => s.closeIdleConnections(), SWEEP_MS);
      const deadline = setTimeout(() => {
        logger.warn(
          { requests: inFlight.size, timeoutMs },
          'shutdown: requests still running at the time limit; cutting them',
        );
        s.closeAllConnections();
        resolve(false);
      }, timeoutMs);
      s.close(() => {
        clearInterval(sweep);
        clearTimeout(deadline);
        resolve(true);
      });
      // Answers not yet started close their connection when sent; idle sockets close now.
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      s.closeIdleConnections();
    });

  return {
    shuttingDown: () => stopping !== undefined,

    attach(s) {
      server = s;
      s.on('request', (_req, res: ServerResponse) => {
        if (stopping) res.setHeader('Connection', 'close');
        inFlight.add(res);
        res.on('close', () => inFlight.delete(res));
      });
    },

    onStop: (hook) => void stops.push(hook),
    onClose: (hook) => void closes.push(hook),

    shutdown(signal) {
      if (stopping) {
        logger.warn({ signal }, 'shutdown: second signal, exiting now');
        abandonLogs(logger);
        exit(1);
        return stopping;
      }
      logger.info({ signal, requests: inFlight.size, timeoutMs }, 'shutting down');
      // Whatever holds the steps below (a hook that never settles), the process still exits.
      const hardStop = setTimeout(
        () => {
          logger.error({ signal }, 'shutdown: still not done at the time limit; exiting');
          abandonLogs(logger);
          exit(1);
        },
        timeoutMs + CLOSE_MS + LOG_FLUSH_MS + 1_000,
      );
      hardStop.unref();
      stopping = (async () => {
        const [finished] = await Promise.all([
          server ? drain(server) : Promise.resolve(true),
          settle(stops, 'stopping background work'),
        ]);
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          settle(closes, 'closing'),
          new Promise((r) => {
            timer = setTimeout(r, CLOSE_MS);
            timer.unref();
          }),
        ]);
        clearTimeout(timer);
        const code = finished ? 0 : 1;
        logger.info({ code }, finished ? 'stopped' : 'stopped after cutting requests');
        await releaseLogs(logger, LOG_FLUSH_MS);
        clearTimeout(hardStop);
        exit(code);
        return code;
      })();
      return stopping;
    },
  };
}
