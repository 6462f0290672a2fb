import { z } from 'zod/mini';
import type { Generation } from './types';

/** A generation as GET /quiz/generations/{id} (and the 202 of POST /quiz/generate) answer it. */
export const generationSchema: z.ZodMiniType<Generation> = z.object({
  id: z.string(),
  status: z.enum(['running', 'succeeded', 'failed', 'cancelled']),
  stage: z.enum(['queued', 'reading', 'concepts', 'writing', 'checking', 'done']),
  progress: z.number(),
  quizId: z.nullable(z.string()),
  errorCode: z.nullable(z.string()),
  // Its server stopped while making it: picked up again shortly, or cancel (issue 19).
  resuming: z.optional(z.boolean()),
});
