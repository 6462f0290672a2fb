import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs; level from config ("silent" in tests). */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'mnemo-api' } });
}

type LogStream = {
  flushSync?: () => void;
  /** sonic-boom: a write is in flight (its `flush(cb)` does not wait for it). */
  _writing?: boolean;
  once?: (event: string, listener: () => void) => unknown;
  removeListener?: (event: string, listener: () => void) => unknown;
};

/** pino's destination (a sonic-boom on stdout by default), when it has one. */
const streamOf = (logger: Logger): LogStream | undefined =>
  (logger as unknown as Record<symbol, LogStream | undefined>)[pino.symbols.streamSym];

/**
 * Before the process exits (issue 19, item 9). pino's stdout destination flushes what is
 * still buffered on the `exit` event with a synchronous loop that, when stdout is a pipe whose
 * reader went away (EPIPE) or stopped reading (EAGAIN), sleeps and retries forever: the server
 * stopped listening but never exited, and a second signal was never handled. So: give the
 * buffered lines up to `ms` to go out asynchronously, then make that exit-time flush a no-op.
 * Lines a dead or stuck stdout cannot take are dropped; the exit never waits on them.
 */
export async function releaseLogs(logger: Logger, ms = 1000): Promise<void> {
  const stream = streamOf(logger);
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stream?.removeListener?.('drain', done);
      stream?.removeListener?.('error', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    try {
      logger.flush();
    } catch {
      return done();
    }
    // Written out when nothing is in flight any more ('drain'); a broken pipe ends it too.
    if (!stream?._writing || !stream.once) return done();
    stream.once('drain', done);
    stream.once('error', done);
  });
  abandonLogs(logger);
}

/** The synchronous part of releaseLogs: the exit-time flush becomes a no-op at once. */
export function abandonLogs(logger: Logger): void {
  const stream = streamOf(logger);
  if (stream && typeof stream.flushSync === 'function') stream.flushSync = () => {};
}
