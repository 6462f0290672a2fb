import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { isNetworkError } from '../../../lib/offline/network';
import { useResource } from '../../../lib/use-resource';
import { useAuthStore } from '../../../stores/auth-store';
import { getProgress } from '../api/get-progress';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ConceptList } from './concept-list';
import { ScoreSection } from './score-section';
import { StreakCard } from './streak-card';
import './progress.css';

/**
 * /progress: the study streak and the last weeks, scores over time per material (chart and
 * table), accuracy per related concept weakest first, each a way into a review of its cards.
 */
export default function ProgressPage() {
  const { t } = useTranslation(['progress', 'offline']);
  const userId = useAuthStore((s) => s.user?.id ?? '');
  const progress = useResource(userId || null, (signal) => getProgress(signal));
  useDocumentTitle(t('page.docTitle'));

  const header = (
    <header className="progress-page__header">
      <h1 className="progress-page__title">{t('page.title')}</h1>
      <ButtonLink to={paths.review} size="sm" variant="secondary">
        {t('page.toReview')}
      </ButtonLink>
    </header>
  );

  if (progress.status === 'loading') return <PageSpinner label={t('page.loading')} />;
  if (progress.status === 'error') {
    return (
      <div className="page progress-page">
        {header}
        <section className="card progress-state" role="alert">
          <h2 className="progress-state__title">{t('page.loadFailed')}</h2>
          <p>{isNetworkError(progress.error) ? t('page.offline') : t('page.loadFailedBody')}</p>
          <Button onClick={progress.reload}>{t('page.retry')}</Button>
        </section>
      </div>
    );
  }
  const data = progress.data;
  const isNew = data.totals.attempts === 0 && data.totals.cards === 0;
  if (isNew) {
    return (
      <div className="page progress-page">
        {header}
        <section className="card progress-state">
          <h2 className="progress-state__title">{t('empty.title')}</h2>
          <p>{t('empty.body')}</p>
          <ButtonLink to={paths.home}>{t('empty.start')}</ButtonLink>
        </section>
      </div>
    );
  }
  return (
    <div className="page progress-page">
      {header}
      <StreakCard progress={data} />
      {data.materials.length > 0 ? (
        <ScoreSection materials={data.materials} />
      ) : (
        <section className="card progress-section">
          <h2 className="progress-section__title">{t('scores.title')}</h2>
          <p className="progress-section__note">{t('scores.empty')}</p>
        </section>
      )}
      <ConceptList concepts={data.concepts} locked={data.conceptsLocked} />
    </div>
  );
}
