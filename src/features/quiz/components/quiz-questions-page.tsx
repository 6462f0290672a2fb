import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/offline/network';
import { paths } from '../../../config/paths';
import { useQuiz } from '../api/get-quiz';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePendingSubmission } from '../hooks/use-pending-submission';
import { useQuizSession } from '../stores/quiz-session-store';
import { PendingSubmission } from './pending-submission';
import { QuestionSession } from './question-session';
import { BackIcon } from './quiz-icons';
import './quiz-common.css';
import './quiz-take.css';

/** /materials/{id}/quiz/{quizId}/questions: answer the quiz one question at a time. */
export default function QuizQuestionsPage() {
  // The offline namespace comes with the page: its "saved" notice may be needed with no network.
  const { t } = useTranslation(['quiz', 'offline']);
  const { materialId = '', quizId = '' } = useParams();
  // A retake hands over the quiz details it just loaded; take them once.
  const [retake] = useState(() => {
    const pending = useQuizSession.getState().retake;
    return pending && pending.quizId === quizId ? pending : undefined;
  });
  const quiz = useQuiz(quizId, retake);
  // Submitted offline: the notice until it is scored, then on to the report.
  const pending = usePendingSubmission(quizId, materialId, true);
  // Those answers are in the outbox now: the next visit starts a new attempt, not this one.
  useEffect(() => {
    if (pending && useQuizSession.getState().quizId === quizId) {
      useQuizSession.setState({ quizId: null, drafts: {}, index: 0, submissionId: null });
    }
  }, [pending, quizId]);
  useDocumentTitle(
    quiz.status === 'ready' ? quiz.data.title || t('take.untitled') : t('take.docTitle'),
  );

  if (pending) return <PendingSubmission item={pending} materialId={materialId} />;
  if (quiz.status === 'loading' || pending === undefined) {
    return <PageSpinner label={t('take.loading')} />;
  }
  if (quiz.status === 'error' || quiz.data.questions.length === 0) {
    const missing =
      quiz.status === 'error' && quiz.error instanceof ApiError && quiz.error.status === 404;
    return (
      <div className="page page--narrow quiz-problem">
        <div className="card">
          <h1 className="quiz-problem__title" role="alert">
            {quiz.status === 'ready'
              ? t('take.noQuestions')
              : missing
                ? t('take.notFound')
                : t('take.loadFailed')}
          </h1>
          <p>
            {quiz.status === 'ready'
              ? t('take.noQuestionsBody')
              : isNetworkError(quiz.error)
                ? t('offline:load.offline')
                : t('take.loadFailedBody')}
          </p>
          <div className="quiz-problem__actions">
            <ButtonLink to={paths.material(materialId)} variant="primary">
              <BackIcon />
              {t('take.backToMaterial')}
            </ButtonLink>
            {quiz.status === 'error' && !missing && (
              <Button variant="secondary" onClick={quiz.reload}>
                {t('take.retry')}
              </Button>
            )}
          </div>
        </div>
      </div>
    );
  }
  return (
    <QuestionSession
      key={quiz.data.quizId}
      quiz={quiz.data}
      materialId={quiz.data.materialId || materialId}
      fresh={Boolean(retake)}
      attempt={quiz.attempt}
    />
  );
}
