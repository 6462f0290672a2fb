import { z } from 'zod';

/** GET /healthz. */
export const health = z.strictObject({ status: z.literal('ok') });

const check = z.enum(['ok', 'failed', 'timeout']);

/** GET /readyz (200 ready, 503 unavailable: docs/api/health.md). */
export const readinessAnswer = z.strictObject({
  status: z.enum(['ready', 'unavailable']),
  checks: z.strictObject({ database: check, storage: check, redis: check.optional() }),
  reason: z.string().optional(),
  degraded: z.string().optional(),
});
