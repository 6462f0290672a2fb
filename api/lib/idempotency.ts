import { z } from 'zod';
import { AppError } from './errors.js';

/** The longest Idempotency-Key kept (the columns are varchar(100)); the outbox sends a UUID. */
export const IDEMPOTENCY_KEY_MAX = 100;

const keySchema = z
  .string()
  .trim()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX)
  .regex(/^[\x21-\x7e]+$/);

/**
 * The optional `Idempotency-Key` request header: 1–100 visible ASCII characters, else
 * VALIDATION_FAILED naming the header. A request repeated with the same key by the same learner
 * answers what the first one made instead of making it again (docs/api/, docs/decisions/0013).
 */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const parsed = keySchema.safeParse(header);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'invalid';
    throw new AppError('VALIDATION_FAILED', {
      details: { fields: { 'Idempotency-Key': message } },
    });
  }
  return parsed.data;
}
