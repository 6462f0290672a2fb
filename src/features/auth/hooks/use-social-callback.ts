import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { normalizeUser, useAuthStore, type User } from '../../../stores/auth-store';
import { deleteCookie, setCookie } from '../../../lib/cookies';
import { TOKEN_COOKIE, TOKEN_COOKIE_DAYS } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { getProfile } from '../api';
import { decodeJwtPayload } from '../lib/jwt';
import { TOKEN_UPDATED_EVENT } from '../lib/locale';
import { once } from '../lib/once';
import { safeRedirect } from '../lib/safe-redirect';

/** The user behind a fresh token: the profile, else (spec 4) the token's own payload. */
async function userFor(token: string): Promise<User | null> {
  setCookie(TOKEN_COOKIE, token, TOKEN_COOKIE_DAYS);
  try {
    return await getProfile();
  } catch {
    const payload = decodeJwtPayload(token);
    const id = payload?.sub ?? payload?.userId;
    const expired = typeof payload?.exp === 'number' && payload.exp * 1000 < Date.now();
    if (!payload || !id || expired) {
      deleteCookie(TOKEN_COOKIE);
      return null;
    }
    return normalizeUser({ id, email: payload.email, name: payload.name });
  }
}

/**
 * /auth/social-callback?token=&redirect=: store the token, sign in, tell the app, then replace
 * the URL with the target (no reload). No usable token → /login?socialError=failed.
 */
export function useSocialCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useAuthStore((s) => s.signIn);
  const token = params.get('token');
  const redirect = safeRedirect(params.get('redirect'));
  const provider = params.get('provider');

  useEffect(() => {
    const fail = () => {
      const query = new URLSearchParams({ socialError: 'failed' });
      if (provider === 'google' || provider === 'line') query.set('provider', provider);
      navigate(`${paths.login}?${query.toString()}`, { replace: true });
    };
    if (!token) {
      fail();
      return;
    }
    let active = true;
    void once(`social:${token}`, () => userFor(token)).then((user) => {
      if (!active) return;
      if (!user) return fail();
      signIn(token, user);
      window.dispatchEvent(new Event(TOKEN_UPDATED_EVENT));
      navigate(redirect, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [token, redirect, provider, navigate, signIn]);
}
