import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import type { QuizReport } from '../api/types';
import { captionOf, clampScore, gradeOf, scoreTone } from '../lib/grade';
import { formatDateTime } from '../lib/report-view';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The score as a ring (drawn, not read: the number beside it is the text). */
function ScoreRing({ score }: { score: number }) {
  const { t } = useTranslation('quiz');
  const tone = scoreTone(score);
  return (
    <div className={`score-ring score-ring--${tone}`}>
      <svg viewBox="0 0 120 120" aria-hidden="true" focusable="false">
        <circle className="score-ring__track" cx="60" cy="60" r={RADIUS} />
        {score > 0 && (
          <circle
            className="score-ring__value"
            cx="60"
            cy="60"
            r={RADIUS}
            strokeDasharray={`${(CIRCUMFERENCE * score) / 100} ${CIRCUMFERENCE}`}
            transform="rotate(-90 60 60)"
          />
        )}
      </svg>
      <p className="score-ring__text">
        <span className="visually-hidden">{t('results.scoreLabel')} </span>
        <span className="score-ring__number">{score}</span>
        <span className="score-ring__unit">{t('results.percentSign')}</span>
      </p>
    </div>
  );
}

/** Score, grade, caption, correct x of y, and best score / attempts after a retake. */
export function ResultsScoreCard({ report, actions }: { report: QuizReport; actions: ReactNode }) {
  const { t } = useTranslation('quiz');
  // Unscored practice of an exam paper without key (issue 17): no score to show, only what
  // was answered.
  if (report.unscored) {
    const answered = report.answersDetail.filter((d) => d.answered).length;
    return (
      <section
        className="results-score results-score--unscored"
        aria-labelledby="results-score-title"
        data-testid="results-unscored"
      >
        <div className="results-score__body">
          <h2 id="results-score-title" className="results-score__grade">
            {t('results.unscored.title')}
          </h2>
          <p className="results-score__caption">{t('results.unscored.body')}</p>
          <p className="results-score__correct">
            {t('results.unscored.answered', { answered, total: report.totalQuestions })}
          </p>
          {actions}
        </div>
      </section>
    );
  }
  const score = clampScore(report.score);
  const grade = gradeOf(score);
  const submitted = formatDateTime(report.submittedAt);
  return (
    <section className="results-score" aria-labelledby="results-score-title">
      <h2 id="results-score-title" className="visually-hidden">
        {t('results.scoreTitle')}
      </h2>
      <ScoreRing score={score} />
      <div className="results-score__body">
        <p className="results-score__grade">
          <span className="visually-hidden">{t('results.gradeLabel')} </span>
          <Badge tone={scoreTone(score)} className="results-score__badge">
            {t(`results.grade.${grade}`)}
          </Badge>
        </p>
        <p className="results-score__caption">{t(`results.caption.${captionOf(score)}`)}</p>
        <p className="results-score__correct">
          {t('results.correctOf', { correct: report.correctAnswers, total: report.totalQuestions })}
        </p>
        <dl className="results-facts">
          {report.attemptCount > 1 && (
            <>
              <div>
                <dt>{t('results.bestScore')}</dt>
                <dd>{t('results.percent', { score: clampScore(report.bestScore) })}</dd>
              </div>
              <div>
                <dt>{t('results.attempts')}</dt>
                <dd>{t('results.attemptsValue', { count: report.attemptCount })}</dd>
              </div>
            </>
          )}
          {submitted && (
            <div>
              <dt>{t('results.submittedAt')}</dt>
              <dd>
                <time dateTime={report.submittedAt}>{submitted}</time>
              </dd>
            </div>
          )}
        </dl>
        {actions}
      </div>
    </section>
  );
}
