import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { paths } from '../../../config/paths';
import { useNow } from '../hooks/use-now';
import { dueDate, relativeDue } from '../lib/format';
import { CalendarIcon } from './review-icons';

/**
 * Nothing to review: when the next card is due (if there is one), or how cards come to be
 * (a quiz's answers, wrong ones first).
 */
export function ReviewEmpty({
  nextDue,
  concept,
}: {
  nextDue: string | null;
  concept: string | undefined;
}) {
  const { t, i18n } = useTranslation('review');
  const now = useNow();
  return (
    <section className="card review-state review-empty" aria-labelledby="review-empty-title">
      <p className="review-state__icon">
        <CalendarIcon size={28} />
      </p>
      <h2 id="review-empty-title" className="review-state__title">
        {concept ? t('empty.conceptTitle', { concept }) : t('empty.title')}
      </h2>
      {concept ? (
        <p className="review-state__body">{t('empty.conceptBody')}</p>
      ) : nextDue ? (
        <p className="review-state__body">
          {t('empty.nextDue', {
            date: dueDate(nextDue, i18n.language),
            when: relativeDue(nextDue, now, i18n.language),
          })}
        </p>
      ) : (
        <p className="review-state__body">{t('empty.noCards')}</p>
      )}
      <div className="review-state__actions">
        <ButtonLink to={paths.home}>{t('empty.materials')}</ButtonLink>
        <ButtonLink to={paths.progress} variant="secondary">
          {t('summary.progress')}
        </ButtonLink>
      </div>
    </section>
  );
}
