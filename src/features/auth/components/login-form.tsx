import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { TOAST_MS } from '../../../config/constants';
import { ApiError } from '../../../lib/api-client';
import { useHydrated } from '../../../lib/use-hydrated';
import type { User } from '../../../stores/auth-store';
import { loginWithPassword, resendVerification } from '../api';
import { useAuthForm, type Validate } from '../hooks/use-auth-form';
import { currentLocale } from '../lib/locale';
import { errorNotice, resolveNotice, successNotice, type Notice } from '../lib/notice';
import { checkEmail, checkPassword } from '../lib/validation';
import { EmailField } from './email-field';
import { NoticeBanner } from './notice-banner';

const FIELDS = ['email', 'password'] as const;
const validate: Validate<(typeof FIELDS)[number]> = (v) => ({
  email: checkEmail(v.email),
  password: checkPassword(v.password),
});

const needsVerification = (err: unknown) =>
  err instanceof ApiError && (err.code === 'EMAIL_NOT_VERIFIED' || err.data.canResend === true);

/** E-mail and password sign-in; an unverified account gets a "resend" action. */
export function LoginForm({
  onForgot,
  onLoggedIn,
}: {
  onForgot: () => void;
  onLoggedIn: (token: string, user: User) => void;
}) {
  const { t } = useTranslation('auth');
  // The login page is prerendered: no native submit before React runs (lib/use-hydrated).
  const hydrated = useHydrated();
  const form = useAuthForm(FIELDS, validate);
  const emailRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [canResend, setCanResend] = useState(false);

  const passwordError = form.errorOf('password');

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    const values = form.submit(e);
    if (!values || pending) return;
    setPending(true);
    setNotice(null);
    setCanResend(false);
    try {
      const { token, user } = await loginWithPassword(values);
      // Stays busy: the page shows the success toast and leaves after 1.5 s.
      onLoggedIn(token, user);
    } catch (err) {
      const failure = errorNotice(err, 'login.failed');
      setNotice(failure);
      setCanResend(needsVerification(err));
      toast.error(resolveNotice(failure, t), TOAST_MS);
      setPending(false);
    }
  };

  const onResend = async () => {
    if (!form.touch('email')) {
      emailRef.current?.focus();
      return;
    }
    setResending(true);
    try {
      const answer = await resendVerification({
        email: form.values.email,
        locale: currentLocale(),
      });
      // One notice: the banner that offered "resend" now says it was sent (no toast on top).
      setNotice(successNotice(answer, 'login.resent'));
      setCanResend(false);
    } catch (err) {
      setNotice(errorNotice(err, 'login.resendFailed'));
    } finally {
      setResending(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      {notice && (
        <NoticeBanner notice={notice} testId="login-notice">
          {canResend && (
            <Button
              variant="secondary"
              size="sm"
              loading={resending}
              onClick={() => void onResend()}
            >
              {t('login.resend')}
            </Button>
          )}
        </NoticeBanner>
      )}
      {/* Typed before React runs, the prerendered fields' text would be lost on hydration:
          they take input once the form works. */}
      <fieldset className="auth-form__fields" disabled={!hydrated}>
        <EmailField ref={emailRef} {...form.bind('email')} errorKey={form.errorOf('email')} />
        <TextField
          {...form.bind('password')}
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          required
          error={passwordError && t(passwordError)}
        />
      </fieldset>
      <div className="auth-form__aside">
        <Button variant="link" onClick={onForgot}>
          {t('login.forgot')}
        </Button>
      </div>
      <Button type="submit" size="lg" block loading={pending} disabled={!hydrated}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
