import { z } from 'zod/mini';
import type { Providers } from '../../../../api/contract/auth';
import { apiData } from '../../../lib/api-answer';

export const PROVIDERS_PATH = '/api/v1/auth/providers';

export type SocialProvider = 'google' | 'line';

// Read as the API declares it (api/contract/auth.ts).
const providersSchema: z.ZodMiniType<Providers> = z.object({
  google: z.boolean(),
  line: z.boolean(),
});
export type { Providers };

let cached: Promise<Providers> | null = null;

/** GET /auth/providers: which social sign-ins this server has configured (asked once). */
export function getProviders(): Promise<Providers> {
  cached ??= apiData(providersSchema, PROVIDERS_PATH, { anonymous: true }).catch((err: unknown) => {
    cached = null;
    throw err;
  });
  return cached;
}

/** The full-page address that starts a social sign-in; the server comes back to the SPA. */
export const socialStartUrl = (provider: SocialProvider, redirect: string) =>
  `/api/v1/auth/${provider}?redirect=${encodeURIComponent(redirect)}`;
