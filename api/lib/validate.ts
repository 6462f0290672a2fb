import type { ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import type { z } from 'zod';
import { AppError } from './errors.js';

/**
 * zod validation for a request part, documented in /api/v1/openapi.json (hono-openapi reads the
 * schema); failures become VALIDATION_FAILED with a per-field map `fields: { name: message }`
 * (the message of the first issue for each field).
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return validator(target, schema, (result) => {
    if (!result.success) {
      const fields: Record<string, string> = {};
      for (const issue of result.error) {
        const key =
          issue.path?.map((p) => String(typeof p === 'object' ? p.key : p)).join('.') || '_';
        fields[key] ??= issue.message;
      }
      throw new AppError('VALIDATION_FAILED', { details: { fields } });
    }
  });
}
