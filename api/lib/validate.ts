import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { AppError } from './errors.js';

/**
 * zod validation for a request part; failures become VALIDATION_FAILED with a per-field map
 * `fields: { name: message }` (the message of the first issue for each field).
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.join('.') || '_';
        fields[key] ??= issue.message;
      }
      throw new AppError('VALIDATION_FAILED', { details: { fields } });
    }
  });
}
