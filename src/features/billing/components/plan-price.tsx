import { useTranslation } from 'react-i18next';
import { formatDay, formatPrice, periodOf, priceView, type Plan } from '../lib/price';

/**
 * A plan's price: while the offer runs, the list price struck through, the offer price and
 * "offer until 2025.12.31"; afterwards the list price alone. The struck price is named for
 * screen readers, which do not announce strike-through.
 */
export function PlanPrice({ plan, now }: { plan: Plan; now: number }) {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.resolvedLanguage ?? 'zh-TW';
  const view = priceView(plan, now);
  const period = periodOf(plan);
  const money = (n: number) => formatPrice(n, plan.currency, lang);
  return (
    <div className="plan-price">
      <p className="plan-price__line">
        {view.was !== null && (
          <>
            <span className="visually-hidden">{t('subscription.listPrice')} </span>
            <s className="plan-price__was">{money(view.was)}</s>{' '}
            <span className="visually-hidden">{t('subscription.offerPrice')} </span>
          </>
        )}
        <span className="plan-price__amount">{money(view.amount)}</span>
        {period && (
          <span className="plan-price__period">
            {' '}
            {t(period === 'month' ? 'period.perMonth' : 'period.perYear')}
          </span>
        )}
      </p>
      {view.offerUntil && (
        <p className="plan-price__offer">
          {t('subscription.offerUntil', { date: formatDay(view.offerUntil) })}
        </p>
      )}
    </div>
  );
}
