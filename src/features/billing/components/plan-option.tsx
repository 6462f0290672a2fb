import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Badge } from '../../../components/ui/badge';
import { canChoose, isFreePlan, localName, type Plan } from '../lib/price';
import { PlanFeatures } from './plan-features';
import { PlanPrice } from './plan-price';

interface PlanOptionProps {
  plan: Plan;
  now: number;
  freeLimit: number;
  checked: boolean;
  /** The free plan is the learner's plan until they subscribe. */
  current: boolean;
  disabled: boolean;
  onSelect: (planId: string) => void;
}

/**
 * One plan as a card. Paid plans are radio buttons (the whole card is the label); a plan
 * that cannot be chosen stays visible, disabled, with the reason; the free plan is not a
 * choice at all.
 */
export function PlanOption({
  plan,
  now,
  freeLimit,
  checked,
  current,
  disabled,
  onSelect,
}: PlanOptionProps) {
  const { t, i18n } = useTranslation('billing');
  const free = isFreePlan(plan);
  const choosable = canChoose(plan);
  const name = localName(plan, i18n.resolvedLanguage ?? 'zh-TW') || t('subscription.freeName');
  const id = `plan-${plan.planId}`;
  const summary = free
    ? t('subscription.freeSummary', { count: freeLimit })
    : t('subscription.paidSummary');

  const body = (
    <>
      <span className="plan-option__top">
        <span className="plan-option__name" id={`${id}-name`}>
          {name}
        </span>
        {current && <Badge tone="neutral">{t('subscription.yourPlan')}</Badge>}
        {!free && !choosable && <Badge tone="warning">{t('subscription.notAvailable')}</Badge>}
        {checked && <Badge tone="brand">{t('subscription.selected')}</Badge>}
      </span>
      <span className="plan-option__summary">{summary}</span>
    </>
  );

  if (free) {
    return (
      <li className="plan-option plan-option--free">
        <div className="plan-option__head plan-option__head--static">{body}</div>
        <PlanPrice plan={plan} now={now} />
        <PlanFeatures free freeLimit={freeLimit} />
      </li>
    );
  }

  return (
    <li
      className={clsx(
        'plan-option',
        checked && 'plan-option--checked',
        !choosable && 'plan-option--unavailable',
      )}
      // A click anywhere on the card picks it (the radio inside is the keyboard path).
      onClick={choosable && !disabled ? () => onSelect(plan.planId) : undefined}
    >
      <label className="plan-option__head" htmlFor={id}>
        <input
          id={id}
          type="radio"
          name="plan"
          value={plan.planId}
          className="plan-option__radio"
          checked={checked}
          disabled={!choosable || disabled}
          aria-describedby={`${id}-price${choosable ? '' : ` ${id}-why`}`}
          onChange={() => onSelect(plan.planId)}
        />
        <span className="plan-option__label">{body}</span>
      </label>
      <div id={`${id}-price`}>
        <PlanPrice plan={plan} now={now} />
      </div>
      {!choosable && (
        <p id={`${id}-why`} className="plan-option__why">
          {t('subscription.notAvailableHint')}
        </p>
      )}
      <PlanFeatures free={false} freeLimit={freeLimit} />
    </li>
  );
}
