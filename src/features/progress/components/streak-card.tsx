import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { Progress } from '../api/types';
import { recentDays } from '../lib/chart-data';
import { LineIcon } from '../../../components/ui/line-icon';

const FlameIcon = () => (
  <LineIcon
    d="M12 3c1 3.5 5 5.5 5 10a5 5 0 0 1-10 0c0-2.2 1-3.6 2.2-4.8.2 1.6 1 2.6 2 3C11 8.5 11.3 5.6 12 3z"
    size={28}
  />
);

/** The local day, YYYY-MM-DD. */
const localToday = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** The study streak, today's state, the last four weeks as squares, and the totals. */
export function StreakCard({ progress }: { progress: Progress }) {
  const { t } = useTranslation('progress');
  const days = recentDays(progress.studyDays, localToday());
  const studied = days.filter((d) => d.studied).length;
  const { totals } = progress;
  return (
    <section className="progress-overview" aria-label={t('streak.label')}>
      <div className="card streak-card">
        <span className={clsx('streak-card__icon', progress.streakDays > 0 && 'is-on')}>
          <FlameIcon />
        </span>
        <div className="streak-card__text">
          <p className="streak-card__value">{t('streak.days', { count: progress.streakDays })}</p>
          <p className="streak-card__note">
            {progress.studiedToday
              ? t('streak.today')
              : progress.streakDays > 0
                ? t('streak.keepGoing')
                : t('streak.start')}
          </p>
        </div>
        <div className="study-days">
          <p className="study-days__label">{t('streak.recent', { count: studied })}</p>
          <ol className="study-days__grid" aria-hidden="true">
            {days.map((d) => (
              <li
                key={d.day}
                className={clsx('study-days__day', d.studied && 'is-studied')}
                title={d.day}
              />
            ))}
          </ol>
        </div>
      </div>
      <dl className="progress-totals">
        <div className="card">
          <dt>{t('totals.attempts')}</dt>
          <dd>{totals.attempts}</dd>
        </div>
        <div className="card">
          <dt>{t('totals.reviews')}</dt>
          <dd>{totals.reviews}</dd>
        </div>
        <div className="card">
          <dt>{t('totals.cards')}</dt>
          <dd>{totals.cards}</dd>
        </div>
      </dl>
    </section>
  );
}
