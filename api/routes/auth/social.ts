import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import type { AppEnv } from '../../lib/context.js';
import {
  beginSignIn,
  completeSignIn,
  createOidcCache,
  decodePending,
  encodePending,
  OIDC_STATE_TTL_MS,
  providerLabel,
  socialErrorFor,
  SOCIAL_PROVIDERS,
  type SocialProvider,
} from '../../auth/oidc.js';
import { accountForIdentity } from '../../auth/social-accounts.js';
import { presentUser, sessionFor } from '../../auth/service.js';
import { issueLoginCode, takeLoginCode } from '../../auth/social-login-codes.js';
import { AppError } from '../../lib/errors.js';
import { validate } from '../../lib/validate.js';
import { ok, route } from '../../lib/contract.js';
import { providers, socialSession } from '../../contract/auth.js';

const COOKIE_PATH = '/api/v1/auth';
const cookieName = (p: SocialProvider) => `mnemo_oidc_${p}`;

/**
 * Google and LINE sign-in (OpenID Connect); every outcome is a redirect the web app reads. A
 * success lands on /auth/social-callback with a one-time code, which the same browser — the one
 * holding the sign-in's state cookie — exchanges for its session (POST /social/exchange).
 */
export function socialRoutes() {
  const r = new Hono<AppEnv>();
  const cache = createOidcCache();

  r.get(
    '/providers',
    route({
      tag: 'auth',
      summary: 'The social sign-in providers configured on this server.',
      auth: false,
      answers: { 200: ok(providers) },
    }),
    (c) => {
      const { oidc } = c.get('deps').config;
      return c.json({ success: true, data: { google: !!oidc.google, line: !!oidc.line } });
    },
  );

  for (const provider of SOCIAL_PROVIDERS) {
    const name = provider === 'google' ? 'Google' : 'LINE';
    r.get(
      `/${provider}`,
      route({
        tag: 'auth',
        summary: `Start ${name} sign-in (OpenID Connect, PKCE): redirects to the provider.`,
        auth: false,
        answers: { 302: { media: null } },
        errors: [404],
      }),
      (c) => start(c, provider),
    );
    r.get(
      `/${provider}/callback`,
      route({
        tag: 'auth',
        summary: `The ${name} redirect back: redirects to the web app with a one-time code (POST /auth/social/exchange).`,
        auth: false,
        params: [
          { name: 'code', in: 'query' },
          { name: 'state', in: 'query' },
        ],
        answers: { 302: { media: null } },
      }),
      (c) => callback(c, provider),
    );
  }

  r.post(
    '/social/exchange',
    route({
      tag: 'auth',
      summary:
        "Trade a social sign-in's one-time code for the session; only the browser holding that sign-in's state cookie can.",
      auth: false,
      answers: { 200: socialSession },
      errors: [400],
    }),
    validate(
      'json',
      z.object({ provider: z.enum(SOCIAL_PROVIDERS), code: z.string().min(1).max(200) }),
    ),
    async (c) => {
      const deps = c.get('deps');
      const { provider, code } = c.req.valid('json');
      const raw = await getSignedCookie(c, deps.secret, cookieName(provider));
      const pending = typeof raw === 'string' ? decodePending(raw) : undefined;
      const taken = await takeLoginCode(deps, code, pending?.state);
      c.header('Cache-Control', 'no-store');
      if (!taken) {
        deps.logger.info(
          { provider, hasState: !!pending, requestId: c.get('requestId') },
          'social sign-in code refused',
        );
        throw new AppError('SOCIAL_LOGIN_FAILED', {
          params: { provider: providerLabel(provider) },
        });
      }
      deleteCookie(c, cookieName(provider), cookieOptions(c));
      return c.json({
        success: true,
        token: await sessionFor(deps, taken.user),
        user: presentUser(taken.user),
        redirect: taken.redirect ?? '/',
      });
    },
  );

  async function start(c: Context<AppEnv>, provider: SocialProvider) {
    const deps = c.get('deps');
    try {
      const { authorizationUrl, pending } = await beginSignIn(
        deps,
        cache,
        provider,
        c.req.query('redirect'),
      );
      await setSignedCookie(c, cookieName(provider), encodePending(pending), deps.secret, {
        ...cookieOptions(c),
        maxAge: OIDC_STATE_TTL_MS / 1000,
      });
      c.header('Cache-Control', 'no-store');
      return c.redirect(authorizationUrl, 302);
    } catch (err) {
      return loginError(c, provider, err);
    }
  }

  async function callback(c: Context<AppEnv>, provider: SocialProvider) {
    const deps = c.get('deps');
    const raw = await getSignedCookie(c, deps.secret, cookieName(provider));
    const pending = typeof raw === 'string' ? decodePending(raw) : undefined;
    try {
      const identity = await completeSignIn(
        deps,
        cache,
        provider,
        pending,
        new URL(c.req.url).search,
      );
      const user = await accountForIdentity(deps, identity, c.get('locale'));
      // The state cookie stays: it is what binds the code to this browser.
      const code = await issueLoginCode(deps, user.id, pending!.state, pending?.redirect);
      const target = new URLSearchParams({ code, provider });
      c.header('Cache-Control', 'no-store');
      return c.redirect(`/auth/social-callback?${target}`, 302);
    } catch (err) {
      deleteCookie(c, cookieName(provider), cookieOptions(c));
      return loginError(c, provider, err);
    }
  }

  return r;
}

function cookieOptions(c: Context<AppEnv>) {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Lax' as const,
    secure: c.get('deps').config.publicUrl.startsWith('https://'),
  };
}

/** Back to the login screen with a code it translates; details go to the log, never the page. */
function loginError(c: Context<AppEnv>, provider: SocialProvider, err: unknown) {
  const socialError = socialErrorFor(err);
  const { logger } = c.get('deps');
  // A bug is an error, a failed exchange worth a look; a missing setting or an unverified
  // e-mail is expected.
  const level = !(err instanceof AppError) ? 'error' : socialError === 'failed' ? 'warn' : 'info';
  logger[level](
    { err, provider, socialError, requestId: c.get('requestId') },
    'social sign-in failed',
  );
  c.header('Cache-Control', 'no-store');
  return c.redirect(`/login?${new URLSearchParams({ socialError, provider })}`, 302);
}
