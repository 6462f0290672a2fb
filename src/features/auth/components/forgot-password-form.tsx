import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { requestPasswordReset } from '../api';
import { useAuthForm, type Validate } from '../hooks/use-auth-form';
import { currentLocale } from '../lib/locale';
import { errorNotice, successNotice, type Notice } from '../lib/notice';
import { checkEmail } from '../lib/validation';
import { EmailField } from './email-field';
import { NoticeBanner } from './notice-banner';

const FIELDS = ['email'] as const;
const validate: Validate<'email'> = (v) => ({ email: checkEmail(v.email) });

/** Asks for a reset link; after success the field and the button stay disabled (spec 4). */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('auth');
  const form = useAuthForm(FIELDS, validate);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    const values = form.submit(e);
    if (!values || pending || sent) return;
    setPending(true);
    setNotice(null);
    try {
      const answer = await requestPasswordReset({ email: values.email, locale: currentLocale() });
      setSent(true);
      setNotice(successNotice(answer, 'forgot.success'));
    } catch (err) {
      setNotice(errorNotice(err, 'forgot.failed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      {notice && <NoticeBanner notice={notice} testId="forgot-notice" />}
      <EmailField {...form.bind('email')} errorKey={form.errorOf('email')} disabled={sent} />
      <Button type="submit" size="lg" block loading={pending} disabled={sent}>
        {t('forgot.submit')}
      </Button>
      <div className="auth-form__footer">
        <Button variant="link" onClick={onBack}>
          {t('forgot.back')}
        </Button>
      </div>
    </form>
  );
}
