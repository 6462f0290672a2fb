import { useTranslation } from 'react-i18next';

/** "第 2 張，共 5 張" / "Card 2 of 5", with a bar. */
export function ReviewProgress({ position, total }: { position: number; total: number }) {
  const { t } = useTranslation('review');
  const percent = total > 0 ? Math.round((position / total) * 100) : 0;
  return (
    <div className="review-progress">
      <p className="review-progress__counter">{t('card.counter', { current: position, total })}</p>
      <div
        className="review-progress__track"
        role="progressbar"
        aria-label={t('card.progress')}
        aria-valuemin={1}
        aria-valuemax={Math.max(1, total)}
        aria-valuenow={position}
        aria-valuetext={t('card.counter', { current: position, total })}
      >
        <div className="review-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
