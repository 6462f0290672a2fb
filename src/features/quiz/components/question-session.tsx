import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import type { AttemptRow } from '../../../db';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../stores/auth-store';
import type { QuizDetails } from '../api/types';
import { useAttemptDeviceCopy, useAttemptResume } from '../hooks/use-attempt-resume';
import { useProgressSaver } from '../hooks/use-progress-saver';
import { useQuestionFocus } from '../hooks/use-question-focus';
import { useQuizKeys } from '../hooks/use-quiz-keys';
import { useQuizSubmit } from '../hooks/use-quiz-submit';
import {
  choiceOptions,
  formatAnswers,
  isAnswered,
  questionIdOf,
  type Draft,
} from '../lib/answer-format';
import { useQuizSession } from '../stores/quiz-session-store';
import { QuestionActions } from './question-actions';
import { QuestionConfirmDialog } from './question-confirm-dialog';
import { QuestionNav } from './question-nav';
import { QuestionProgress } from './question-progress';
import { QuestionView } from './question-view';
import { GenerationNotices } from './generation-notices';
import { BackIcon } from './quiz-icons';

const NO_DRAFTS: Readonly<Record<string, Draft>> = {};

/**
 * Taking a quiz, one question at a time: answers live in the session store, are written to the
 * device on every change and saved to the server in the background on every move, and are
 * submitted once from the last question — or, with no network, queued on the device to be
 * scored when the connection is back (the page then shows the "saved" notice).
 */
export function QuestionSession({
  quiz,
  materialId,
  fresh,
  attempt,
}: {
  quiz: QuizDetails;
  materialId: string;
  /** A retake: start at the first question with no answers, whatever the server kept. */
  fresh: boolean;
  /** The attempt this device kept (answers made offline, maybe in a tab since closed). */
  attempt: AttemptRow | null;
}) {
  const { t } = useTranslation(['quiz', 'offline']);
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const { quizId, questions } = quiz;
  const total = questions.length;

  useAttemptResume(quiz, fresh, attempt);
  useAttemptDeviceCopy(userId, quizId, materialId);

  const drafts = useQuizSession((s) => (s.quizId === quizId ? s.drafts : NO_DRAFTS));
  const storedIndex = useQuizSession((s) => (s.quizId === quizId ? s.index : 0));
  const index = Math.min(storedIndex, total - 1);
  const question = questions[index]!;
  const qid = questionIdOf(question);
  const draft = drafts[qid];
  const answeredFlags = useMemo(
    () => questions.map((q) => isAnswered(q, drafts[questionIdOf(q)])),
    [questions, drafts],
  );
  const answeredCount = answeredFlags.filter(Boolean).length;
  const currentAnswered = answeredFlags[index] ?? false;
  const isLast = index === total - 1;

  const saver = useProgressSaver(quizId, materialId, quiz.title);
  const [message, setMessage] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const { submitting, submit: send } = useQuizSubmit({
    quiz,
    materialId,
    userId,
    saver,
    onMessage: setMessage,
  });
  const { headingRef, focusAfterMove } = useQuestionFocus(index, qid);

  const setDraft = (next: Draft) => {
    setMessage(null);
    useQuizSession.getState().setDraft(qid, next);
  };

  const go = (to: number) => {
    if (submitting || to < 0 || to >= total) return;
    setMessage(null);
    const session = useQuizSession.getState();
    if (to !== index) focusAfterMove();
    session.setIndex(to);
    saver.schedule(formatAnswers(questions, session.drafts), to);
  };

  const submit = () => {
    setConfirmOpen(false);
    void send();
  };

  const finish = () => {
    if (submitting) return;
    if (formatAnswers(questions, useQuizSession.getState().drafts).length === 0) {
      setMessage(t('take.noAnswers'));
      return;
    }
    if (answeredCount < total) setConfirmOpen(true);
    else submit();
  };

  const forward = () => (isLast ? finish() : go(index + 1));
  const firstUnanswered = answeredFlags.findIndex((a) => !a);

  useQuizKeys(
    {
      pick:
        question.type === 'multiple_choice' || question.type === 'true_false'
          ? (pos) => {
              const options = choiceOptions(question.options);
              const values =
                options.length || question.type !== 'true_false'
                  ? options.map((o) => o.value)
                  : ['true', 'false'];
              const value = values[pos];
              if (!value) return;
              // A multiple-select item: the key ticks or clears that option.
              if (question.multiSelect) {
                const picked = new Set(draft?.choices ?? []);
                if (picked.has(value)) picked.delete(value);
                else picked.add(value);
                setDraft({ choices: values.filter((v) => picked.has(v)) });
              } else setDraft({ choice: value });
            }
          : undefined,
      previous: () => go(index - 1),
      // → moves on (skipping is allowed) but never submits: that takes the finish button.
      next: () => go(index + 1),
    },
    !submitting && !confirmOpen,
  );

  return (
    <div className="page quiz-take">
      <ButtonLink to={paths.material(materialId)} variant="ghost" size="sm" className="quiz-back">
        <BackIcon />
        {t('take.backToMaterial')}
      </ButtonLink>

      <header className="quiz-take__header">
        <h1 className="quiz-take__title">{quiz.title || t('take.untitled')}</h1>
        <QuestionProgress position={index + 1} total={total} answered={answeredCount} />
      </header>

      <GenerationNotices />

      {quiz.completed && (
        <p className="quiz-take__notice">
          {t('take.retakeNotice')}{' '}
          <ButtonLink to={paths.quizResults(materialId, quizId)} variant="link" size="sm">
            {t('take.viewResults')}
          </ButtonLink>
        </p>
      )}

      <form
        className="question-card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // Enter in the short-answer box: the same as the main button.
          if (currentAnswered || isLast) forward();
        }}
      >
        <QuestionView
          key={qid}
          question={question}
          position={index + 1}
          total={total}
          draft={draft}
          onChange={setDraft}
          headingRef={headingRef}
        />
        <QuestionActions
          isFirst={index === 0}
          isLast={isLast}
          answered={currentAnswered}
          submitting={submitting}
          onPrevious={() => go(index - 1)}
          onSkip={() => go(index + 1)}
        />
        <div className="question-card__message" aria-live="polite">
          {message && (
            <p className="question-card__error" role="alert">
              {message}
            </p>
          )}
        </div>
      </form>

      <QuestionNav
        total={total}
        current={index}
        answered={answeredFlags}
        onGo={go}
        disabled={submitting}
      />
      <p className="quiz-take__keys">{t('take.keysHint')}</p>

      <QuestionConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        unanswered={total - answeredCount}
        unscored={questions.every((q) => q.unscored === true)}
        onSubmit={submit}
        onReview={() => {
          setConfirmOpen(false);
          if (firstUnanswered >= 0) go(firstUnanswered);
        }}
      />
    </div>
  );
}
