import { z } from 'zod';
import { said } from '../lib/contract.js';

/** The signed-in learner as every call answers it (api/auth/service.ts presentUser). */
export const publicUser = z
  .strictObject({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    locale: z.string(),
    account_type: z.string().meta({ description: 'free or premium.' }),
    subscription_status: z.string(),
    email_verified: z.boolean(),
    free_usage_count: z.number(),
    free_quiz_limitation: z.number(),
    has_password: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'User' });
export type PublicUser = z.output<typeof publicUser>;

/** POST /auth/login. */
export const session = z.strictObject({
  success: z.literal(true),
  token: z.string(),
  user: publicUser,
});
export type Session = z.output<typeof session>;

/** POST /auth/social/exchange: the session and where the sign-in started. */
export const socialSession = session.extend({ redirect: z.string() });

/** POST /auth/register (201). */
export const registered = said({ user: publicUser });

/** A call whose answer is one sentence in both languages. */
export const sentence = said();

/** GET /auth/reset-password/{token}/validate. */
export const resetTokenCheck = z.strictObject({
  success: z.literal(true),
  valid: z.boolean(),
  clickValidatedToken: z.string(),
  alreadyClicked: z.boolean(),
});
export type ResetTokenCheck = z.output<typeof resetTokenCheck>;

/** GET /auth/providers. */
export const providers = z.strictObject({ google: z.boolean(), line: z.boolean() });
export type Providers = z.output<typeof providers>;
