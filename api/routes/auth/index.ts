import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../lib/context.js';
import { validate } from '../../lib/validate.js';
import { clientIp, requireAuth } from '../../lib/auth-middleware.js';
import { AppError, normalizeLocale } from '../../lib/errors.js';
import * as auth from '../../auth/service.js';
import { successBody } from '../../auth/messages.js';
import { socialRoutes } from './social.js';
import { guardedLogin } from '../../auth/login-guard.js';
import { route, done } from '../../lib/contract.js';
import { registered, resetTokenCheck, sentence, session } from '../../contract/auth.js';

// Not trimmed here: auth.cleanEmail trims blanks and refuses invisible characters, which
// String.prototype.trim would silently drop (BOM, U+2028).
const email = z.string().max(320);
const locale = z.string().max(20).optional();

/** Counts the attempt against the caller's IP and the e-mail; throws RATE_LIMITED past either. */
async function limit(deps: Deps, action: string, ip: string, mail?: string) {
  const { windowSeconds, perIp, perEmail } = deps.config.rateLimit;
  await deps.rateLimiter.hit(`${action}:ip:${ip}`, perIp, windowSeconds);
  if (mail) {
    const key = `${action}:email:${auth.normalizeEmail(mail)}`;
    await deps.rateLimiter.hit(key, perEmail, windowSeconds);
  }
}

export function authRoutes() {
  const r = new Hono<AppEnv>();

  r.post(
    '/register',
    route({
      tag: 'auth',
      summary:
        'Create an account; a verification e-mail is sent. An address that has an account gets the same answer (its owner is mailed instead).',
      auth: false,
      answers: { 201: registered },
      errors: [400, 429, 503],
    }),
    validate(
      'json',
      z.object({
        email,
        password: z.string().max(200),
        name: z.string().max(200).optional(),
        locale,
      }),
    ),
    async (c) => {
      const deps = c.get('deps');
      const body = c.req.valid('json');
      await limit(deps, 'register', clientIp(c), body.email);
      const user = await auth.register(deps, {
        ...body,
        locale: normalizeLocale(body.locale ?? c.get('locale')),
      });
      return c.json(successBody('registered', c.get('locale'), { user }), 201);
    },
  );

  r.post(
    '/login',
    route({
      tag: 'auth',
      summary: 'Sign in with e-mail and password; answers the token and the user.',
      auth: false,
      answers: { 200: session },
      errors: [400, 401, 403, 429, 503],
    }),
    validate('json', z.object({ email, password: z.string().max(200) })),
    async (c) => {
      const deps = c.get('deps');
      const body = c.req.valid('json');
      // An address with control or invisible characters is refused before anything counts.
      auth.cleanEmail(body.email);
      // Only failures count, per address and per address + e-mail (issue 19).
      const result = await guardedLogin(deps, clientIp(c), body.email, () =>
        auth.login(deps, body),
      );
      return c.json({ success: true, ...result });
    },
  );

  r.post(
    '/resend-verification',
    route({
      tag: 'auth',
      summary:
        'Send the verification e-mail again (same answer whether or not the account exists).',
      auth: false,
      answers: { 200: sentence },
      errors: [400, 429],
    }),
    validate('json', z.object({ email, locale })),
    async (c) => {
      const deps = c.get('deps');
      const body = c.req.valid('json');
      await limit(deps, 'resend', clientIp(c), body.email);
      await auth.resendVerification(deps, body.email);
      return c.json(successBody('verificationSent', c.get('locale')));
    },
  );

  r.post(
    '/forgot-password',
    route({
      tag: 'auth',
      summary: 'Send a password-reset e-mail (same answer whether or not the account exists).',
      auth: false,
      answers: { 200: sentence },
      errors: [400, 429],
    }),
    validate('json', z.object({ email, locale })),
    async (c) => {
      const deps = c.get('deps');
      const body = c.req.valid('json');
      await limit(deps, 'forgot', clientIp(c), body.email);
      await auth.forgotPassword(deps, body.email, normalizeLocale(body.locale ?? c.get('locale')));
      return c.json(successBody('resetSent', c.get('locale')));
    },
  );

  // Server-side logout (issue 19): every token of this account issued so far stops working,
  // so a stolen token dies when the learner signs out.
  r.post(
    '/logout',
    route({
      tag: 'auth',
      summary:
        'Sign out on the server: every token of the account issued so far is refused from now on.',
      answers: { 200: done },
    }),
    requireAuth,
    async (c) => {
      await auth.logout(c.get('deps'), c.get('user').id);
      return c.json({ success: true });
    },
  );

  // The link in the verification e-mail: verify, then land on the login screen.
  r.get(
    '/verify-email',
    route({
      tag: 'auth',
      summary: 'The link in the verification e-mail: verifies and redirects to the web app.',
      auth: false,
      params: [{ name: 'token', in: 'query', required: true }],
      answers: {
        302: {
          media: null,
          description:
            'Redirect to /login?verified=true, ?verified=already (the link was used and the address is verified) or ?verified=false&error=….',
        },
      },
    }),
    async (c) => {
      const token = c.req.query('token') ?? '';
      try {
        await auth.verifyEmail(c.get('deps'), token);
        return c.redirect('/login?verified=true', 302);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.code === 'EMAIL_ALREADY_VERIFIED')
          return c.redirect('/login?verified=already', 302);
        const message = err.messages()[c.get('locale')];
        return c.redirect(`/login?verified=false&error=${encodeURIComponent(message)}`, 302);
      }
    },
  );

  // The same check for the SPA's /verify-email?token= route.
  r.post(
    '/verify-email',
    route({
      tag: 'auth',
      summary: 'Verify an e-mail address with the token from the link.',
      auth: false,
      answers: { 200: sentence },
      errors: [400, 409],
    }),
    validate('json', z.object({ token: z.string().min(1).max(200) })),
    async (c) => {
      await auth.verifyEmail(c.get('deps'), c.req.valid('json').token);
      return c.json(successBody('verified', c.get('locale')));
    },
  );

  r.get(
    '/reset-password/:token/validate',
    route({
      tag: 'auth',
      summary: 'Whether a password-reset token can still be used.',
      auth: false,
      answers: { 200: resetTokenCheck },
      errors: [400],
    }),
    async (c) => {
      return c.json({
        success: true,
        ...(await auth.validateResetToken(c.get('deps'), c.req.param('token'))),
      });
    },
  );

  r.post(
    '/reset-password',
    route({
      tag: 'auth',
      summary: 'Set a new password with a reset token (the token is single-use).',
      auth: false,
      answers: { 200: sentence },
      errors: [400, 429],
    }),
    validate(
      'json',
      z.object({ token: z.string().min(1).max(200), newPassword: z.string().max(200) }),
    ),
    async (c) => {
      const deps = c.get('deps');
      const body = c.req.valid('json');
      await limit(deps, 'reset', clientIp(c));
      await auth.resetPassword(deps, body.token, body.newPassword);
      return c.json(successBody('resetDone', c.get('locale')));
    },
  );

  r.route('/', socialRoutes());
  return r;
}
