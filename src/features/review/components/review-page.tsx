import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/offline/network';
import { useAuthStore } from '../../../stores/auth-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useReviewQueue } from '../hooks/use-review-queue';
import { LockIcon, ReviewIcon } from './review-icons';
import { ReviewSession } from './review-session';
import './review.css';

/** The `?concept=` filter, trimmed; empty means none. */
function useConcept(): string | undefined {
  const [params] = useSearchParams();
  const concept = params.get('concept')?.trim();
  return concept ? concept : undefined;
}

/**
 * /review: today's due cards across all materials, one at a time with the quiz's own question
 * controls, the answer revealed after each; `?concept=` reviews every card of one related
 * concept (premium). Works offline from the device copy; answers wait in the outbox.
 */
export default function ReviewPage() {
  // The quiz namespace comes with the page: its question controls need it, online or not.
  const { t } = useTranslation(['review', 'quiz', 'offline']);
  const concept = useConcept();
  const user = useAuthStore((s) => s.user);
  const premium = user?.account_type === 'premium';
  useDocumentTitle(concept ? t('page.conceptDocTitle', { concept }) : t('page.docTitle'));

  const header = (
    <header className="review-page__header">
      <p className="review-page__eyebrow">
        <ReviewIcon size={18} />
        {t('page.eyebrow')}
      </p>
      <h1 className="review-page__title">
        {concept ? t('page.conceptTitle', { concept }) : t('page.title')}
      </h1>
      {concept && (
        <ButtonLink to={paths.review} variant="link" size="sm" className="review-page__all">
          {t('page.allDue')}
        </ButtonLink>
      )}
    </header>
  );

  if (concept && !premium) {
    return (
      <div className="page review-page">
        {header}
        <section className="card review-state">
          <p className="review-state__icon review-state__icon--premium">
            <LockIcon size={28} />
          </p>
          <h2 className="review-state__title">{t('concept.premiumTitle')}</h2>
          <p className="review-state__body">{t('concept.premiumBody')}</p>
          <div className="review-state__actions">
            <ButtonLink to={paths.subscription}>{t('reveal.upgrade')}</ButtonLink>
            <ButtonLink to={paths.review} variant="secondary">
              {t('page.allDue')}
            </ButtonLink>
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className="page review-page">
      {header}
      <ReviewQueueView key={concept ?? ''} userId={user?.id ?? ''} concept={concept} />
    </div>
  );
}

function ReviewQueueView({ userId, concept }: { userId: string; concept: string | undefined }) {
  const { t } = useTranslation(['review', 'offline']);
  const queue = useReviewQueue(userId, concept);

  if (!queue.ready) return <PageSpinner label={t('page.loading')} />;
  const { network } = queue;
  if (network.status === 'error' && !queue.stored) {
    const offline = isNetworkError(network.error);
    const premium = network.error instanceof ApiError && network.error.code === 'PREMIUM_REQUIRED';
    return (
      <section className="card review-state" role="alert">
        <h2 className="review-state__title">
          {offline
            ? t('page.offlineTitle')
            : premium
              ? t('concept.premiumTitle')
              : t('page.loadFailed')}
        </h2>
        <p className="review-state__body">
          {offline
            ? t('page.offlineBody')
            : premium
              ? t('concept.premiumBody')
              : t('page.loadFailedBody')}
        </p>
        <div className="review-state__actions">
          {premium ? (
            <ButtonLink to={paths.subscription}>{t('reveal.upgrade')}</ButtonLink>
          ) : (
            <Button onClick={queue.reload}>{t('page.retry')}</Button>
          )}
        </div>
      </section>
    );
  }
  return (
    <>
      {network.status === 'error' && (
        <p className="review-page__notice" role="status">
          {isNetworkError(network.error) ? t('page.fromDevice') : t('page.staleCopy')}
        </p>
      )}
      <ReviewSession
        userId={userId}
        cards={queue.cards}
        nextDue={queue.nextDue}
        concept={concept}
      />
    </>
  );
}
