import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast';
import { TOAST_MS } from '../../../config/constants';
import { ApiError } from '../../../lib/api-client';
import { verifyEmail } from '../api';
import { errorNotice, resolveNotice, type Notice } from '../lib/notice';
import { safeRedirect } from '../lib/safe-redirect';
import { socialErrorNotice } from '../lib/social';

export type AuthMode = 'login' | 'register' | 'forgotPassword';

function modeFrom(params: URLSearchParams): AuthMode {
  if (params.get('verified')) return 'login';
  if (params.get('register') === 'true') return 'register';
  if (params.get('forgotPassword') === 'true') return 'forgotPassword';
  return 'login';
}

function noticeFrom(params: URLSearchParams): Notice | null {
  const verified = params.get('verified');
  if (verified === 'true' && params.get('token')) return { tone: 'info', key: 'verify.checking' };
  if (verified === 'true') return { tone: 'success', key: 'verify.success' };
  if (verified === 'already') return { tone: 'info', key: 'verify.already' };
  if (verified === 'false') {
    const text = params.get('error')?.trim();
    return text ? { tone: 'error', text } : { tone: 'error', key: 'verify.failed' };
  }
  return socialErrorNotice(params);
}

/**
 * The login screen's query (spec 2): mode, banner and redirect target. Each navigation to
 * /login re-reads it; a verification token is spent once and the URL then says the outcome.
 */
export function useLoginQuery() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const redirectParam = params.get('redirect');
  const redirect = safeRedirect(redirectParam);

  const [mode, setMode] = useState(() => modeFrom(params));
  const [notice, setNotice] = useState(() => noticeFrom(params));
  const [readKey, setReadKey] = useState(location.key);
  if (readKey !== location.key) {
    setReadKey(location.key);
    setMode(modeFrom(params));
    setNotice(noticeFrom(params));
  }

  const verifyToken = params.get('verified') === 'true' ? params.get('token') : null;
  useEffect(() => {
    if (!verifyToken) return;
    let active = true;
    const next = new URLSearchParams();
    void verifyEmail(verifyToken)
      .then(
        () => next.set('verified', 'true'),
        (err: unknown) => {
          if (err instanceof ApiError && err.code === 'EMAIL_ALREADY_VERIFIED') {
            next.set('verified', 'already');
            return;
          }
          next.set('verified', 'false');
          next.set('error', resolveNotice(errorNotice(err, 'verify.failed'), t));
        },
      )
      .then(() => {
        if (!active) return;
        if (redirectParam) next.set('redirect', redirectParam);
        navigate({ search: `?${next.toString()}` }, { replace: true });
      });
    return () => {
      active = false;
    };
  }, [verifyToken, redirectParam, navigate, t]);

  // The spec wants a social sign-in failure as a toast too; once per navigation.
  const toastedKey = useRef<string | null>(null);
  useEffect(() => {
    if (toastedKey.current === location.key) return;
    toastedKey.current = location.key;
    const social = socialErrorNotice(params);
    if (social) toast.error(resolveNotice(social, t), TOAST_MS);
  }, [location.key, params, t]);

  return { mode, setMode, notice, setNotice, redirect };
}
