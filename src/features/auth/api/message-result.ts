import { z } from 'zod/mini';

/** The {message, messageI18n} answer of the auth calls that only report success. */
export const messageResultSchema = z.object({
  message: z.optional(z.string()),
  messageI18n: z.optional(
    z.object({ 'zh-TW': z.optional(z.string()), en: z.optional(z.string()) }),
  ),
});

export type MessageResult = z.infer<typeof messageResultSchema>;
