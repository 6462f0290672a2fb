import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs; level from config ("silent" in tests). */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'mnemo-api' } });
}
