import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLiveQuery } from 'dexie-react-hooks';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { storedQuizzesOfMaterial } from '../../../db/flashcards-store';
import { ApiError } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/offline/network';
import { useResource } from '../../../lib/use-resource';
import { useAuthStore } from '../../../stores/auth-store';
import { loadMaterialDeck } from '../api/get-decks';
import { FlashcardSession } from './flashcard-session';
import { FlashcardsFrame, FlashcardsMessage } from './flashcards-frame';

/**
 * /materials/{id}/flashcards: the term ↔ definition cards the material states, kept on the
 * device. A material that defines nothing says so and offers its quizzes' cards.
 */
export default function MaterialFlashcardsPage() {
  const { t } = useTranslation('flashcards');
  const { materialId = '' } = useParams();
  const userId = useAuthStore((s) => s.user?.id ?? '');
  const deck = useResource(userId ? `${userId}:${materialId}` : null, (signal) =>
    loadMaterialDeck(userId, materialId, signal),
  );
  const back = { to: paths.material(materialId), label: t('back.material') };

  if (deck.status === 'loading') return <PageSpinner label={t('page.loading')} />;
  if (deck.status === 'error') {
    const offline = isNetworkError(deck.error);
    const notFound = deck.error instanceof ApiError && deck.error.status === 404;
    return (
      <FlashcardsFrame title="" back={back}>
        <FlashcardsMessage
          alert
          title={
            notFound
              ? t('state.notFound')
              : offline
                ? t('state.offlineTitle')
                : t('state.loadFailed')
          }
          body={
            notFound
              ? t('state.notFoundBody')
              : offline
                ? t('state.offlineBody')
                : t('state.loadFailedBody')
          }
        >
          {!notFound && <Button onClick={deck.reload}>{t('state.retry')}</Button>}
        </FlashcardsMessage>
      </FlashcardsFrame>
    );
  }
  const data = deck.data;
  return (
    <FlashcardsFrame title={data.title} back={back}>
      {data.fromDevice && (
        <p className="flash-page__notice" role="status">
          {t('state.fromDevice')}
        </p>
      )}
      {data.cards.length === 0 ? (
        <NoTerms userId={userId} materialId={materialId} />
      ) : (
        <FlashcardSession key={materialId} deck={data} />
      )}
    </FlashcardsFrame>
  );
}

/** No definitions in the material: its quizzes' cards instead. */
function NoTerms({ userId, materialId }: { userId: string; materialId: string }) {
  const { t } = useTranslation('flashcards');
  const quizzes = useLiveQuery(
    () => storedQuizzesOfMaterial(userId, materialId),
    [userId, materialId],
  );
  return (
    <FlashcardsMessage
      title={t('state.noTermsTitle')}
      body={
        <>
          <p>{t('state.noTermsBody')}</p>
          {quizzes && quizzes.length > 0 ? (
            <>
              <p>{t('state.quizCardsLead')}</p>
              <ul className="flash-message__quizzes">
                {quizzes.map((q) => (
                  <li key={q.quizId}>
                    <Link to={paths.quizFlashcards(materialId, q.quizId)}>
                      {t('state.quizCards', { title: q.title || t('page.untitled') })}
                    </Link>
                    {!q.reported && (
                      <span className="flash-message__hint"> · {t('state.quizNotTaken')}</span>
                    )}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t('state.noQuizzes')}</p>
          )}
        </>
      }
    />
  );
}
