import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { materialChanged } from '../../../lib/data-events';
import { isNetworkError } from '../../../lib/offline/network';
import { queueQuizSubmission } from '../api/queue-submission';
import { submitQuiz } from '../api/submit-quiz';
import type { QuizDetails } from '../api/types';
import { formatAnswers } from '../lib/answer-format';
import { useQuizSession } from '../stores/quiz-session-store';
import type { useProgressSaver } from './use-progress-saver';

/**
 * Submitting an attempt once: progress saves settle first; the report opens on success; with no
 * network the submission is queued on the device under the same id (the page then shows the
 * "saved" notice); any other failure is a message and the learner may try again.
 */
export function useQuizSubmit({
  quiz,
  materialId,
  userId,
  saver,
  onMessage,
}: {
  quiz: QuizDetails;
  materialId: string;
  userId: string | null;
  saver: ReturnType<typeof useProgressSaver>;
  onMessage: (message: string | null) => void;
}) {
  const { t } = useTranslation(['quiz', 'offline']);
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const { quizId, questions } = quiz;

  const submit = async () => {
    const answers = formatAnswers(questions, useQuizSession.getState().drafts);
    if (answers.length === 0) {
      onMessage(t('take.noAnswers'));
      return;
    }
    setSubmitting(true);
    onMessage(null);
    await saver.settle();
    const session = useQuizSession.getState();
    const clientSubmissionId = session.submissionIdFor();
    try {
      const timings = session.timingsFor(answers.map((x) => x.questionId));
      const report = await submitQuiz(quizId, answers, clientSubmissionId, timings);
      session.finish(report);
      materialChanged(materialId);
      navigate(paths.quizResults(materialId, quizId), { replace: true });
    } catch (err) {
      if (isNetworkError(err) && userId !== null) {
        try {
          // The same id as the try that just failed: if it did reach the server after all,
          // the queued copy gets that attempt's report back instead of a second score.
          await queueQuizSubmission(userId, {
            quizId,
            materialId,
            title: quiz.title,
            answers,
            clientSubmissionId,
          });
          // The page now shows the "saved" notice (the outbox has the submission).
          return;
        } catch {
          onMessage(t('offline:saved.storageFull'));
          setSubmitting(false);
          return;
        }
      }
      const reason = err instanceof ApiError && err.message ? err.message : t('take.networkError');
      onMessage(t('take.submitFailed', { message: reason }));
      setSubmitting(false);
    }
  };

  return { submitting, submit };
}
