import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { deleteAttempt } from '../../../db/cache';
import { ApiError } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/offline/network';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../stores/auth-store';
import { getQuiz } from '../api/get-quiz';
import { useReport } from '../api/get-report';
import type { QuizReport } from '../api/types';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePendingSubmission } from '../hooks/use-pending-submission';
import { useQuizSession } from '../stores/quiz-session-store';
import { PendingSubmission } from './pending-submission';
import { ResultsExport } from './results-export';
import { ResultsQuizExport } from './results-quiz-export';
import { ResultsQuestionList } from './results-question-list';
import { ResultsScoreCard } from './results-score-card';
import { ResultsTypeAnalysis } from './results-type-analysis';
import { BackIcon, FlashcardsIcon, RetakeIcon } from './quiz-icons';
import './quiz-common.css';
import './quiz-results.css';

const LONG_TOAST_MS = 5000;

/** /materials/{id}/quiz/{quizId}/results: the scored attempt (spec §2 "Results"). */
export default function QuizResultsPage() {
  // The offline namespace comes with the page: its "saved" notice may be needed with no network.
  const { t } = useTranslation(['quiz', 'offline']);
  const { materialId = '', quizId = '' } = useParams();
  // A submit hands over the report it got back; take it once.
  const [fromSubmit] = useState(() => {
    const report = useQuizSession.getState().report;
    return report && report.quizId === quizId ? report : undefined;
  });
  useEffect(() => {
    // Used once: a later visit (after an upgrade, say) asks the server again.
    if (fromSubmit) useQuizSession.setState({ report: null });
  }, [fromSubmit]);
  const report = useReport(quizId, fromSubmit);
  // Submitted offline and not scored yet: the notice; the report shows once it is stored.
  const pending = usePendingSubmission(quizId, materialId);
  useDocumentTitle(t('results.docTitle'));

  if (pending) return <PendingSubmission item={pending} materialId={materialId} />;
  if (report.status === 'loading') return <PageSpinner label={t('results.loading')} />;
  if (report.status === 'error') {
    const code = report.error instanceof ApiError ? report.error.code : undefined;
    const status = report.error instanceof ApiError ? report.error.status : 0;
    // REPORT_NOT_FOUND: the quiz exists but was never submitted; NOT_FOUND: no such quiz.
    const problem =
      code === 'REPORT_NOT_FOUND' ? 'noData' : status === 404 ? 'notFound' : 'loadFailed';
    return (
      <div className="page page--narrow quiz-problem">
        <div className="card">
          <h1 className="quiz-problem__title" role={problem === 'loadFailed' ? 'alert' : undefined}>
            {t(`results.${problem}`)}
          </h1>
          <p>
            {problem === 'loadFailed' && isNetworkError(report.error)
              ? t('offline:load.offline')
              : t(`results.${problem}Body`)}
          </p>
          <div className="quiz-problem__actions">
            <ButtonLink
              to={paths.material(materialId)}
              variant={problem === 'noData' ? 'secondary' : 'primary'}
            >
              <BackIcon />
              {t('results.backToMaterial')}
            </ButtonLink>
            {problem === 'noData' && (
              <ButtonLink to={paths.quizQuestions(materialId, quizId)}>
                {t('results.takeQuiz')}
              </ButtonLink>
            )}
            {problem === 'loadFailed' && (
              <Button variant="secondary" onClick={report.reload}>
                {t('results.retry')}
              </Button>
            )}
          </div>
        </div>
      </div>
    );
  }
  return <QuizResults report={report.data} materialId={report.data.materialId || materialId} />;
}

function QuizResults({ report, materialId }: { report: QuizReport; materialId: string }) {
  const { t } = useTranslation('quiz');
  const navigate = useNavigate();
  const accountPremium = useAuthStore((s) => s.user?.account_type === 'premium');
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const [retaking, setRetaking] = useState(false);

  // Retake: reload the quiz details, clear the answers, go to the first question.
  const retake = async () => {
    setRetaking(true);
    try {
      const details = await getQuiz(report.quizId);
      // A fresh start: nothing this device kept of an earlier attempt comes back.
      if (userId !== null) await deleteAttempt(userId, report.quizId);
      useQuizSession.getState().startRetake(details);
      navigate(paths.quizQuestions(materialId, report.quizId));
    } catch {
      toast.error(t('results.retakeFailed'), LONG_TOAST_MS);
      setRetaking(false);
    }
  };

  return (
    <div className="page quiz-results">
      <ButtonLink to={paths.material(materialId)} variant="ghost" size="sm" className="quiz-back">
        <BackIcon />
        {t('results.backToMaterial')}
      </ButtonLink>
      <header className="quiz-results__header">
        <p className="quiz-results__eyebrow">{t('results.title')}</p>
        <h1 className="quiz-results__title">{report.quizTitle || t('take.untitled')}</h1>
      </header>

      <ResultsScoreCard
        report={report}
        actions={
          <div className="results-actions">
            <Button onClick={() => void retake()} loading={retaking}>
              {!retaking && <RetakeIcon />}
              {t('results.retake')}
            </Button>
            <ButtonLink to={paths.quizFlashcards(materialId, report.quizId)} variant="secondary">
              <FlashcardsIcon />
              {t('results.flashcards')}
            </ButtonLink>
            <ResultsExport quizId={report.quizId} premium={report.premium || accountPremium} />
            <ResultsQuizExport quizId={report.quizId} />
          </div>
        }
      />

      <div className="results-layout">
        <ResultsTypeAnalysis analysis={report.typeAnalysis} />
        <ResultsQuestionList details={report.answersDetail} locked={report.locked} />
      </div>

      <div className="results-footer">
        <ButtonLink to={paths.material(materialId)} variant="secondary">
          <BackIcon />
          {t('results.backToMaterial')}
        </ButtonLink>
      </div>
    </div>
  );
}
