import { useTranslation } from 'react-i18next';
import { CheckIcon, CrossIcon } from './billing-icons';

/** What a plan includes: the free quota without explanations, or everything unlimited. */
export function PlanFeatures({ free, freeLimit }: { free: boolean; freeLimit: number }) {
  const { t } = useTranslation('billing');
  const items = free
    ? [
        { ok: true, text: t('subscription.features.freeQuizzes', { count: freeLimit }) },
        { ok: false, text: t('subscription.features.noExplanations') },
      ]
    : [
        { ok: true, text: t('subscription.features.unlimited') },
        { ok: true, text: t('subscription.features.explanations') },
        { ok: true, text: t('subscription.features.export') },
      ];
  return (
    <ul className="plan-features">
      {items.map((item) => (
        <li key={item.text} className={item.ok ? 'plan-features__yes' : 'plan-features__no'}>
          {item.ok ? <CheckIcon size={18} /> : <CrossIcon size={18} />}
          <span className="visually-hidden">
            {item.ok ? t('subscription.included') : t('subscription.notIncluded')}:{' '}
          </span>
          {item.text}
        </li>
      ))}
    </ul>
  );
}
