import { useTranslation } from 'react-i18next';

/** "3 / 10", how many are answered, and a bar for the position in the quiz. */
export function QuestionProgress({
  position,
  total,
  answered,
}: {
  position: number;
  total: number;
  answered: number;
}) {
  const { t } = useTranslation('quiz');
  const percent = total > 0 ? Math.round((position / total) * 100) : 0;
  return (
    <div className="quiz-progress">
      <div className="quiz-progress__row">
        <span className="quiz-progress__counter" aria-hidden="true">
          {t('take.counter', { current: position, total })}
        </span>
        <span className="quiz-progress__answered">
          {t('take.answeredCount', { answered, total })}
        </span>
      </div>
      <div
        className="quiz-progress__track"
        role="progressbar"
        aria-label={t('take.progress')}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={position}
        aria-valuetext={t('take.questionOf', { current: position, total })}
      >
        <div className="quiz-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
