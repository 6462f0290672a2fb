import { AppError } from '../../lib/errors.js';

/** Why the model could not deliver a quiz; the fallback notice carries it. */
export type LlmFailureReason =
  'timeout' | 'unreachable' | 'unauthorized' | 'rejected' | 'server_error' | 'invalid_output';

/** The model failed (as opposed to the learner cancelling): fall back or report. */
export class LlmFailure extends Error {
  constructor(
    readonly reason: LlmFailureReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LlmFailure';
  }
}

/** The error for a generation the learner cancelled. */
export const cancelled = (cause?: unknown) => new AppError('GENERATION_CANCELLED', { cause });

/** Stops at once when the request has been cancelled. */
export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelled(signal.reason);
}
