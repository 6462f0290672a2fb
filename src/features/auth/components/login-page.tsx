import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { LOGIN_REDIRECT_MS, REGISTER_RETURN_MS, TOAST_MS } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { useAuthStore, type User } from '../../../stores/auth-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useLoginQuery, type AuthMode } from '../hooks/use-login-query';
import { useTimers } from '../hooks/use-timers';
import type { Notice } from '../lib/notice';
import { AuthModeTabs, tabId } from './auth-mode-tabs';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { NoticeBanner } from './notice-banner';
import { RegisterForm } from './register-form';
import { SocialSignIn } from './social-sign-in';
import './auth-card.css';

const TEXT_KEYS: Record<AuthMode, { title: string; lead: string }> = {
  login: { title: 'login.title', lead: 'login.lead' },
  register: { title: 'register.title', lead: 'register.lead' },
  forgotPassword: { title: 'forgot.title', lead: 'forgot.lead' },
};
const PANEL_ID = 'auth-panel';

/** /login: log in, register and forgot password on one card (spec 2 and 4). */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const status = useAuthStore((s) => s.status);
  const signIn = useAuthStore((s) => s.signIn);
  const { mode, setMode, notice, setNotice, redirect } = useLoginQuery();
  const { schedule, clearAll } = useTimers();
  const [loggedInHere, setLoggedInHere] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [focusTitle, setFocusTitle] = useState(0);
  useDocumentTitle(t(TEXT_KEYS[mode].title));
  usePageMeta(t(`meta.${mode}`));

  // Already signed in when arriving: straight to the target.
  useEffect(() => {
    if (status === 'signedIn' && !loggedInHere) navigate(redirect, { replace: true });
  }, [status, loggedInHere, redirect, navigate]);

  // A switch from a link inside the form removes that link: move focus to the new heading.
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);

  /** Every switch clears fields (the form remounts) and messages (spec 4). */
  const switchMode = (next: AuthMode, moveFocus = false) => {
    clearAll();
    setNotice(null);
    setMode(next);
    if (moveFocus) setFocusTitle((n) => n + 1);
  };

  const onLoggedIn = (token: string, user: User) => {
    // Commit first, so the "already signed in" redirect above does not fire.
    flushSync(() => setLoggedInHere(true));
    signIn(token, user);
    toast.success(t('login.success'), TOAST_MS);
    schedule(() => navigate(redirect, { replace: true }), LOGIN_REDIRECT_MS);
  };

  const onRegistered = (message: Notice) => {
    setNotice(message);
    schedule(() => {
      setMode('login');
      setFocusTitle((n) => n + 1);
    }, REGISTER_RETURN_MS);
  };

  if (status === 'unknown' || (status === 'signedIn' && !loggedInHere)) {
    return <PageSpinner label={t('checkingSession')} />;
  }

  const tabbed = mode !== 'forgotPassword';
  return (
    <div className="auth-page">
      <section className="auth-card card" aria-labelledby="auth-title">
        {tabbed && <AuthModeTabs mode={mode} panelId={PANEL_ID} onChange={switchMode} />}
        <div
          id={PANEL_ID}
          role={tabbed ? 'tabpanel' : undefined}
          aria-labelledby={tabbed ? tabId(mode) : undefined}
        >
          <h1 id="auth-title" ref={titleRef} className="auth-card__title" tabIndex={-1}>
            {t(TEXT_KEYS[mode].title)}
          </h1>
          <p className="auth-card__lead">{t(TEXT_KEYS[mode].lead)}</p>
          {notice && <NoticeBanner notice={notice} testId="auth-notice" />}
          {mode === 'login' && (
            <LoginForm
              key="login"
              onForgot={() => switchMode('forgotPassword', true)}
              onLoggedIn={onLoggedIn}
            />
          )}
          {mode === 'register' && <RegisterForm key="register" onRegistered={onRegistered} />}
          {mode === 'forgotPassword' && (
            <ForgotPasswordForm key="forgot" onBack={() => switchMode('login', true)} />
          )}
          {tabbed && <SocialSignIn redirect={redirect} />}
          {mode === 'register' && (
            <p className="auth-card__legal">
              <Trans
                t={t}
                i18nKey="register.legal"
                components={{
                  privacy: <Link to={paths.privacy} />,
                  terms: <Link to={paths.terms} />,
                }}
              />
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
