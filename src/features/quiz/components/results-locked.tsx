import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { paths } from '../../../config/paths';
import { LockIcon } from './quiz-icons';

/** Free account: why explanations are missing, and the way to get them. */
export function ResultsLockedBanner() {
  const { t } = useTranslation('quiz');
  return (
    <div className="locked-banner">
      <span className="locked-banner__icon">
        <LockIcon size={22} />
      </span>
      <div className="locked-banner__body">
        <p className="locked-banner__title">{t('results.locked.title')}</p>
        <p className="locked-banner__message">{t('results.locked.message')}</p>
      </div>
      <ButtonLink to={paths.subscription} size="sm" className="locked-banner__action">
        {t('results.locked.upgrade')}
      </ButtonLink>
    </div>
  );
}

/**
 * Where the explanation would be: blurred placeholder lines (never the real content — the
 * server does not send it to a free account), with a lock and a short note on top.
 */
export function LockedTeaser() {
  const { t } = useTranslation('quiz');
  return (
    <div className="locked-teaser">
      <div className="locked-teaser__blur" aria-hidden="true">
        <p className="locked-teaser__heading">{t('results.explanation')}</p>
        <p>{t('results.locked.placeholder')}</p>
        <p className="locked-teaser__chips">
          <span>{t('results.locked.placeholderConcept')}</span>
          <span>{t('results.locked.placeholderConcept')}</span>
          <span>{t('results.locked.placeholderConcept')}</span>
        </p>
      </div>
      <p className="locked-teaser__note">
        <LockIcon size={18} />
        {t('results.locked.short')}
      </p>
    </div>
  );
}
