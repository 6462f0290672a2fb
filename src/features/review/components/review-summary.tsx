import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { paths } from '../../../config/paths';
import type { ReviewResult } from '../api/types';
import { useNow } from '../hooks/use-now';
import { relativeDue } from '../lib/format';
import { resultOf, summarize, type AnsweredCard } from '../lib/session';
import { CheckIcon, CloudIcon, CrossIcon } from './review-icons';

/**
 * The session is over: how many were reviewed and right, which wait to sync (they turn into
 * right or wrong once the server has them), when each comes back; another round for the cards
 * that are due again today.
 */
export function ReviewSummary({
  answered,
  synced,
  concept,
  againCount,
  onAgain,
}: {
  answered: AnsweredCard[];
  synced: ReadonlyMap<string, ReviewResult>;
  concept: string | undefined;
  againCount: number;
  onAgain: () => void;
}) {
  const { t, i18n } = useTranslation('review');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const now = useNow();
  useEffect(() => headingRef.current?.focus(), []);
  const { reviewed, correct, waiting } = summarize(answered, synced);

  return (
    <section className="card review-summary" aria-labelledby="review-summary-title">
      <h2
        id="review-summary-title"
        ref={headingRef}
        tabIndex={-1}
        className="review-summary__title"
      >
        {concept ? t('summary.conceptTitle', { concept }) : t('summary.title')}
      </h2>
      <dl className="review-summary__facts">
        <div>
          <dt>{t('summary.reviewed')}</dt>
          <dd>{reviewed}</dd>
        </div>
        <div>
          <dt>{t('summary.correct')}</dt>
          <dd>{correct}</dd>
        </div>
        {waiting > 0 && (
          <div className="review-summary__waiting">
            <dt>{t('summary.waiting')}</dt>
            <dd>{waiting}</dd>
          </div>
        )}
      </dl>
      {waiting > 0 && <p className="review-summary__note">{t('summary.waitingBody')}</p>}

      <ol className="review-summary__list">
        {answered.map((entry) => {
          const result = resultOf(entry, synced);
          const tone =
            entry.outcome.kind === 'gone'
              ? 'gone'
              : !result
                ? 'waiting'
                : result.correct
                  ? 'correct'
                  : 'incorrect';
          return (
            <li key={entry.clientReviewId} className={clsx('review-line', `review-line--${tone}`)}>
              <span className={clsx('review-line__status', `review-line__status--${tone}`)}>
                {tone === 'correct' ? (
                  <CheckIcon size={18} />
                ) : tone === 'incorrect' ? (
                  <CrossIcon size={18} />
                ) : (
                  <CloudIcon size={18} />
                )}
                {t(`summary.status.${tone}`)}
              </span>
              <span className="review-line__question">{entry.card.question.question}</span>
              {result?.nextDue && (
                <span className="review-line__due">
                  {t('summary.comesBack', {
                    when: relativeDue(result.nextDue, now, i18n.language),
                  })}
                </span>
              )}
            </li>
          );
        })}
      </ol>

      {againCount > 0 && (
        <p className="review-summary__again">{t('summary.againBody', { count: againCount })}</p>
      )}
      <div className="review-state__actions">
        {againCount > 0 && <Button onClick={onAgain}>{t('summary.again')}</Button>}
        <ButtonLink to={paths.progress} variant={againCount > 0 ? 'secondary' : 'primary'}>
          {t('summary.progress')}
        </ButtonLink>
        <ButtonLink to={paths.home} variant="secondary">
          {t('summary.home')}
        </ButtonLink>
      </div>
    </section>
  );
}
