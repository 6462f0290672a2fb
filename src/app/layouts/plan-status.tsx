import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { User } from '../../stores/auth-store';
import { paths } from '../../config/paths';
import { Tooltip } from '../../components/ui/tooltip';

/**
 * Free accounts: "免費次數 1/3" beside a 免費版 badge; premium: a 進階版 badge. The badge opens
 * /subscription. Below 640 px the counter folds into the badge ("免費版 1/3") so the header fits.
 */
export function PlanStatus({ user }: { user: User }) {
  const { t } = useTranslation();
  const premium = user.account_type === 'premium';
  const used = Math.max(0, user.free_usage_count);
  const limit = Math.max(0, user.free_quiz_limitation);
  const left = Math.max(0, limit - used);
  const usage = t('header.usage', { used: Math.min(used, limit), limit });
  const exhausted = !premium && left === 0;
  const leftText = exhausted ? t('header.usageDone') : t('header.usageLeft', { count: left });

  return (
    <div className="plan-status">
      {!premium && (
        <p className={clsx('usage-counter', exhausted && 'usage-counter--done')}>
          <span>{t('header.freeUsage')}</span>{' '}
          <strong className="usage-counter__value">{usage}</strong>
          <span className="visually-hidden"> {leftText}</span>
        </p>
      )}
      <Tooltip content={premium ? t('header.planHintPremium') : t('header.planHintFree')}>
        <Link
          to={paths.subscription}
          className={clsx(
            'plan-badge',
            premium ? 'plan-badge--premium' : 'plan-badge--free',
            exhausted && 'plan-badge--done',
          )}
        >
          {premium && (
            <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" focusable="false">
              <path
                d="M10 1.8l2.4 5 5.4.6-4 3.7 1.1 5.4L10 13.8l-4.9 2.7 1.1-5.4-4-3.7 5.4-.6z"
                fill="currentColor"
              />
            </svg>
          )}
          <span>{premium ? t('header.planPremium') : t('header.planFree')}</span>{' '}
          {!premium && (
            <span className="plan-badge__usage">
              <span className="visually-hidden">{t('header.freeUsage')}</span> {usage}
            </span>
          )}
        </Link>
      </Tooltip>
    </div>
  );
}
