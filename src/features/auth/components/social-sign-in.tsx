import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useSocialSignIn } from '../hooks/use-social-sign-in';
import { GoogleIcon, LineIcon } from './brand-icons';
import { NoticeBanner } from './notice-banner';
import './social-sign-in.css';

/** "or" divider and the Google / LINE buttons; `redirect` is where to land afterwards. */
export function SocialSignIn({ redirect }: { redirect: string }) {
  const { t } = useTranslation('auth');
  const { pending, notice, start } = useSocialSignIn(redirect);
  return (
    <div className="social-sign-in">
      <p className="social-sign-in__divider">
        <span>{t('social.divider')}</span>
      </p>
      {notice && <NoticeBanner notice={notice} testId="social-notice" />}
      <div className="social-sign-in__buttons">
        <Button
          variant="secondary"
          block
          className="social-btn social-btn--google"
          loading={pending === 'google'}
          disabled={pending !== null}
          onClick={() => void start('google')}
        >
          {pending !== 'google' && <GoogleIcon />}
          <span>{t('social.google')}</span>
        </Button>
        <Button
          variant="secondary"
          block
          className="social-btn social-btn--line"
          loading={pending === 'line'}
          disabled={pending !== null}
          onClick={() => void start('line')}
        >
          {pending !== 'line' && <LineIcon />}
          <span>{t('social.line')}</span>
        </Button>
      </div>
    </div>
  );
}
