import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useResetToken } from '../hooks/use-reset-token';
import { NoticeBanner } from './notice-banner';
import { ResetPasswordForm } from './reset-password-form';
import './auth-card.css';

const TRY_AGAIN = `${paths.login}?forgotPassword=true`;

/** One reset link: validating, then the form or the token error (spec 2 and 4). */
function ResetPasswordScreen({ urlToken }: { urlToken: string | null }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const state = useResetToken(urlToken);
  useDocumentTitle(t('reset.title'));

  if (state.status === 'validating') return <PageSpinner label={t('reset.validating')} />;

  return (
    <div className="auth-page">
      <section className="auth-card card" aria-labelledby="reset-title">
        {state.status === 'invalid' ? (
          <>
            <h1 id="reset-title" className="auth-card__title auth-card__title--spaced">
              {t('reset.invalidTitle')}
            </h1>
            <NoticeBanner notice={state.notice} testId="reset-token-error" />
            <Button size="lg" block onClick={() => navigate(TRY_AGAIN)}>
              {t('reset.tryAgain')}
            </Button>
          </>
        ) : (
          <>
            <h1 id="reset-title" className="auth-card__title">
              {t('reset.title')}
            </h1>
            <p className="auth-card__lead">{t('reset.lead')}</p>
            <ResetPasswordForm urlToken={urlToken ?? ''} validatedToken={state.submitToken} />
          </>
        )}
        <p className="auth-card__footer">
          <Link to={paths.login}>{t('reset.backToLogin')}</Link>
        </p>
      </section>
    </div>
  );
}

/** /reset-password?token=: a new token (another link) starts over. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <ResetPasswordScreen key={token ?? ''} urlToken={token} />;
}
