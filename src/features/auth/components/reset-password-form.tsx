import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { RESET_BANNER_MS, RESET_REDIRECT_MS } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { resetPassword } from '../api';
import { useAuthForm, type Validate } from '../hooks/use-auth-form';
import { useTimers } from '../hooks/use-timers';
import { errorNotice, successNotice, type Notice } from '../lib/notice';
import { clearClickToken, readClickToken } from '../lib/reset-token-storage';
import { checkConfirm, checkPassword } from '../lib/validation';
import { NoticeBanner } from './notice-banner';
import { PasswordPair } from './password-pair';

const FIELDS = ['newPassword', 'confirmPassword'] as const;
const validate: Validate<(typeof FIELDS)[number]> = (v) => ({
  newPassword: checkPassword(v.newPassword),
  confirmPassword: checkConfirm(v.newPassword, v.confirmPassword),
});

/**
 * New password and confirmation. The banner stays 5 s; after success the submit stays
 * disabled and the login page follows after 3 s (spec 4 and 9).
 */
export function ResetPasswordForm({
  urlToken,
  validatedToken,
}: {
  urlToken: string;
  validatedToken: string;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const form = useAuthForm(FIELDS, validate);
  const { schedule } = useTimers();
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [banner, setBanner] = useState<{ id: number; notice: Notice } | null>(null);

  const showBanner = (notice: Notice) => {
    const id = Date.now();
    setBanner({ id, notice });
    schedule(() => setBanner((b) => (b?.id === id ? null : b)), RESET_BANNER_MS);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    const values = form.submit(e);
    if (!values || pending || done) return;
    setPending(true);
    try {
      const answer = await resetPassword({
        token: readClickToken(urlToken) ?? validatedToken,
        newPassword: values.newPassword,
      });
      clearClickToken();
      setDone(true);
      showBanner(successNotice(answer, 'reset.success'));
      schedule(() => navigate(paths.login), RESET_REDIRECT_MS);
    } catch (err) {
      showBanner(errorNotice(err, 'reset.failed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      {banner && (
        <NoticeBanner key={banner.id} notice={banner.notice} testId="reset-notice">
          {done && <p className="auth-form__note">{t('reset.redirecting')}</p>}
        </NoticeBanner>
      )}
      <PasswordPair
        passwordLabel={t('fields.newPassword')}
        password={form.bind('newPassword')}
        confirm={form.bind('confirmPassword')}
        passwordError={form.errorOf('newPassword')}
        confirmError={form.errorOf('confirmPassword')}
        disabled={done}
      />
      <Button type="submit" size="lg" block loading={pending} disabled={done}>
        {t('reset.submit')}
      </Button>
    </form>
  );
}
