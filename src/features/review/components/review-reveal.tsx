import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Button } from '../../../components/ui/button';
import { CitedExplanation } from '../../../components/ui/cited-explanation';
import { paths } from '../../../config/paths';
import type { ReviewResult } from '../api/types';
import { useNow } from '../hooks/use-now';
import { relativeDue } from '../lib/format';
import { useQuestionKit } from '../lib/question-kit';
import { resultOf, type AnsweredCard } from '../lib/session';
import { CheckIcon, CloudIcon, CrossIcon, LockIcon, NextIcon } from './review-icons';
import { ReviewRating } from './review-rating';

type Tone = 'correct' | 'incorrect' | 'waiting' | 'gone';

/**
 * The answer, revealed: right or wrong, the learner's answer and the key; for premium the
 * explanation, the cited quote with its page or slide and the related concepts; for a free
 * account a short upgrade hint. An answer given offline says it will sync, and turns into the
 * server's result once it has (live). Focus moves to the verdict so it is announced.
 */
export function ReviewReveal({
  userId,
  entry,
  synced,
  isLast,
  onNext,
}: {
  userId: string;
  entry: AnsweredCard;
  synced: ReadonlyMap<string, ReviewResult>;
  isLast: boolean;
  onNext: () => void;
}) {
  const { t, i18n } = useTranslation(['review', 'quiz']);
  const kit = useQuestionKit();
  const now = useNow();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // The next due date of the learner's own rating, once they choose one.
  const [ratedDue, setRatedDue] = useState<string | null>(null);

  const result = resultOf(entry, synced);
  const afterSync = entry.outcome.kind === 'queued' && result !== null;
  const tone: Tone =
    entry.outcome.kind === 'gone'
      ? 'gone'
      : !result
        ? 'waiting'
        : result.correct
          ? 'correct'
          : 'incorrect';
  const detail = result?.detail ?? {};
  const tq = (key: string, options?: Record<string, unknown>) => t(`quiz:${key}`, options);
  const location = kit.formatLocation(detail.citation?.location, tq);
  const concepts = (detail.relatedConcepts ?? []).filter((c) => c.trim());
  const yourAnswer = result ? result.userAnswer : entry.answerText;
  // "I don't know — show answer": the answer, shown; not "Incorrect" for a guess never made.
  const shown = tone === 'incorrect' && !yourAnswer;

  return (
    <section
      className={clsx('review-reveal', `review-reveal--${tone}`)}
      aria-labelledby="review-verdict"
    >
      <h2
        id="review-verdict"
        ref={headingRef}
        tabIndex={-1}
        className={clsx('review-reveal__verdict', shown && 'review-reveal__verdict--shown')}
      >
        {tone === 'correct' ? (
          <CheckIcon size={24} />
        ) : shown ? null : tone === 'incorrect' ? (
          <CrossIcon size={24} />
        ) : (
          <CloudIcon size={24} />
        )}
        {t(shown ? 'reveal.shown' : `reveal.${tone}`)}
        {afterSync && <span className="review-reveal__synced">{t('reveal.synced')}</span>}
      </h2>

      {tone === 'waiting' && <p className="review-reveal__note">{t('reveal.waitingBody')}</p>}
      {tone === 'gone' && <p className="review-reveal__note">{t('reveal.goneBody')}</p>}

      {tone !== 'gone' && (
        <dl className="result-answers review-reveal__answers">
          <div
            className={clsx(
              'result-answers__row',
              tone === 'correct' && 'result-answers__row--correct',
              tone === 'incorrect' && 'result-answers__row--incorrect',
            )}
          >
            <dt>{t('reveal.yourAnswer')}</dt>
            <dd>
              {yourAnswer || <span className="result-answers__none">{t('reveal.noAnswer')}</span>}
            </dd>
          </div>
          {result && (
            <div className="result-answers__row result-answers__row--key">
              <dt>{t('reveal.correctAnswer')}</dt>
              <dd>{result.correctAnswer}</dd>
            </div>
          )}
        </dl>
      )}

      {result && !result.locked && (detail.explanation || detail.citation?.quote) && (
        <CitedExplanation
          explanation={detail.explanation}
          quote={detail.citation?.quote}
          source={location ? t('reveal.source', { location }) : undefined}
          concepts={concepts}
          labels={{ explanation: t('reveal.explanation'), concepts: t('reveal.concepts') }}
          renderConcept={(c) => (
            <Link
              className="concept-chip review-reveal__concept"
              to={paths.reviewConcept(c)}
              aria-label={t('reveal.reviewConcept', { concept: c })}
            >
              {c}
            </Link>
          )}
        />
      )}

      {result?.locked && (
        <p className="review-reveal__locked">
          <LockIcon />
          <span>
            {t('reveal.lockedHint')}{' '}
            <Link to={paths.subscription} className="review-reveal__upgrade">
              {t('reveal.upgrade')}
            </Link>
          </span>
        </p>
      )}

      <ReviewRating userId={userId} entry={entry} result={result} onDue={setRatedDue} />

      <div className="review-reveal__footer">
        {(ratedDue ?? result?.nextDue) && (
          <p className="review-reveal__due" data-testid="review-next-due">
            {t('reveal.nextDue', {
              when: relativeDue((ratedDue ?? result?.nextDue)!, now, i18n.language),
            })}
          </p>
        )}
        <Button onClick={onNext} className="review-reveal__next">
          {isLast ? t('reveal.finish') : t('reveal.next')}
          <NextIcon />
        </Button>
      </div>
    </section>
  );
}
