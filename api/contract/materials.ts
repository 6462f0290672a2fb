import { z } from 'zod';

/** GET /materials/upload-limits: what the server accepts (past them an upload is 413). */
export const uploadLimits = z.strictObject({
  maxFiles: z.number(),
  maxFileBytes: z.number(),
  maxUploadBytes: z.number(),
});
export type UploadLimits = z.output<typeof uploadLimits>;

/** GET /materials/storage: the learner's originals against their plan's limit. */
export const storageUsage = z.strictObject({
  plan: z.enum(['free', 'premium']),
  usedBytes: z.number(),
  limitBytes: z.number(),
  availableBytes: z.number(),
});
export type StorageUsage = z.output<typeof storageUsage>;
