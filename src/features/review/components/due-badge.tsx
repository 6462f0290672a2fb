import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { paths } from '../../../config/paths';
import { useDueCount } from '../hooks/use-due-count';
import { useDueNotification } from '../hooks/use-due-notification';
import { ReviewIcon } from './review-icons';
import './due-badge.css';

/**
 * The header's way to Review: an icon with the number of cards due today ("3 張卡片待複習" /
 * "3 cards due" to assistive tech). Also raises the daily reminder notification.
 */
export function DueBadge({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const due = useDueCount(userId);
  useDueNotification(userId, due);
  const count = due ?? 0;
  const label = count > 0 ? t('header.reviewDue', { count }) : t('header.reviewNone');
  return (
    <Link
      to={paths.review}
      className={clsx('due-badge', count > 0 && 'due-badge--due')}
      aria-label={label}
      title={label}
      data-testid="review-due-badge"
    >
      <ReviewIcon size={22} />
      {count > 0 && (
        <span className="due-badge__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
