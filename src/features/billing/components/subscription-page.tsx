import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAuthStore } from '../../../stores/auth-store';
import { getPlans } from '../api/get-plans';
import { getSubscriptionStatus } from '../api/get-subscription-status';
import { useResource } from '../../../lib/use-resource';
import { isNetworkError } from '../../../lib/offline/network';
import { useOnline } from '../../../lib/offline/use-online';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AlertIcon } from './billing-icons';
import { CurrentPlanCard } from './current-plan-card';
import { PlanPicker } from './plan-picker';
import './billing.css';
import './subscription.css';

async function loadSubscriptionPage(signal: AbortSignal) {
  const [plans, status] = await Promise.all([getPlans(signal), getSubscriptionStatus(signal)]);
  // The offer is judged against the time the prices were read.
  return { plans, status, loadedAt: Date.now() };
}

/**
 * /subscription: the plans with the monthly one preselected, or — for a subscriber — the
 * current plan with a manage button (spec 2, 4, 8, 9).
 */
export default function SubscriptionPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('subscription.docTitle'));
  const user = useAuthStore((s) => s.user);
  const refreshProfile = useAuthStore((s) => s.refreshProfile);
  const page = useResource('subscription', loadSubscriptionPage);
  const online = useOnline();
  const offlineError = page.status === 'error' && (!online || isNetworkError(page.error));
  // Opened offline: it loads by itself once the network is back.
  const { reload } = page;
  useEffect(() => {
    if (online && offlineError) reload();
  }, [online, offlineError, reload]);

  // A plan that changed elsewhere (portal, webhook) shows in the header without a reload.
  const active = page.status === 'ready' && page.data.status.hasActiveSubscription;
  const premium = user?.account_type === 'premium';
  useEffect(() => {
    if (page.status === 'ready' && active !== premium) void refreshProfile(true);
  }, [page.status, active, premium, refreshProfile]);

  if (page.status === 'loading') return <PageSpinner label={t('subscription.loading')} />;
  if (page.status === 'error') {
    return (
      <div className="page page--narrow billing-problem">
        <h1 className="billing-problem__title">{t('subscription.docTitle')}</h1>
        <div className="card">
          <p className="billing-problem__text" role="alert">
            <AlertIcon size={22} />
            <span>{offlineError ? t('offline.loadFailed') : t('subscription.loadFailed')}</span>
          </p>
          {/* Offline it reloads by itself when the network is back. */}
          {online && <Button onClick={page.reload}>{t('subscription.reload')}</Button>}
        </div>
      </div>
    );
  }

  const { plans, status, loadedAt } = page.data;
  // An open subscription (active, or pending payment) is managed, not bought again (spec 6).
  const sub = status.subscription;

  return (
    <div className="page subscription-page">
      <header className="billing-header">
        <p className="billing-header__eyebrow">{t('subscription.eyebrow')}</p>
        <h1 className="billing-header__title">
          {sub ? t('subscription.subscriberTitle') : t('subscription.title')}
        </h1>
        <p className="billing-header__lead">
          {sub
            ? t(
                sub.cancelAtPeriodEnd
                  ? 'subscription.subscriberLeadEnding'
                  : 'subscription.subscriberLead',
              )
            : t('subscription.lead')}
        </p>
      </header>
      {sub ? (
        <CurrentPlanCard subscription={sub} />
      ) : (
        <PlanPicker
          plans={plans}
          now={loadedAt}
          freeLimit={user?.free_quiz_limitation ?? 3}
          freeIsCurrent={!premium}
        />
      )}
    </div>
  );
}
