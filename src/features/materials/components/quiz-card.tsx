import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button-link';
import { paths } from '../../../config/paths';
import { formatDate } from '../lib/format';
import type { QuizSummary } from '../lib/material';
import { difficultyOf } from '../lib/quizzes';
import { OfflineMark } from './offline-mark';
import { PendingIcon } from './icons';
import { ScoreBadge } from './score-badge';

/**
 * One quiz of the history: title, score, facts, and "view report" or "continue". `offline`: it
 * is on the device; `pendingScore`: submitted offline, waiting to be scored.
 */
export function QuizCard({
  materialId,
  quiz,
  offline = false,
  pendingScore = false,
}: {
  materialId: string;
  quiz: QuizSummary;
  offline?: boolean;
  pendingScore?: boolean;
}) {
  const { t } = useTranslation(['materials', 'offline']);
  const created = formatDate(quiz.createdAt);
  const lastTaken = formatDate(quiz.lastTakenAt);
  const title = quiz.title || t('quizzes.fallbackTitle', { date: created });
  const done = quiz.completed;
  const action = done ? t('quizzes.viewReport') : t('quizzes.continue');
  return (
    <article className="quiz-card">
      <div className="quiz-card__top">
        <h3 className="quiz-card__title">{title}</h3>
        {pendingScore ? (
          <Badge tone="warning">
            <PendingIcon />
            {t('offline:mark.pendingScore')}
          </Badge>
        ) : quiz.score !== null && done ? (
          <ScoreBadge score={quiz.score} label={t('quizzes.scoreLabel')} />
        ) : done ? (
          // Taken without a score: unscored practice of an exam paper without key (issue 17).
          <Badge tone="neutral">{t('quizzes.unscored')}</Badge>
        ) : (
          <Badge tone="neutral">{t('quizzes.notScored')}</Badge>
        )}
      </div>
      <dl className="quiz-card__facts">
        <div>
          <dt>{t('quizzes.created')}</dt>
          <dd>
            <time dateTime={quiz.createdAt}>{created}</time>
          </dd>
        </div>
        <div>
          <dt className="visually-hidden">{t('quizzes.questionsLabel')}</dt>
          <dd>{t('quizzes.questions', { count: quiz.questionCount })}</dd>
        </div>
        <div>
          <dt>{t('quizzes.difficultyLabel')}</dt>
          <dd>{t(`quizzes.difficulty.${difficultyOf(quiz.difficulty)}`)}</dd>
        </div>
        <div>
          <dt>{t('quizzes.lastAttempt')}</dt>
          <dd>
            {lastTaken ? (
              <time dateTime={quiz.lastTakenAt}>{lastTaken}</time>
            ) : (
              t('quizzes.neverTaken')
            )}
          </dd>
        </div>
      </dl>
      {offline && (
        <p className="quiz-card__offline">
          <OfflineMark />
        </p>
      )}
      {!done && quiz.answeredQuestionsCount > 0 && (
        <p className="quiz-card__progress">
          {t('quizzes.answered', {
            answered: quiz.answeredQuestionsCount,
            total: quiz.questionCount,
          })}
        </p>
      )}
      <ButtonLink
        to={
          done ? paths.quizResults(materialId, quiz.id) : paths.quizQuestions(materialId, quiz.id)
        }
        variant={done ? 'secondary' : 'primary'}
        size="sm"
        className="quiz-card__action"
        // Visible "View report" / "Continue", heard with the quiz it belongs to.
        aria-label={`${action}${t('quizzes.of', { title })}`}
      >
        {action}
      </ButtonLink>
    </article>
  );
}
