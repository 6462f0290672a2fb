import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { ApiError } from '../../../lib/api-client';
import { rateCard } from '../api/rate-card';
import type { ReviewResult } from '../api/types';
import { intervalLabel } from '../lib/format';
import { previewRatings, RATINGS, type RatingName } from '../lib/intervals';
import type { AnsweredCard } from '../lib/session';

type Saved = 'saving' | 'saved' | 'queued' | 'failed';

/** Whether a key press belongs to a control or a dialog rather than to the page's 1–4. */
function keyTaken(e: KeyboardEvent) {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return true;
  const target = e.target;
  if (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  ) {
    return true;
  }
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * After the reveal, the learner may rate the card themselves — Again / Hard / Good / Easy
 * (keys 1–4), each with the interval ts-fsrs would give — as Anki users expect. The automatic
 * rating stays when they do not choose. Offline (or while the answer itself waits to sync) the
 * rating is queued and syncs like answers do. Reports the next due date of the chosen rating.
 */
export function ReviewRating({
  userId,
  entry,
  result,
  onDue,
}: {
  userId: string;
  entry: AnsweredCard;
  result: ReviewResult | null;
  onDue: (nextDue: string) => void;
}) {
  const { t, i18n } = useTranslation('review');
  const preview = useMemo(
    () => previewRatings(entry.card, entry.answeredAt),
    [entry.card, entry.answeredAt],
  );
  const [chosen, setChosen] = useState<RatingName | null>(null);
  const [saved, setSaved] = useState<Saved | null>(null);
  const busy = useRef(false);
  const current = chosen ?? result?.rating ?? null;

  const choose = async (rating: RatingName) => {
    if (busy.current || rating === current) return;
    busy.current = true;
    const previous = chosen;
    setChosen(rating);
    setSaved('saving');
    if (preview) onDue(preview[rating]);
    try {
      const outcome = await rateCard(
        userId,
        entry.card,
        entry.clientReviewId,
        rating,
        entry.outcome.kind === 'queued' && result === null,
      );
      if (outcome.kind === 'result') onDue(outcome.result.nextDue);
      setSaved(outcome.kind === 'result' ? 'saved' : 'queued');
    } catch (err) {
      setChosen(previous);
      setSaved(err instanceof ApiError || err instanceof Error ? 'failed' : 'failed');
    } finally {
      busy.current = false;
    }
  };

  const chooseRef = useRef(choose);
  useEffect(() => {
    chooseRef.current = choose;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!/^[1-4]$/.test(e.key) || keyTaken(e)) return;
      e.preventDefault();
      void chooseRef.current(RATINGS[Number(e.key) - 1]!);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (entry.outcome.kind === 'gone') return null;
  return (
    <div className="review-rating">
      <p className="review-rating__title" id={`rating-${entry.clientReviewId}`}>
        {t('rating.title')}
      </p>
      <div
        className="review-rating__buttons"
        role="group"
        aria-labelledby={`rating-${entry.clientReviewId}`}
        aria-describedby={`rating-note-${entry.clientReviewId}`}
      >
        {RATINGS.map((rating, i) => {
          const interval = preview
            ? intervalLabel(preview[rating], entry.answeredAt, i18n.language)
            : '';
          return (
            <button
              key={rating}
              type="button"
              className={clsx('review-rating__button', `review-rating__button--${rating}`)}
              aria-pressed={current === rating}
              aria-keyshortcuts={String(i + 1)}
              onClick={() => void choose(rating)}
            >
              <span className="review-rating__name">{t(`rating.${rating}`)}</span>
              {interval && <span className="review-rating__interval">{interval}</span>}
              <kbd className="review-rating__key" aria-hidden="true">
                {i + 1}
              </kbd>
            </button>
          );
        })}
      </div>
      <p
        className="review-rating__note"
        id={`rating-note-${entry.clientReviewId}`}
        aria-live="polite"
      >
        {saved === 'saving'
          ? t('rating.saving')
          : saved === 'saved'
            ? t('rating.saved', { rating: t(`rating.${chosen ?? 'good'}`) })
            : saved === 'queued'
              ? t('rating.queued')
              : saved === 'failed'
                ? t('rating.failed')
                : result
                  ? t('rating.auto', { rating: t(`rating.${result.rating}`) })
                  : t('rating.autoLater')}
      </p>
    </div>
  );
}
