import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';
import { apiErrorText } from '../../../lib/api-error-text';
import type { OutboxRow } from '../../../db';
import { AlertIcon, PendingIcon } from './icons';

/**
 * A quiz asked for offline, in the material's quiz history until it is made; then the real quiz
 * takes its place (and a toast links to it). A refused one says why and links to the outbox
 * panel (retry or discard).
 */
export function PendingGenerationCard({ item }: { item: OutboxRow }) {
  const { t } = useTranslation(['materials', 'offline']);
  const failed = item.status === 'failed';
  const count = Number(item.body?.questionCount) || 0;
  return (
    <article className="quiz-card quiz-card--pending" data-testid="pending-generation">
      <div className="quiz-card__top">
        <h3 className="quiz-card__title">{item.subject.title || t('card.untitled')}</h3>
        <Badge tone={failed ? 'danger' : 'warning'}>
          {failed ? <AlertIcon /> : <PendingIcon />}
          {failed ? t('offline:generate.failedTitle') : t('offline:generate.pendingTitle')}
        </Badge>
      </div>
      {count > 0 && <p className="quiz-card__progress">{t('quizzes.questions', { count })}</p>}
      <p className="quiz-card__pending-body">
        {failed && item.lastError
          ? t('offline:outbox.serverSaid', {
              message: apiErrorText(item.lastError),
            })
          : t('offline:generate.pendingBody')}
      </p>
      <Link to={paths.outbox} className="quiz-card__outbox">
        {t('offline:saved.openOutbox')}
      </Link>
    </article>
  );
}
