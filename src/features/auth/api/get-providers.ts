import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';

export const PROVIDERS_PATH = '/api/v1/auth/providers';

export type SocialProvider = 'google' | 'line';

const providersAnswerSchema = z.object({
  data: z.object({ google: z.boolean(), line: z.boolean() }),
});
export type Providers = z.infer<typeof providersAnswerSchema>['data'];

let cached: Promise<Providers> | null = null;

/** GET /auth/providers: which social sign-ins this server has configured (asked once). */
export function getProviders(): Promise<Providers> {
  cached ??= api(PROVIDERS_PATH, { anonymous: true })
    .then((answer) => providersAnswerSchema.parse(answer).data)
    .catch((err: unknown) => {
      cached = null;
      throw err;
    });
  return cached;
}

/** The full-page address that starts a social sign-in; the server comes back to the SPA. */
export const socialStartUrl = (provider: SocialProvider, redirect: string) =>
  `/api/v1/auth/${provider}?redirect=${encodeURIComponent(redirect)}`;
