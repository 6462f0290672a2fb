import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { TOAST_MS } from '../../../config/constants';
import { registerAccount } from '../api';
import { useAuthForm, type Validate } from '../hooks/use-auth-form';
import { currentLocale } from '../lib/locale';
import { errorNotice, resolveNotice, successNotice, type Notice } from '../lib/notice';
import { checkConfirm, checkEmail, checkPassword } from '../lib/validation';
import { EmailField } from './email-field';
import { NoticeBanner } from './notice-banner';
import { PasswordPair } from './password-pair';

const FIELDS = ['email', 'password', 'confirmPassword'] as const;
const validate: Validate<(typeof FIELDS)[number]> = (v) => ({
  email: checkEmail(v.email),
  password: checkPassword(v.password),
  confirmPassword: checkConfirm(v.password, v.confirmPassword),
});

/** New account: e-mail, password and its confirmation; the page returns to login after. */
export function RegisterForm({ onRegistered }: { onRegistered: (message: Notice) => void }) {
  const { t } = useTranslation('auth');
  const form = useAuthForm(FIELDS, validate);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    const values = form.submit(e);
    if (!values || pending || done) return;
    setPending(true);
    setNotice(null);
    try {
      const answer = await registerAccount({
        email: values.email,
        password: values.password,
        locale: currentLocale(),
      });
      setDone(true);
      onRegistered(successNotice(answer, 'register.success'));
    } catch (err) {
      const failure = errorNotice(err, 'register.failed');
      setNotice(failure);
      toast.error(resolveNotice(failure, t), TOAST_MS);
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      {notice && <NoticeBanner notice={notice} testId="register-notice" />}
      <EmailField {...form.bind('email')} errorKey={form.errorOf('email')} disabled={done} />
      <PasswordPair
        passwordLabel={t('fields.password')}
        password={form.bind('password')}
        confirm={form.bind('confirmPassword')}
        passwordError={form.errorOf('password')}
        confirmError={form.errorOf('confirmPassword')}
        disabled={done}
      />
      <Button type="submit" size="lg" block loading={pending} disabled={done}>
        {t('register.submit')}
      </Button>
    </form>
  );
}
