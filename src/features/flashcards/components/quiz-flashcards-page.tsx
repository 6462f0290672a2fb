import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/offline/network';
import { useResource } from '../../../lib/use-resource';
import { useAuthStore } from '../../../stores/auth-store';
import { loadQuizDeck } from '../api/get-decks';
import { markStillLearning } from '../api/mark-still-learning';
import type { Flashcard } from '../lib/cards';
import { FlashcardSession } from './flashcard-session';
import { FlashcardsFrame, FlashcardsMessage } from './flashcards-frame';

/**
 * /materials/{id}/quiz/{quizId}/flashcards: question ↔ answer cards of a scored quiz, from the
 * device's copy of its report (offline too). "Still learning" puts the question in Review.
 */
export default function QuizFlashcardsPage() {
  const { t } = useTranslation('flashcards');
  const { materialId = '', quizId = '' } = useParams();
  const userId = useAuthStore((s) => s.user?.id ?? '');
  const deck = useResource(userId ? `${userId}:${quizId}` : null, (signal) =>
    loadQuizDeck(userId, quizId, signal),
  );
  const title = deck.status === 'ready' ? deck.data.title : '';
  const back = {
    to: paths.quizResults(materialId, quizId),
    label: t('back.results'),
  };

  const stillLearning = useCallback(
    (card: Flashcard) => {
      if (!card.questionId || !userId) return;
      void markStillLearning(userId, {
        quizId,
        materialId,
        questionId: card.questionId,
        title,
        front: card.front,
      }).catch(() => undefined);
    },
    [userId, quizId, materialId, title],
  );

  if (deck.status === 'loading') return <PageSpinner label={t('page.loading')} />;
  if (deck.status === 'error') {
    const code = deck.error instanceof ApiError ? deck.error.code : undefined;
    const notTaken = code === 'REPORT_NOT_FOUND';
    const offline = isNetworkError(deck.error);
    return (
      <FlashcardsFrame
        title=""
        back={{ to: paths.material(materialId), label: t('back.material') }}
      >
        {notTaken ? (
          <FlashcardsMessage title={t('state.notTakenTitle')} body={t('state.notTakenBody')}>
            <ButtonLink to={paths.quizQuestions(materialId, quizId)}>
              {t('state.takeQuiz')}
            </ButtonLink>
          </FlashcardsMessage>
        ) : (
          <FlashcardsMessage
            alert
            title={offline ? t('state.offlineTitle') : t('state.loadFailed')}
            body={offline ? t('state.offlineBody') : t('state.loadFailedBody')}
          >
            <Button onClick={deck.reload}>{t('state.retry')}</Button>
          </FlashcardsMessage>
        )}
      </FlashcardsFrame>
    );
  }
  const data = deck.data;
  return (
    <FlashcardsFrame title={data.title} back={back}>
      {data.cards.length === 0 ? (
        <FlashcardsMessage title={t('state.emptyQuizTitle')} body={t('state.emptyQuizBody')} />
      ) : (
        <FlashcardSession key={quizId} deck={data} onStillLearning={stillLearning} />
      )}
    </FlashcardsFrame>
  );
}
