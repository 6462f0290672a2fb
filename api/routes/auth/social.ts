import { Hono, type Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import type { AppEnv } from '../../lib/context.js';
import {
  beginSignIn,
  completeSignIn,
  createOidcCache,
  decodePending,
  encodePending,
  OIDC_STATE_TTL_MS,
  socialErrorFor,
  SOCIAL_PROVIDERS,
  type SocialProvider,
} from '../../auth/oidc.js';
import { accountForIdentity } from '../../auth/social-accounts.js';
import { sessionFor } from '../../auth/service.js';
import { AppError } from '../../lib/errors.js';

const COOKIE_PATH = '/api/v1/auth';
const cookieName = (p: SocialProvider) => `mnemo_oidc_${p}`;

/** Google and LINE sign-in (OpenID Connect); every outcome is a redirect the web app reads. */
export function socialRoutes() {
  const r = new Hono<AppEnv>();
  const cache = createOidcCache();

  r.get('/providers', (c) => {
    const { oidc } = c.get('deps').config;
    return c.json({ success: true, data: { google: !!oidc.google, line: !!oidc.line } });
  });

  for (const provider of SOCIAL_PROVIDERS) {
    r.get(`/${provider}`, (c) => start(c, provider));
    r.get(`/${provider}/callback`, (c) => callback(c, provider));
  }

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
    deleteCookie(c, cookieName(provider), cookieOptions(c));
    try {
      const pending = typeof raw === 'string' ? decodePending(raw) : undefined;
      const identity = await completeSignIn(
        deps,
        cache,
        provider,
        pending,
        new URL(c.req.url).search,
      );
      const user = await accountForIdentity(deps, identity, c.get('locale'));
      const target = new URLSearchParams({
        token: await sessionFor(deps, user),
        redirect: pending?.redirect ?? '/',
      });
      c.header('Cache-Control', 'no-store');
      return c.redirect(`/auth/social-callback?${target}`, 302);
    } catch (err) {
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
