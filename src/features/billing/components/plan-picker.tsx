import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useOnline } from '../../../lib/offline/use-online';
import { createSubscription } from '../api/create-subscription';
import { createProblemOf, type CreateProblem } from '../lib/errors';
import { defaultPlanId, isFreePlan, localName, periodOf, type Plan } from '../lib/price';
import { AcceptedCards } from './accepted-cards';
import { AlertIcon, LockIcon } from './billing-icons';
import { NeedsNetwork } from './needs-network';
import { PlanOption } from './plan-option';

/**
 * The plans as a radio group (monthly preselected) and the subscribe button, which sends the
 * browser to the hosted checkout the server creates. Offline the button is disabled and says
 * why (the plans can still be compared).
 */
export function PlanPicker({
  plans,
  now,
  freeLimit,
  freeIsCurrent,
}: {
  plans: Plan[];
  now: number;
  freeLimit: number;
  freeIsCurrent: boolean;
}) {
  const { t, i18n } = useTranslation('billing');
  const [selected, setSelected] = useState<string | null>(() => defaultPlanId(plans));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<CreateProblem | null>(null);
  const plan = plans.find((p) => p.planId === selected) ?? null;
  const lang = i18n.resolvedLanguage ?? 'zh-TW';
  const nothingToChoose = defaultPlanId(plans) === null;
  const online = useOnline();
  const offlineId = useId();

  const select = (planId: string) => {
    setSelected(planId);
    if (problem?.kind === 'selectPlan') setProblem(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const period = plan ? periodOf(plan) : null;
    if (!plan || !period) {
      setProblem({ kind: 'selectPlan' });
      return;
    }
    if (!navigator.onLine) return; // the button says so; Enter in the form must not try
    setProblem(null);
    setBusy(true);
    try {
      const url = await createSubscription({ planId: plan.planId, periodType: period });
      // The page unloads; keep the button busy until it does.
      window.location.assign(url);
    } catch (err) {
      setBusy(false);
      setProblem(createProblemOf(err));
    }
  };

  const message = (p: CreateProblem) => {
    switch (p.kind) {
      case 'selectPlan':
        return t('subscription.selectPlan');
      case 'exists':
        return p.planName && p.status
          ? t('subscription.exists', {
              planName: p.planName,
              status: t(`status.${p.status}`, { defaultValue: p.status }),
            })
          : t('subscription.existsGeneric');
      case 'message':
        return p.text;
      default:
        return t('subscription.createFailed');
    }
  };

  return (
    <form className="plan-picker" onSubmit={submit} noValidate>
      <fieldset
        className="plan-picker__group"
        aria-describedby={problem?.kind === 'selectPlan' ? 'plan-problem' : undefined}
      >
        <legend className="visually-hidden">{t('subscription.plans')}</legend>
        <ul className="plan-grid">
          {plans.map((p) => (
            <PlanOption
              key={p.planId}
              plan={p}
              now={now}
              freeLimit={freeLimit}
              checked={p.planId === selected}
              current={freeIsCurrent && isFreePlan(p)}
              disabled={busy}
              onSelect={select}
            />
          ))}
        </ul>
      </fieldset>

      <div className="plan-picker__footer">
        {nothingToChoose && (
          <p className="billing-note" role="status">
            {t('subscription.noChoosable')}
          </p>
        )}
        {problem && (
          <p id="plan-problem" className="billing-error" role="alert">
            <AlertIcon size={18} />
            <span>{message(problem)}</span>
          </p>
        )}
        <Button
          type="submit"
          size="lg"
          className="plan-picker__submit"
          loading={busy}
          disabled={nothingToChoose || !online}
          aria-describedby={online ? undefined : offlineId}
        >
          {busy
            ? t('subscription.redirecting')
            : plan
              ? t('subscription.subscribe', { plan: localName(plan, lang) })
              : t('subscription.subscribeGeneric')}
        </Button>
        {!online && <NeedsNetwork id={offlineId} />}
        <p className="plan-picker__secure">
          <LockIcon size={16} />
          <span>{t('subscription.secure')}</span>
        </p>
        <AcceptedCards label={t('subscription.cards')} />
      </div>
    </form>
  );
}
