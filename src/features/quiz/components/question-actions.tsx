import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FlagIcon, NextIcon, PreviousIcon, SkipIcon } from './quiz-icons';

/**
 * Previous · Skip · Next (Finish on the last question). Next and Finish submit the form
 * around them (so Enter in a text answer works too). Next waits for an answer; an unanswered
 * question can be skipped instead. Finish submits whatever is answered.
 */
export function QuestionActions({
  isFirst,
  isLast,
  answered,
  submitting,
  onPrevious,
  onSkip,
}: {
  isFirst: boolean;
  isLast: boolean;
  answered: boolean;
  submitting: boolean;
  onPrevious: () => void;
  onSkip: () => void;
}) {
  const { t } = useTranslation('quiz');
  const hintId = useId();
  const waiting = !answered && !isLast;
  return (
    <div className="question-actions">
      <Button
        variant="secondary"
        className="question-actions__previous"
        onClick={onPrevious}
        disabled={isFirst || submitting}
      >
        <PreviousIcon />
        {t('take.previous')}
      </Button>
      <div className="question-actions__forward">
        {waiting && (
          <Button
            variant="ghost"
            className="question-actions__skip"
            onClick={onSkip}
            disabled={submitting}
          >
            {t('take.skip')}
            <SkipIcon />
          </Button>
        )}
        {isLast ? (
          <Button type="submit" loading={submitting}>
            {!submitting && <FlagIcon />}
            {submitting ? t('take.submitting') : t('take.finish')}
          </Button>
        ) : (
          <Button
            type="submit"
            disabled={waiting || submitting}
            aria-describedby={waiting ? hintId : undefined}
          >
            {t('take.next')}
            <NextIcon />
          </Button>
        )}
      </div>
      {waiting && (
        <p id={hintId} className="question-actions__hint">
          {t('take.needAnswer')}
        </p>
      )}
    </div>
  );
}
