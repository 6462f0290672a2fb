import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.js';
import { validate } from '../../lib/validate.js';
import { clientIp } from '../../lib/auth-middleware.js';
import { AppError, messageFields, normalizeLocale } from '../../lib/errors.js';
import { verifySessionToken } from '../../auth/session.js';
import { findUserById } from '../../auth/service.js';
import {
  CONTACT_EMAIL_RULE,
  CONTACT_LIMIT,
  TEAM_SIZES,
  contactThanks,
  submitContactRequest,
} from '../../contact/service.js';
import { route } from '../../lib/contract.js';
import { sentence } from '../../contract/auth.js';

// Field errors are stable keys the client translates: required, too_long, invalid_email,
// invalid_choice, invalid_characters, consent_required.
const CONTROL = /[\u0000-\u001f\u007f]/; // eslint-disable-line no-control-regex
const line = (max: number) =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: 'too_long' })
    .refine((s) => !CONTROL.test(s), { error: 'invalid_characters' });

const contactSchema = z.object({
  name: line(200),
  email: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(320, { error: 'too_long' })
    .regex(CONTACT_EMAIL_RULE, { error: 'invalid_email' }),
  organization: line(200),
  teamSize: z.enum(TEAM_SIZES, { error: 'invalid_choice' }),
  phone: z
    .string({ error: 'invalid_characters' })
    .trim()
    .max(40, { error: 'too_long' })
    .refine((s) => !CONTROL.test(s), { error: 'invalid_characters' })
    .nullish(),
  message: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(5000, { error: 'too_long' }),
  privacyConsent: z.literal(true, { error: 'consent_required' }),
  locale: z.string().max(20).optional(),
});

/** Group-plan consultation form: stored, mailed to the operator, answered with thanks. */
export function contactRoutes() {
  const r = new Hono<AppEnv>();

  r.post(
    '/',
    route({
      tag: 'contact',
      summary: 'Send a message to the team (rate-limited per IP).',
      auth: false,
      answers: { 201: sentence },
      errors: [400, 429, 503],
    }),
    validate('json', contactSchema),
    async (c) => {
      const deps = c.get('deps');
      const body = c.req.valid('json');
      const { perIp, windowSeconds } = CONTACT_LIMIT;
      await deps.rateLimiter.hit(`contact:ip:${clientIp(c)}`, perIp, windowSeconds);
      await submitContactRequest(deps, {
        name: body.name,
        email: body.email,
        organization: body.organization,
        teamSize: body.teamSize,
        phone: body.phone,
        message: body.message,
        locale: normalizeLocale(body.locale ?? c.get('locale')),
        userId: await signedInUserId(c),
      });
      return c.json({ success: true, ...messageFields(contactThanks, c.get('locale')) }, 201);
    },
  );

  return r;
}

/**
 * The form is open to visitors; a signed-in learner's inquiry is linked to the account. A stale
 * token must not block the form, so any token problem just means "visitor".
 */
async function signedInUserId(c: Context<AppEnv>): Promise<string | null> {
  const match = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
  if (!match) return null;
  const { secret, clock, db } = c.get('deps');
  try {
    const claims = await verifySessionToken(secret, match[1]!, clock.now());
    const user = await findUserById(db, claims.id);
    return user && user.token_version === claims.tokenVersion ? user.id : null;
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}
