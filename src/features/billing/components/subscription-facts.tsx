import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import type { Subscription } from '../api/get-subscription-status';
import { billingCycle, formatDay, formatPrice, isoDay, localName } from '../lib/price';

const TONES: Record<string, BadgeTone> = {
  active: 'success',
  trialing: 'success',
  past_due: 'warning',
  unpaid: 'danger',
  canceled: 'neutral',
  cancelled: 'neutral',
};

/** The facts of a subscription as a description list: plan, cycle, price, status, next date. */
export function SubscriptionFacts({
  subscription: sub,
  showPlan = true,
}: {
  subscription: Subscription;
  /** Off where the plan's name is already the card's heading. */
  showPlan?: boolean;
}) {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.resolvedLanguage ?? 'zh-TW';
  const cycle = billingCycle(sub);
  const end = formatDay(sub.currentPeriodEnd);
  return (
    <dl className="subscription-facts">
      {showPlan && (
        <div>
          <dt>{t('current.plan')}</dt>
          <dd>{localName(sub, lang)}</dd>
        </div>
      )}
      <div>
        <dt>{t('current.cycle')}</dt>
        <dd>{t(cycle === 'month' ? 'period.month' : 'period.year')}</dd>
      </div>
      <div>
        <dt>{t('current.price')}</dt>
        <dd>
          {formatPrice(sub.price, sub.currency, lang)}{' '}
          <span className="subscription-facts__period">
            {t(cycle === 'month' ? 'period.perMonth' : 'period.perYear')}
          </span>
        </dd>
      </div>
      <div>
        <dt>{t('current.status')}</dt>
        <dd>
          {/* A cancelled-at-period-end plan is still active, but not renewing: say so. */}
          {sub.cancelAtPeriodEnd && sub.status === 'active' ? (
            <Badge tone="warning">{t('status.ending')}</Badge>
          ) : (
            <Badge tone={TONES[sub.status] ?? 'warning'}>
              {t(`status.${sub.status || 'unknown'}`, { defaultValue: sub.status })}
            </Badge>
          )}
        </dd>
      </div>
      {end && (
        <div>
          <dt>{sub.cancelAtPeriodEnd ? t('current.endsOn') : t('current.nextPayment')}</dt>
          <dd>
            <time dateTime={isoDay(sub.currentPeriodEnd)}>{end}</time>
          </dd>
        </div>
      )}
    </dl>
  );
}
