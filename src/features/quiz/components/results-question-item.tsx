import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { AnswerDetail } from '../api/types';
import { examSourceOf, formatExamSource } from '../lib/exam-source';
import { formatLocation } from '../lib/location';
import { LockedTeaser } from './results-locked';
import { CitedExplanation } from '../../../components/ui/cited-explanation';
import { ChevronIcon, CheckIcon, CrossIcon, DashIcon } from './quiz-icons';

type Status = 'correct' | 'incorrect' | 'unanswered' | 'unscored';

/** Correct / incorrect / unanswered as an icon and a word (never colour alone). */
export function ResultStatus({ status }: { status: Status }) {
  const { t } = useTranslation('quiz');
  return (
    <span className={clsx('result-status', `result-status--${status}`)}>
      {status === 'correct' ? <CheckIcon /> : status === 'incorrect' ? <CrossIcon /> : <DashIcon />}
      {t(`results.status.${status}`)}
    </span>
  );
}

/**
 * One question of the report, collapsible: the question, the learner's answer and the key;
 * for premium the explanation, the cited quote with its location and related concepts.
 */
export function ResultsQuestionItem({
  detail,
  number,
  open,
  onToggle,
  locked,
}: {
  detail: AnswerDetail;
  number: number;
  open: boolean;
  onToggle: (open: boolean) => void;
  locked: boolean;
}) {
  const { t } = useTranslation('quiz');
  const tr = (key: string, options?: Record<string, unknown>) => t(key, options);
  // Unscored practice (an exam paper without key): neither right nor wrong, and no key.
  const status: Status = detail.unscored
    ? 'unscored'
    : detail.isCorrect
      ? 'correct'
      : detail.answered
        ? 'incorrect'
        : 'unanswered';
  const page = formatLocation(detail.citation?.location, tr);
  // An exam item's paper and number: in the head, and first in its citation.
  const examSource = formatExamSource(examSourceOf(detail), tr);
  const location = [examSource, page].filter(Boolean).join(' · ');
  const concepts = (detail.relatedConcepts ?? []).filter((c) => c.trim());
  const hasPremium = Boolean(detail.explanation || detail.citation?.quote || concepts.length);
  return (
    <details
      className={clsx('result-item', `result-item--${status}`)}
      open={open}
      onToggle={(e) => onToggle(e.currentTarget.open)}
    >
      <summary className="result-item__summary">
        <span className="result-item__head">
          <span className="result-item__number">{t('results.questionN', { n: number })}</span>
          <span className="result-item__type">
            {detail.multiSelect
              ? t('exam.multiSelect')
              : t(`types.${detail.type}`, { defaultValue: t('types.other') })}
          </span>
          <ResultStatus status={status} />
          {examSource && (
            <span className="result-item__source" data-testid="exam-source">
              {examSource}
            </span>
          )}
        </span>
        <span className="result-item__question">{detail.question}</span>
        <ChevronIcon />
      </summary>
      <div className="result-item__body">
        <dl className="result-answers">
          <div className={clsx('result-answers__row', `result-answers__row--${status}`)}>
            <dt>{t('results.yourAnswer')}</dt>
            <dd>
              {detail.answered && detail.userAnswer ? (
                detail.userAnswer
              ) : (
                <span className="result-answers__none">{t('results.noAnswer')}</span>
              )}
            </dd>
          </div>
          {!detail.unscored && (
            <div className="result-answers__row result-answers__row--key">
              <dt>{t('results.correctAnswer')}</dt>
              <dd>{detail.correctAnswer}</dd>
            </div>
          )}
        </dl>

        {locked ? (
          <LockedTeaser />
        ) : (
          hasPremium && (
            <CitedExplanation
              explanation={detail.explanation}
              quote={detail.citation?.quote}
              source={location ? t('results.source', { location }) : undefined}
              concepts={concepts}
              labels={{
                explanation: t('results.explanation'),
                concepts: t('results.relatedConcepts'),
              }}
            />
          )
        )}
      </div>
    </details>
  );
}
