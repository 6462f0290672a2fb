import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useOnline } from '../../../lib/offline/use-online';
import { openCustomerPortal } from '../api/open-customer-portal';
import type { Subscription } from '../api/get-subscription-status';
import { formatDay, localName } from '../lib/price';
import { SubscriptionFacts } from './subscription-facts';
import { AlertIcon, StarIcon } from './billing-icons';
import { NeedsNetwork } from './needs-network';

/** The subscriber's plan (name, cycle, price, status, next payment or end) and the portal button. */
export function CurrentPlanCard({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation('billing');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const lang = i18n.resolvedLanguage ?? 'zh-TW';
  const online = useOnline();
  const offlineId = useId();

  const manage = async () => {
    setFailed(false);
    setBusy(true);
    try {
      window.location.assign(await openCustomerPortal());
    } catch {
      setBusy(false);
      setFailed(true);
    }
  };

  return (
    <section className="card current-plan" aria-labelledby="current-plan-title">
      <div className="current-plan__head">
        <span className="current-plan__icon">
          <StarIcon size={22} />
        </span>
        <div>
          <h2 id="current-plan-title" className="current-plan__title">
            {t('current.title')}
          </h2>
          <p className="current-plan__name">{localName(subscription, lang)}</p>
        </div>
      </div>

      <SubscriptionFacts subscription={subscription} showPlan={false} />

      {subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd !== null && (
        <p className="billing-note">
          {t('current.endsNotice', { date: formatDay(subscription.currentPeriodEnd) })}
        </p>
      )}

      <div className="current-plan__actions">
        <Button
          onClick={manage}
          loading={busy}
          disabled={!online}
          aria-describedby={online ? 'manage-hint' : `manage-hint ${offlineId}`}
        >
          {t('current.manage')}
        </Button>
        <p id="manage-hint" className="current-plan__hint">
          {t('current.manageHint')}
        </p>
      </div>
      {!online && <NeedsNetwork id={offlineId} />}
      {failed && (
        <p className="billing-error" role="alert">
          <AlertIcon size={18} />
          <span>{t('current.portalFailed')}</span>
        </p>
      )}
    </section>
  );
}
