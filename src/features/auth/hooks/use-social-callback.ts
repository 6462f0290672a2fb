import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAuthStore } from '../../../stores/auth-store';
import { paths } from '../../../config/paths';
import { exchangeSocialCode } from '../api';
import { TOKEN_UPDATED_EVENT } from '../lib/locale';
import { once } from '../lib/once';
import { safeRedirect } from '../lib/safe-redirect';

/**
 * /auth/social-callback?code=&provider=: exchange the one-time code for the session (the
 * server checks it belongs to the sign-in this browser started), sign in, tell the app, then
 * replace the URL with the target (no reload). A missing, used or foreign code →
 * /login?socialError=failed. No session token ever travels in the URL (issue 19).
 */
export function useSocialCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useAuthStore((s) => s.signIn);
  const code = params.get('code');
  const raw = params.get('provider');
  const provider = raw === 'google' || raw === 'line' ? raw : undefined;

  useEffect(() => {
    const fail = () => {
      const query = new URLSearchParams({ socialError: 'failed' });
      if (provider) query.set('provider', provider);
      navigate(`${paths.login}?${query.toString()}`, { replace: true });
    };
    if (!code || !provider) {
      fail();
      return;
    }
    let active = true;
    void once(`social:${code}`, () => exchangeSocialCode({ provider, code })).then(
      (session) => {
        if (!active) return;
        signIn(session.token, session.user);
        window.dispatchEvent(new Event(TOKEN_UPDATED_EVENT));
        navigate(safeRedirect(session.redirect), { replace: true });
      },
      () => {
        if (active) fail();
      },
    );
    return () => {
      active = false;
    };
  }, [code, provider, navigate, signIn]);
}
